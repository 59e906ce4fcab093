/** The risk order, with hand-computed distances. */
import { describe, expect, it } from 'vitest';
import type { PositionRisk } from '../../../shared/model/balances';
import { byRisk } from './service';

const risk = (positionId: number, liquidationState: PositionRisk['liquidationState'], distance: string | null): PositionRisk => ({
  positionId,
  market: 'BTC_USDT',
  side: 'LONG',
  amount: '1',
  basePrice: '100',
  liquidationPrice: '90',
  liquidationState,
  currentPrice: '100',
  priceSource: 'last',
  distancePercent: distance,
  unrealizedPnl: '0',
  leverage: '5',
  margin: '20',
});

describe('byRisk', () => {
  it('puts liquidation first, then margin call, then the smallest distance, unknown distance last', () => {
    const sorted = [risk(1, null, '10'), risk(2, null, null), risk(3, 'margin_call', '4'), risk(4, 'liquidation', '2'), risk(5, null, '2.5'), risk(6, 'liquidation', '1'), risk(7, null, '10')].sort(byRisk);
    expect(sorted.map((r) => r.positionId)).toEqual([6, 4, 3, 5, 1, 7, 2]);
  });

  it('ranks a position whose price is past its liquidation price with the liquidations, most crossed first', () => {
    const sorted = [risk(1, 'margin_call', '3'), risk(2, null, '-0.5'), risk(3, 'liquidation', '1'), risk(4, 'margin_call', '-2.1')].sort(byRisk);
    expect(sorted.map((r) => r.positionId)).toEqual([4, 2, 3, 1]);
  });
});
