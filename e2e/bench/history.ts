/**
 * `npm run bench:history`: a year of 5-minute snapshots of one account holding 200 assets (105,120
 * snapshots, so about 100,000 rows per asset series and 21 million asset rows), in the app's own
 * database (migrations, WAL, synchronous=FULL), then:
 *   - the 1Y chart load in the main process: `history.series` for net worth and for one asset,
 *     through the service as the channel calls it (target under 100 ms);
 *   - writing one 200-asset snapshot, one WAL transaction (no fsync: snapshots may be lost to a power cut) (target under 5 ms).
 * Retention would thin such a year to about 4,300 snapshots; the bench keeps all of them to measure
 * the worst case the issue names. Prints medians; it is not a timed test and never fails on speed.
 *
 * `BENCH_HISTORY_ASSETS=20` makes a smaller file (the query reads one series, so its time hardly depends on the others).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../electron/services/database';
import { createHistoryService, createHistoryStore } from '../../electron/services/history';
import type { BalancesOverview } from '../../shared/model/balances';
import { fillHistory, SNAPSHOT_STEP_MS, yearOfSnapshotTimes } from './historyFill';

const ASSETS = Number(process.env.BENCH_HISTORY_ASSETS ?? 200);
const STEP_MS = SNAPSHOT_STEP_MS;
const NOW = Date.UTC(2026, 10, 1);
const ACCOUNT = 'bench';
const RUNS = 30;

const assets = Array.from({ length: ASSETS }, (_, i) => `A${i.toString(36).toUpperCase().padStart(3, '0')}`);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const dir = mkdtempSync(join(tmpdir(), 'desk-bench-history-'));
const database = openDatabase(dir);
const connection = database.connection;
try {
  const started = performance.now();
  // Every 5-minute snapshot of the year, none thinned: the worst case the issue names.
  const times = yearOfSnapshotTimes(NOW, false);
  const SNAPSHOTS = times.length;
  fillHistory(connection, { accountId: ACCOUNT, assets, times });
  const fillSeconds = (performance.now() - started) / 1000;
  const fileMb = statSync(database.file).size / 1_048_576;
  console.log(`filled ${SNAPSHOTS} snapshots x ${ASSETS} assets (${(SNAPSHOTS * ASSETS).toLocaleString('en')} asset rows) in ${fillSeconds.toFixed(1)} s; file ${fileMb.toFixed(0)} MB`);

  let clock = NOW;
  const history = createHistoryService({
    store: createHistoryStore(connection),
    accounts: async () => [],
    overview: async () => {
      throw new Error('not used');
    },
    quote: () => 'USDT',
    now: () => clock,
    intervalMs: 0,
  });

  const netWorth: number[] = [];
  const oneAsset: number[] = [];
  let points = 0;
  let snapshots = 0;
  for (let run = 0; run < RUNS + 3; run++) {
    const a = performance.now();
    const series = history.series({ accountId: ACCOUNT, range: '1y', points: 1_000 });
    const b = performance.now();
    history.series({ accountId: ACCOUNT, range: '1y', asset: assets[run % ASSETS], points: 1_000 });
    const c = performance.now();
    if (run >= 3) {
      netWorth.push(b - a);
      oneAsset.push(c - b);
    }
    points = series.points.length;
    snapshots = series.snapshots;
  }

  const overview = (i: number): BalancesOverview => ({
    quote: 'USDT',
    accounts: [{ id: ACCOUNT, name: 'Bench' }],
    rows: assets.map((asset) => ({
      asset,
      main: `${i}.5`,
      tradeAvailable: '1',
      tradeFrozen: '0',
      collateral: '0',
      total: `${i + 1}.5`,
      price: '1.5',
      value: `${(i + 1) * 1.5}.75`,
      change24h: null,
      share: null,
    })),
    totals: { value: `${i}00.5`, main: '0', trade: '0', collateral: '0' },
    allocation: [],
    unpriced: 0,
    zeroAssets: 0,
    byAccount: [],
    grandTotal: '0',
    notes: [],
    pricedAt: clock,
  });
  const writes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    clock += STEP_MS;
    history.offer(overview(i));
    const a = performance.now();
    const written = history.flush();
    writes.push(performance.now() - a);
    if (written !== 1) throw new Error('each offered snapshot must be written');
  }
  await history.close();

  console.log(`1Y net worth chart (${snapshots.toLocaleString('en')} snapshots -> ${points} points): median ${median(netWorth).toFixed(1)} ms (target < 100 ms)`);
  console.log(`1Y one-asset chart (amount and value, ~${snapshots.toLocaleString('en')} rows): median ${median(oneAsset).toFixed(1)} ms (target < 100 ms)`);
  console.log(`snapshot write (${ASSETS} assets, one transaction, WAL without fsync): median ${median(writes).toFixed(2)} ms, max ${Math.max(...writes).toFixed(2)} ms (target < 5 ms)`);
} finally {
  database.close();
  rmSync(dir, { recursive: true, force: true });
}
