/**
 * The history tables (migration 2) as prepared statements: writing a snapshot, reading a series
 * thinned to a chart's width, the snapshot as of a date, timeline events and retention.
 *
 * Everything here is synchronous (better-sqlite3); the service decides when it runs (never on a
 * refresh's critical path). Money stays TEXT: the database never adds or compares amounts.
 */
import type Database from 'better-sqlite3';
import type { SnapshotAsset, TimelineEvent, TimelineEventKind } from '../../../shared/model/history';
import { eventOf, type StoredEventRow } from './timeline';

export interface SnapshotInput {
  accountId: string;
  quote: string;
  takenAt: number;
  total: string;
  unpriced: number;
  digest: string;
  assets: SnapshotAsset[];
}

export interface StoredSnapshot {
  id: number;
  takenAt: number;
  total: string;
  unpriced: number;
}

export interface RetentionRule {
  /** Snapshots older than this (ms before now)… */
  olderThanMs: number;
  /** …keep only the newest in each bucket of this size (ms, from the Unix epoch, so UTC days). */
  bucketMs: number;
}

/** Everything for 7 days, hourly for 90 days, daily after that. */
export const RETENTION: readonly RetentionRule[] = [
  { olderThanMs: 7 * 86_400_000, bucketMs: 3_600_000 },
  { olderThanMs: 90 * 86_400_000, bucketMs: 86_400_000 },
];

