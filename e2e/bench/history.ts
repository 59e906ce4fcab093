/**
 * `npm run bench:history`: what history costs on disk and how fast its charts read, through the
 * app's own store and database (migrations, WAL). Prices move at every snapshot and a few amounts
 * change, the worst a real account does. Prints figures; it never fails on speed.
 *   - a day at full resolution (a refresh every 10 s, 200 assets): database size per day;
 *   - a year of 5-minute history as retention leaves it (all of the last week, hourly to 90 days,
 *     daily before), for 3 accounts of 200 assets: file size, 1Y chart reads, one snapshot's write.
 * `BENCH_HISTORY_ASSETS=20` makes smaller files.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DeskDatabase } from '../../electron/services/database';
import { createHistoryService, createHistoryStore, RETENTION, type HistoryStore } from '../../electron/services/history';

const ASSETS = Number(process.env.BENCH_HISTORY_ASSETS ?? 200);
const ACCOUNTS = 3;
const NOW = Date.UTC(2026, 10, 1);
const DAY_MS = 86_400_000;
const RUNS = 30;
const assets = Array.from({ length: ASSETS }, (_, i) => `A${i.toString(36).toUpperCase().padStart(3, '0')}`);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const megabytes = (database: DeskDatabase) => {
  database.connection.pragma('wal_checkpoint(TRUNCATE)');
  return statSync(database.file).size / 1_048_576;
};

/** Snapshot `i` of an account: every price moved, the amounts of one asset in twenty changed. */
function writeSnapshot(store: HistoryStore, accountId: string, takenAt: number, i: number): void {
  store.write({
    accountId,
    quote: 'USDT',
    takenAt,
    total: `${1_000_000 + (i % 977)}.${i % 100}`,
    unpriced: 0,
    digest: `${accountId}-${i}`,
    assets: assets.map((asset, k) => {
      const amount = `${100 + (k % 20 === i % 20 ? i % 313 : 0)}.12345678`;
      return { asset, main: amount, tradeAvailable: '0', tradeFrozen: '0', collateral: '0', total: amount, price: `${1 + k}.${(i * 7919 + k) % 100_000}`, value: null };
    }),
  });
}

/** A year of 5-minute snapshot times as retention leaves them (the newest of each bucket by age). */
function retainedYear(): number[] {
  const rules = [...RETENTION].sort((a, b) => b.olderThanMs - a.olderThanMs);
  const kept = new Map<string, number>();
  for (let at = NOW - 365 * DAY_MS; at <= NOW; at += 5 * 60_000) {
    const rule = rules.find((r) => NOW - at > r.olderThanMs);
    kept.set(rule ? `${rule.bucketMs}:${Math.floor(at / rule.bucketMs)}` : `all:${at}`, at);
  }
  return [...kept.values()];
}

function inFreshDatabase<T>(work: (database: DeskDatabase) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'desk-bench-history-'));
  const database = openDatabase(dir);
  try {
    return work(database);
  } finally {
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

inFreshDatabase((database) => {
  const store = createHistoryStore(database.connection);
  const before = megabytes(database);
  for (let i = 0; i < DAY_MS / 10_000; i++) writeSnapshot(store, 'day', NOW + i * 10_000, i);
  console.log(`one day at a 10 s refresh (8,640 snapshots x ${ASSETS} assets): ${(megabytes(database) - before).toFixed(1)} MB per day`);
});

await inFreshDatabase(async (database) => {
  const store = createHistoryStore(database.connection);
  const times = retainedYear();
  const started = performance.now();
  for (let a = 0; a < ACCOUNTS; a++) times.forEach((at, i) => writeSnapshot(store, `account-${a}`, at, i));
  const seconds = (performance.now() - started) / 1000;
  const size = megabytes(database);
  console.log(
    `a year of 5-minute history as retained (${times.length.toLocaleString('en')} snapshots) x ${ACCOUNTS} accounts x ${ASSETS} assets: ` +
      `${size.toFixed(1)} MB (guard < 200 MB), ${(size / 365).toFixed(2)} MB per day of history; written in ${seconds.toFixed(1)} s`,
  );

  let clock = NOW;
  const history = createHistoryService({ store, accounts: async () => [], overview: () => Promise.reject(new Error('unused')), quote: () => 'USDT', now: () => clock, intervalMs: 0 });
  const netWorth: number[] = [];
  const oneAsset: number[] = [];
  for (let run = 0; run < RUNS + 3; run++) {
    const a = performance.now();
    history.series({ accountId: 'account-0', range: '1y', points: 1_000 });
    const b = performance.now();
    history.series({ accountId: 'account-0', range: '1y', asset: assets[run % ASSETS], points: 1_000 });
    const c = performance.now();
    if (run >= 3) {
      netWorth.push(b - a);
      oneAsset.push(c - b);
    }
  }
  const writes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    clock += 5 * 60_000;
    const a = performance.now();
    writeSnapshot(store, 'account-0', clock, times.length + i);
    writes.push(performance.now() - a);
  }
  await history.close();
  console.log(`1Y net worth chart: median ${median(netWorth).toFixed(1)} ms; 1Y one-asset chart (amount and value): median ${median(oneAsset).toFixed(1)} ms (guard < 50 ms)`);
  console.log(`one snapshot's write (${ASSETS} assets, every price moved): median ${median(writes).toFixed(2)} ms, max ${Math.max(...writes).toFixed(2)} ms`);
});
