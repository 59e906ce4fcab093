import { describe, expect, it } from 'vitest';
import type { BalanceRow as OverviewRow } from '../../../shared/model/balances';
import { buildRows, type RowCache } from './rows';

const row = (asset: string, total: string): OverviewRow => ({ asset, main: total, tradeAvailable: '0', tradeFrozen: '0', collateral: '0', total, price: '2', value: total, change24h: null, share: null });
const names = { BTC: { name: 'Bitcoin' }, ETH: { name: 'Ethereum' } } as never;

describe('buildRows', () => {
  it('hands back the same row for an answer row that did not change, and builds a new one where figures moved', () => {
    const cache: RowCache = { assets: undefined, built: new WeakMap() };
    const btc = row('BTC', '1');
    const first = buildRows([btc, row('ETH', '2')], names, cache);
    // A refresh: BTC unchanged (the same object, as TanStack Query shares it), ETH moved.
    const second = buildRows([btc, row('ETH', '3')], names, cache);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1]).toMatchObject({ asset: 'ETH', total: '3', name: 'Ethereum', haystack: 'eth ethereum' });
  });

  it('builds every row again when the asset names change', () => {
    const cache: RowCache = { assets: undefined, built: new WeakMap() };
    const btc = row('BTC', '1');
    const before = buildRows([btc], undefined, cache);
    const after = buildRows([btc], names, cache);
    expect(after[0]).not.toBe(before[0]);
    expect(after[0]).toMatchObject({ name: 'Bitcoin', haystack: 'btc bitcoin' });
  });
});
