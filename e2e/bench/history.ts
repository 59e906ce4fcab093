/**
 * `npm run bench:history`: what history costs on disk and how fast its charts read, through the
 * app's own service, store and database (migrations, WAL, retention, incremental vacuum). Prints
 * figures and fails (exit 1) only when a size passes its guard; it never fails on speed.
 *   - live at the fastest refresh: one account of 200 assets whose prices move every second, for
 *     30 days with retention running: the database's steady-state size (guard ≤ 50 MB);
 *   - a retained year for 3 accounts of 200 assets (snapshots a minute apart, as retention leaves
 *     them): file size (guard ≤ 200 MB), 1Y chart reads, one snapshot's write.
 * `BENCH_HISTORY_ASSETS=20` makes smaller files.
 *
 * Filling runs without fsync (sizes do not depend on it; a month of commits would take minutes on
 * a shared machine); the write timings at the end are taken with the app's own commit settings.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BalancesOverview } from '../../shared/model/balances';
import { openDatabase, type DeskDatabase } from '../../electron/services/database';
import { createHistoryService, createHistoryStore, RETENTION, type HistoryStore } from '../../electron/services/history';

const ASSETS = Number(process.env.BENCH_HISTORY_ASSETS ?? 200);
const ACCOUNTS = 3;
const NOW = Date.UTC(2026, 10, 1);
const SECOND = 1_000;
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const RUNS = 30;
const LIVE_GUARD_MB = 50;
const YEAR_GUARD_MB = 200;
const assets = Array.from({ length: ASSETS }, (_, i) => `A${i.toString(36).toUpperCase().padStart(3, '0')}`);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const megabytes = (database: DeskDatabase) => {
  database.connection.pragma('wal_checkpoint(TRUNCATE)');
  return statSync(database.file).size / 1_048_576;
};

/** Runs `work` with commits unsynced: the store's own synchronous switches are let through as no-ops. */
function withoutFsync<T>(database: DeskDatabase, work: () => T): T {
  const connection = database.connection;
  const pragma = connection.pragma.bind(connection);
  connection.pragma('synchronous = OFF');
  connection.pragma = ((source: string, options?: { simple?: boolean }) => (source.startsWith('synchronous') ? [] : pragma(source, options))) as typeof connection.pragma;
  try {
    return work();
  } finally {
    connection.pragma = pragma;
    connection.pragma('synchronous = FULL');
  }
}

/** Snapshot `i`'s amount of asset `k`: one asset in twenty holds a different amount each time. */
const amountOf = (k: number, i: number) => `${100 + (k % 20 === i % 20 ? i % 313 : 0)}.12345678`;
/** Asset `k`'s price at tick `i`: every price moves at every tick. */
const priceOf = (k: number, i: number) => `${1 + k}.${(i * 7919 + k) % 100_000}`;

function writeSnapshot(store: HistoryStore, accountId: string, takenAt: number, i: number): void {
  store.write({
    accountId,
    quote: 'USDT',
    takenAt,
    total: `${1_000_000 + (i % 977)}.${i % 100}`,
    unpriced: 0,
    digest: `${accountId}-${i}`,
    assets: assets.map((asset, k) => ({ asset, main: amountOf(k, i), tradeAvailable: '0', tradeFrozen: '0', collateral: '0', total: amountOf(k, i), price: priceOf(k, i), value: null })),
  });
}

/** A live account's overview at second `s`: prices move every second, one asset's amount every 10 minutes. */
function liveOverview(s: number, at: number): BalancesOverview {
  const trades = Math.floor(s / 600);
  const rows = assets.map((asset, k) => {
    const amount = `${100 + (k === trades % ASSETS ? trades % 313 : 0)}.12345678`;
    return { asset, main: amount, tradeAvailable: '0', tradeFrozen: '0', collateral: '0', total: amount, price: priceOf(k, s), value: null, change24h: null, share: null };
  });
  return {
    quote: 'USDT',
    accounts: [{ id: 'live', name: 'Live' }],
    rows,
    totals: { value: `${1_000_000 + (s % 977)}.${s % 100}`, main: '0', trade: '0', collateral: '0', change24h: null },
    allocation: [],
    unpriced: 0,
    zeroAssets: 0,
    byAccount: [],
    grandTotal: '0',
    notes: [],
    pricedAt: at,
  };
}