export function createHistoryStore(connection: Database.Database) {
  const insertSnapshot = connection.prepare(
    'INSERT INTO snapshots (account_id, quote, taken_at, total, unpriced, digest) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertAsset = connection.prepare(
    `INSERT INTO snapshot_assets (snapshot_id, asset, main, trade_available, trade_frozen, collateral, total, price, value)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const lastOf = connection.prepare('SELECT taken_at AS takenAt, digest FROM snapshots WHERE account_id = ? AND quote = ? ORDER BY taken_at DESC LIMIT 1');
  // The newest snapshot at or before a moment: one index seek. A chart asks once per time bucket,
  // so its cost follows the chart's width, not how many snapshots the range holds.
  const newestBy = connection
    .prepare('SELECT id, taken_at, total FROM snapshots WHERE account_id = ? AND quote = ? AND taken_at <= ? ORDER BY taken_at DESC LIMIT 1')
    .raw();
  const assetOf = connection.prepare('SELECT value, total FROM snapshot_assets WHERE snapshot_id = ? AND asset = ?').raw();
  const countIn = connection.prepare('SELECT count(*) AS n, min(taken_at) AS first FROM snapshots WHERE account_id = ? AND quote = ? AND taken_at >= ? AND taken_at <= ?');
  const firstOf = connection.prepare('SELECT min(taken_at) AS first FROM snapshots WHERE account_id = ? AND quote = ?');
  const edgeAt = connection.prepare('SELECT id, total FROM snapshots WHERE account_id = ? AND quote = ? AND taken_at = ?');
  // Only the range's first and newest snapshots' assets: listing distinct assets over 20 million rows would be slow.
  const assetsOf = connection.prepare('SELECT DISTINCT asset FROM snapshot_assets WHERE snapshot_id IN (?, ?) ORDER BY asset').pluck();
  const idAt = connection.prepare('SELECT id FROM snapshots WHERE account_id = ? AND quote = ? AND taken_at = ?').pluck();
  const before = connection.prepare(
    'SELECT id, taken_at AS takenAt, total, unpriced FROM snapshots WHERE account_id = ? AND quote = ? AND taken_at <= ? ORDER BY taken_at DESC LIMIT 1',
  );
  const assetsOfSnapshot = connection.prepare(
    `SELECT asset, main, trade_available AS tradeAvailable, trade_frozen AS tradeFrozen, collateral, total, price, value
     FROM snapshot_assets WHERE snapshot_id = ? ORDER BY asset`,
  );
  const insertEvent = connection.prepare('INSERT OR IGNORE INTO timeline_events (account_id, at, kind, ref, title, detail) VALUES (?, ?, ?, ?, ?, ?)');
  // A withdrawal's event reads its journal record too: the words follow its state and phase now.
  const eventsIn = connection.prepare(
    `SELECT e.at, e.kind, e.title, e.detail, w.record FROM timeline_events e
     LEFT JOIN withdrawals w ON e.kind = 'withdrawal_sent' AND w.unique_id = e.ref
     WHERE e.account_id = ? AND e.at >= ? AND e.at <= ? ORDER BY e.at LIMIT 500`,
  );
  // Withdrawals sent before history existed (or imported from an old journal) join the timeline once.
  const backfill = connection.prepare(
    `INSERT OR IGNORE INTO timeline_events (account_id, at, kind, ref, title, detail)
     SELECT account_id, coalesce(json_extract(record, '$.lastSentAt'), updated_at), 'withdrawal_sent', unique_id,
            'withdrawal',
            json_object('amount', json_extract(record, '$.amount'), 'ticker', json_extract(record, '$.ticker'), 'address', json_extract(record, '$.address'))
     FROM withdrawals WHERE state = 'sent' AND json_valid(record)`,
  );
  const thinCandidates = connection
    .prepare(
      `SELECT id FROM (
         SELECT id, row_number() OVER (PARTITION BY account_id, quote, taken_at / CAST(? AS INTEGER) ORDER BY taken_at DESC) AS n
         FROM snapshots WHERE taken_at < ?
       ) WHERE n > 1 LIMIT ?`,
    )
    .pluck();
  const deleteAssets = connection.prepare('DELETE FROM snapshot_assets WHERE snapshot_id = ?');
  const deleteSnapshot = connection.prepare('DELETE FROM snapshots WHERE id = ?');

  const write = connection.transaction((s: SnapshotInput): number => {
    const id = Number(insertSnapshot.run(s.accountId, s.quote, s.takenAt, s.total, s.unpriced, s.digest).lastInsertRowid);
    for (const a of s.assets) insertAsset.run(id, a.asset, a.main, a.tradeAvailable, a.tradeFrozen, a.collateral, a.total, a.price, a.value);
    return id;
  });

  const removeBatch = connection.transaction((ids: number[]) => {
    for (const id of ids) {
      deleteAssets.run(id);
      deleteSnapshot.run(id);
    }
  });

  return {
    /** Puts withdrawals already sent on the timeline (idempotent). */
    backfillWithdrawals(): void {
      backfill.run();
    },

    /** The newest snapshot's time and digest for the series, or undefined. */
    last(accountId: string, quote: string): { takenAt: number; digest: string } | undefined {
      return lastOf.get(accountId, quote) as { takenAt: number; digest: string } | undefined;
    },

    /** One transaction: the snapshot and all its asset rows, or nothing. Returns its id. */
    write(snapshot: SnapshotInput): number {
      // A snapshot can be lost to a power cut without harm (the next one follows within minutes), so
      // its commit skips the fsync that withdrawal records need (WAL + NORMAL is still crash-safe);
      // the next FULL commit syncs it too. Nothing else runs between these synchronous lines.
      connection.pragma('synchronous = NORMAL');
      try {
        return write.immediate(snapshot);
      } finally {
        connection.pragma('synchronous = FULL');
      }
    },

    /**
     * Points from `from` to `to`: the newest snapshot of each `bucketMs` (buckets counted from `from`).
     * `asset` null: net worth. An asset not held in a snapshot has amount and value 0 there.
     */
    series(accountId: string, quote: string, asset: string | null, from: number, to: number, bucketMs: number): { at: number; value: string | null; amount?: string }[] {
      const points: { at: number; value: string | null; amount?: string }[] = [];
      for (let start = from; start <= to; start += bucketMs) {
        const row = newestBy.get(accountId, quote, Math.min(start + bucketMs - 1, to)) as [number, number, string] | undefined;
        // Older than this bucket: the bucket is empty (its snapshot belongs to an earlier one).
        if (!row || row[1] < start) continue;
        const [id, at, total] = row;
        if (asset === null) {
          points.push({ at, value: total });
        } else {
          const held = assetOf.get(id, asset) as [string | null, string] | undefined;
          points.push(held ? { at, value: held[0], amount: held[1] } : { at, value: '0', amount: '0' });
        }
      }
      return points;
    },

    count(accountId: string, quote: string, from: number, to: number): { n: number; first: number | null } {
      return countIn.get(accountId, quote, from, to) as { n: number; first: number | null };
    },

    firstAt(accountId: string, quote: string): number | null {
      return (firstOf.get(accountId, quote) as { first: number | null }).first;
    },

    /** The exact value at a snapshot's time (the first and last point of a range for its change). */
    valueAt(accountId: string, quote: string, asset: string | null, at: number): string | null | undefined {
      const snapshot = edgeAt.get(accountId, quote, at) as { id: number; total: string } | undefined;
      if (!snapshot || asset === null) return snapshot?.total;
      const held = assetOf.get(snapshot.id, asset) as [string | null, string] | undefined;
      return held ? held[0] : '0';
    },

    /** Assets held at the two given snapshot times (the picker offers what was held at either end). */
    assetsAt(accountId: string, quote: string, times: number[]): string[] {
      const ids = times.map((t) => idAt.get(accountId, quote, t) as number | undefined).filter((id): id is number => id !== undefined);
      if (ids.length === 0) return [];
      return assetsOf.all(ids[0], ids[ids.length - 1]) as string[];
    },

    asOf(accountId: string, quote: string, at: number): (StoredSnapshot & { assets: SnapshotAsset[] }) | null {
      const row = before.get(accountId, quote, at) as StoredSnapshot | undefined;
      if (!row) return null;
      return { ...row, assets: assetsOfSnapshot.all(row.id) as SnapshotAsset[] };
    },

    addEvent(accountId: string, at: number, kind: TimelineEventKind, ref: string, title: string, detail: string): void {
      insertEvent.run(accountId, at, kind, ref, title, detail);
    },

    events(accountId: string, from: number, to: number): TimelineEvent[] {
      return (eventsIn.all(accountId, from, to) as StoredEventRow[]).map(eventOf).filter((e): e is TimelineEvent => e !== null);
    },

    /**
     * Deletes at most `limit` snapshots the retention rules no longer keep; returns how many. The
     * caller repeats while it returns more than 0, yielding in between, so no batch holds the database long.
     */
    compactBatch(now: number, limit: number): number {
      for (const rule of RETENTION) {
        const ids = thinCandidates.all(rule.bucketMs, now - rule.olderThanMs, limit) as number[];
        if (ids.length > 0) {
          removeBatch.immediate(ids);
          return ids.length;
        }
      }
      return 0;
    },
  };
}

export type HistoryStore = ReturnType<typeof createHistoryStore>;
