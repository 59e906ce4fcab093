/**
 * The landing data a page that opens while the app runs starts with (a reload, a window reopened):
 * the latest overview under REUSE_MS old is handed out dated when it was answered; an older one is
 * fetched afresh. A clock the test moves and counted fetches stand in for time and the exchange;
 * bootstrap.test.ts covers the same paths through the real core and the simulator.
 */
import { describe, expect, it } from 'vitest';
import type { AssetsResponse } from '../../../shared/api/schemas';
import type { BalancesOverview } from '../../../shared/model/balances';
import { createLanding, REUSE_MS } from './landing';

const KEY = { accountId: 'acc-1', quote: 'USDT' };

function overviewPricedAt(pricedAt: number): BalancesOverview {
  return { quote: 'USDT', accounts: [], rows: [], totals: { value: '0', main: '0', trade: '0', collateral: '0', change24h: null }, allocation: [], unpriced: 0, zeroAssets: 0, byAccount: [], grandTotal: '0', notes: [], pricedAt };
}

function setUp() {
  let clock = 1_000_000;
  const fetched: number[] = [];
  const landing = createLanding({
    current: async () => KEY,
    overview: async () => {
      fetched.push(clock);
      return overviewPricedAt(clock);
    },
    assets: async (): Promise<AssetsResponse> => ({ items: {}, unreadable: [] }),
    now: () => clock,
  });
  return { landing, fetched, advance: (ms: number) => (clock += ms), at: () => clock };
}

describe('landing data for a page that opens while the app runs', () => {
  it('hands a reload 30 s after the last refresh the overview it had, dated when it was answered', async () => {
    const { landing, fetched, advance, at } = setUp();
    const answeredAt = at();
    landing.remember(KEY, overviewPricedAt(answeredAt));
    // Older than the page's staleTime (5 s), as it is between refreshes at 10-60 s intervals.
    advance(30_000);
    const boot = await landing.bootstrap(1_000);
    expect(fetched).toEqual([]);
    expect(boot?.overview.ok && boot.overview.data.pricedAt).toBe(answeredAt);
    // Dated with its age, so the page shows "Updated 30 s ago" and refetches it at once.
    expect(boot?.answeredAt).toBe(answeredAt);
  });

  it('fetches afresh once the latest overview is REUSE_MS old', async () => {
    const { landing, fetched, advance, at } = setUp();
    landing.remember(KEY, overviewPricedAt(at()));
    advance(REUSE_MS);
    const boot = await landing.bootstrap(1_000);
    expect(fetched).toEqual([at()]);
    expect(boot?.overview.ok && boot.overview.data.pricedAt).toBe(at());
  });

  it('fetches afresh after money moved or accounts changed (forget), however recent the overview', async () => {
    const { landing, fetched, advance, at } = setUp();
    landing.remember(KEY, overviewPricedAt(at()));
    advance(1_000);
    landing.forget();
    await landing.bootstrap(1_000);
    expect(fetched).toEqual([at()]);
  });
});
