/**
 * What changed per asset, from History's snapshots in a real SQLite file with an injected clock:
 * each asset now against the snapshot nearest a day earlier (within the tolerance), amounts and
 * values subtracted exactly; "not enough history" until such a snapshot exists. Times are fixed
 * UTC instants, so the test reads the same on any date and in any time zone.
 */
import { afterEach, expect, it } from 'vitest';
import type { BalancesOverview } from '../../../shared/model/balances';
import { CHANGE_TOLERANCE_MS } from '../../../shared/model/history';
import { createHistoryService } from './service';
import { createHistoryStore } from './store';
import { openHistory, overviewOf, type HistoryHarness } from './test/harness';

const T0 = Date.UTC(2026, 2, 29, 0, 30);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

let harness: HistoryHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** Offers the overview at `at` and writes it as a snapshot at once (the timer's forced offer). */
function snapshotAt(h: HistoryHarness, at: number, overview: BalancesOverview): void {
  h.clock.now = at;
  h.history.offer(overview, true);
  h.history.flush();
}

/** The overview with one more asset row. */
function withAsset(overview: BalancesOverview, asset: string, total: string, price: string | null, value: string | null): BalancesOverview {
  return { ...overview, rows: [...overview.rows, { asset, main: total, tradeAvailable: '0', tradeFrozen: '0', collateral: '0', total, price, value, change24h: null, share: null }] };
}

it('says "not enough history" until a snapshot a day back exists, then each asset\'s amount and value change, exactly', async () => {
  harness = openHistory(T0);
  expect(harness.history.changes({ accountId: 'acc' })).toMatchObject({ missing: 'no_figures', at: null, since: null, assets: [] });

  snapshotAt(harness, T0, overviewOf('1', '62000', T0));
  snapshotAt(harness, T0 + 2 * HOUR, overviewOf('1.2', '61000.5', T0 + 2 * HOUR));
  expect(harness.history.changes({ accountId: 'acc' })).toMatchObject({ missing: 'not_enough_history', at: T0 + 2 * HOUR, since: null, assets: [] });

  // A day and ten minutes on: the snapshot at T0 is the nearest a day back.
  const now = T0 + DAY + 10 * MIN;
  harness.clock.now = now;
  harness.history.offer(withAsset(overviewOf('1.5', '60000.1', now), 'ETH', '2', '3000', '6000'));
  const changes = harness.history.changes({ accountId: 'acc' });
  expect(changes).toMatchObject({ accountId: 'acc', quote: 'USDT', missing: null, at: now, since: T0 });
  expect(changes.assets).toEqual([
    // 1.5 x 60000.1 - 1 x 62000
    { asset: 'BTC', amount: '0.5', value: '28000.15' },
    { asset: 'USDT', amount: '0', value: '0' },
    // Not held a day ago: counted from zero.
    { asset: 'ETH', amount: '2', value: '6000' },
  ]);
});

it('takes the nearer snapshot on either side of a day back, and none further than the tolerance', async () => {
  harness = openHistory(T0);
  snapshotAt(harness, T0 - 40 * MIN, overviewOf('1', '100', T0 - 40 * MIN));
  snapshotAt(harness, T0 + 25 * MIN, overviewOf('2', '100', T0 + 25 * MIN));
  snapshotAt(harness, T0 + DAY, overviewOf('3', '100', T0 + DAY));
  expect(harness.history.changes({ accountId: 'acc' })).toMatchObject({ since: T0 + 25 * MIN, assets: [{ asset: 'BTC', amount: '1', value: '100' }, { asset: 'USDT' }] });

  // Two days on, the newest a day back is a day old: too far, so no comparison.
  const later = T0 + 2 * DAY + CHANGE_TOLERANCE_MS + MIN;
  snapshotAt(harness, later, overviewOf('3', '100', later));
  expect(harness.history.changes({ accountId: 'acc' })).toMatchObject({ missing: 'not_enough_history', since: null });
});

it('leaves a value change unknown when a price is missing at either end, and reads "now" from the newest snapshot after a restart', async () => {
  harness = openHistory(T0);
  snapshotAt(harness, T0, withAsset(overviewOf('1', '62000', T0), 'XYZ', '10', null, null));
  snapshotAt(harness, T0 + DAY, withAsset(overviewOf('1', '63000', T0 + DAY), 'XYZ', '12', '1', '12'));
  await harness.history.close();
  // A new run on the same file, nothing offered yet: "now" is the newest snapshot.
  const restarted = createHistoryService({
    store: createHistoryStore(harness.database.connection),
    accounts: async () => [],
    overview: async () => overviewOf('1', '1', T0),
    quote: () => 'USDT',
    now: () => T0 + DAY + 5 * MIN,
    intervalMs: 0,
  });
  const changes = restarted.changes({ accountId: 'acc' });
  expect(changes).toMatchObject({ at: T0 + DAY, since: T0 });
  expect(changes.assets).toContainEqual({ asset: 'XYZ', amount: '2', value: null });
  expect(changes.assets).toContainEqual({ asset: 'BTC', amount: '0', value: '1000' });
  await restarted.close();
});

it('says History is unavailable when its database could not be opened', () => {
  const history = createHistoryService({ store: null, accounts: async () => [], overview: async () => overviewOf('1', '1', T0), quote: () => 'USDT', intervalMs: 0 });
  expect(history.changes({ accountId: 'acc', quote: 'USDT' })).toMatchObject({ missing: 'history_unavailable', assets: [] });
});
