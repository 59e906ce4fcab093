/**
 * A year of snapshots written straight into the app's database, for the benchmarks that need an
 * account with history (bench:history measures its queries, bench:idle the memory it costs). The
 * fill is set-up, not a measurement: no fsync per batch, snapshot by snapshot as the app writes them.
 */
import type Database from 'better-sqlite3';
import { RETENTION } from '../../electron/services/history/store';

export const SNAPSHOT_STEP_MS = 5 * 60_000;
export const YEAR_MS = 365 * 86_400_000;

/**
 * Snapshot times for a year up to `now`, every 5 minutes. `retained`: only what the app's
 * retention keeps of such a year (all of the last week, hourly to 90 days, daily before; about
 * 4,300), the history a year of use leaves on disk.
 */
export function yearOfSnapshotTimes(now: number, retained: boolean): number[] {
  const times: number[] = [];
  const count = YEAR_MS / SNAPSHOT_STEP_MS;
  for (let i = 0; i < count; i++) times.push(now - YEAR_MS + (i + 1) * SNAPSHOT_STEP_MS);
  if (!retained) return times;
  // The newest snapshot in each bucket of the rule that applies by age, as compaction leaves them.
  const rules = [...RETENTION].sort((a, b) => b.olderThanMs - a.olderThanMs);
  const kept = new Map<string, number>();
  for (const at of times) {
    const rule = rules.find((r) => now - at > r.olderThanMs);
    const key = rule ? `${rule.bucketMs}:${Math.floor(at / rule.bucketMs)}` : `all:${at}`;
    kept.set(key, at);
  }
  return [...kept.values()].sort((a, b) => a - b);
}

/** Writes one snapshot per time with every asset in it; returns the asset rows written. */
export function fillHistory(connection: Database.Database, options: { accountId: string; quote?: string; assets: readonly string[]; times: readonly number[] }): number {
  const quote = options.quote ?? 'USDT';
  connection.pragma('synchronous = OFF');
  const insertSnapshot = connection.prepare('INSERT INTO snapshots (account_id, quote, taken_at, total, unpriced, digest) VALUES (?, ?, ?, ?, 0, ?)');
  const insertAsset = connection.prepare(
    `INSERT INTO snapshot_assets (snapshot_id, asset, main, trade_available, trade_frozen, collateral, total, price, value)
     VALUES (?, ?, ?, '0', '0', '0', ?, '1.5', ?)`,
  );
  const fillBatch = connection.transaction((first: number, last: number) => {
    for (let i = first; i < last; i++) {
      const id = insertSnapshot.run(options.accountId, quote, options.times[i]!, `${1_000_000 + (i % 977)}.${i % 100}`, `d${i}`).lastInsertRowid;
      const amount = `${100 + (i % 313)}.12345678`;
      const value = `${(100 + (i % 313)) * 1.5}.18518517`;
      for (const asset of options.assets) insertAsset.run(id, asset, amount, amount, value);
    }
  });
  // A day of 5-minute snapshots per transaction.
  for (let i = 0; i < options.times.length; i += 288) fillBatch(i, Math.min(options.times.length, i + 288));
  connection.pragma('synchronous = FULL');
  connection.pragma('wal_checkpoint(TRUNCATE)');
  connection.exec('ANALYZE');
  return options.times.length * options.assets.length;
}
