/** The risk order and the distance to liquidation, with hand-computed numbers. */
import { describe, expect, it } from 'vitest';
import type { PositionRisk } from '../../../shared/model/balances';
import { byRisk, distancePercent } from './service';

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

describe('distancePercent', () => {
  it('is |current − liquidation| / current × 100 to 2 decimals, on either side', () => {
    // Long: (62000 − 48211.37) / 62000 = 22.2397…%
    expect(distancePercent('62000', '48211.37')).toBe('22.24');
    // Short: (2575.1 − 2500) / 2500 = 3.004 %
    expect(distancePercent('2500', '2575.1')).toBe('3');
    expect(distancePercent('0.00094', '0.00091')).toBe('3.19');
  });
  it('is unknown (null) without either price or at a zero price', () => {
    expect(distancePercent(null, '1')).toBeNull();
    expect(distancePercent('1', null)).toBeNull();
    expect(distancePercent('0', '1')).toBeNull();
  });
});

describe('byRisk', () => {
  it('puts liquidation first, then margin call, then the smallest distance, unknown distance last', () => {
    const sorted = [risk(1, null, '10'), risk(2, null, null), risk(3, 'margin_call', '4'), risk(4, 'liquidation', '2'), risk(5, null, '2.5'), risk(6, 'liquidation', '1'), risk(7, null, '10')].sort(byRisk);
    expect(sorted.map((r) => r.positionId)).toEqual([6, 4, 3, 5, 1, 7, 2]);
  });
});