/** A year of snapshots a minute apart as retention leaves them (the newest of each bucket by age). */
function retainedYear(): number[] {
  const rules = [...RETENTION].sort((a, b) => b.olderThanMs - a.olderThanMs);
  const kept = new Map<string, number>();
  for (let at = NOW - 365 * DAY; at <= NOW; at += MINUTE) {
    const rule = rules.find((r) => NOW - at > r.olderThanMs);
    kept.set(rule ? `${rule.bucketMs}:${Math.floor(at / rule.bucketMs)}` : `all:${at}`, at);
  }
  return [...kept.values()];
}

async function inFreshDatabase<T>(work: (database: DeskDatabase) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'desk-bench-history-'));
  const database = openDatabase(dir);
  try {
    return await work(database);
  } finally {
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const failures: string[] = [];

await inFreshDatabase(async (database) => {
  const store = createHistoryStore(database.connection);
  let clock = NOW;
  const history = createHistoryService({ store, accounts: async () => [], overview: () => Promise.reject(new Error('unused')), quote: () => 'USDT', now: () => clock, intervalMs: 0 });
  const started = performance.now();
  const count = () => database.connection.prepare('SELECT count(*) FROM snapshots').pluck().get() as number;

  // The first hour as it happens: a refresh every second (the live feed), every price moved.
  withoutFsync(database, () => {
    for (let s = 0; s < HOUR / SECOND; s++) {
      clock = NOW + s * SECOND;
      history.offer(liveOverview(s, clock));
      history.flush();
    }
  });
  const perHour = count();

  // The rest of the month: what the clock lets through of a second-by-second feed is the first
  // refresh of each minute (and an amount that changed), so one refresh a minute writes the same.
  for (let day = 0; day < 30; day++) {
    withoutFsync(database, () => {
      for (let s = day === 0 ? HOUR / SECOND : 0; s < DAY / SECOND; s += 60) {
        clock = NOW + day * DAY + s * SECOND;
        history.offer(liveOverview(day * 86_400 + s, clock));
        history.flush();
      }
    });
    await history.compact();
  }
  const size = megabytes(database);
  const seconds = (performance.now() - started) / 1000;
  await history.close();
  console.log(
    `live at the fastest refresh, prices moving every second: ${perHour} snapshots in the first hour (refreshed ${HOUR / SECOND} times); ` +
      `after 30 days with retention, 1 account x ${ASSETS} assets holds ${count().toLocaleString('en')} snapshots in ${size.toFixed(1)} MB (guard ≤ ${LIVE_GUARD_MB} MB); simulated in ${seconds.toFixed(1)} s`,
  );
  if (size > LIVE_GUARD_MB) failures.push(`30-day live steady state ${size.toFixed(1)} MB > ${LIVE_GUARD_MB} MB`);
});

await inFreshDatabase(async (database) => {
  const store = createHistoryStore(database.connection);
  const times = retainedYear();
  const started = performance.now();
  withoutFsync(database, () => {
    for (let a = 0; a < ACCOUNTS; a++) times.forEach((at, i) => writeSnapshot(store, `account-${a}`, at, i));
  });
  const seconds = (performance.now() - started) / 1000;
  const size = megabytes(database);
  console.log(
    `a retained year (snapshots a minute apart: ${times.length.toLocaleString('en')} kept) x ${ACCOUNTS} accounts x ${ASSETS} assets: ` +
      `${size.toFixed(1)} MB (guard ≤ ${YEAR_GUARD_MB} MB); written in ${seconds.toFixed(1)} s`,
  );
  if (size > YEAR_GUARD_MB) failures.push(`retained year ${size.toFixed(1)} MB > ${YEAR_GUARD_MB} MB`);

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
    clock += MINUTE;
    const a = performance.now();
    writeSnapshot(store, 'account-0', clock, times.length + i);
    writes.push(performance.now() - a);
  }
  await history.close();
  console.log(`1Y net worth chart: median ${median(netWorth).toFixed(1)} ms; 1Y one-asset chart (amount and value): median ${median(oneAsset).toFixed(1)} ms`);
  console.log(`one snapshot's write (${ASSETS} assets, every price moved): median ${median(writes).toFixed(2)} ms, max ${Math.max(...writes).toFixed(2)} ms`);
});

if (failures.length > 0) {
  console.error(`bench:history guard failed: ${failures.join('; ')}`);
  process.exitCode = 1;
}
