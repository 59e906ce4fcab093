import { describe, expect, it } from 'vitest';
import type { BalancesOverview, OverviewNote } from '../../../shared/model/balances';
import { knownTotals } from './knownTotals';

const row = { asset: 'BTC', main: '1', tradeAvailable: '0', tradeFrozen: '0', collateral: '0', total: '1', price: '10', value: '10', change24h: null, share: '100' };
function overview(notes: OverviewNote[], pricedAt: number | null = 1): BalancesOverview {
  return {
    quote: 'USDT',
    accounts: [{ id: 'a', name: 'A' }],
    byAccount: [],
    grandTotal: '10',
    rows: [row],
    totals: { value: '10', main: '10', trade: '0', collateral: '0', change24h: null },
    allocation: [],
    unpriced: 0,
    zeroAssets: 0,
    notes,
    pricedAt,
  };
}

describe('knownTotals', () => {
  it('passes every total through when everything was read', () => {
    expect(knownTotals(overview([]))).toEqual({ value: '10', main: '10', trade: '0', collateral: '0', change24h: null });
  });

  it('does not know the total, nor the part, when one part could not be read', () => {
    const totals = knownTotals(overview([{ kind: 'part_unavailable', part: 'trade', accountId: 'a'}]));
    expect(totals).toEqual({ value: null, main: '10', trade: null, collateral: '0', change24h: null });
  });

  it('keeps a part the region does not offer as an answer', () => {
    expect(knownTotals(overview([{ kind: 'region_unavailable', part: 'collateral'}])).value).toBe('10');
  });

  it('knows no value without prices, nor with an account that could not be reached', () => {
    expect(knownTotals(overview([{ kind: 'prices_unavailable'}], null)).value).toBeNull();
    expect(knownTotals(overview([{ kind: 'part_unavailable', accountId: 'b'}])).main).toBeNull();
  });
});
