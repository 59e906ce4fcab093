/**
 * Retention: thins old history to the resolution its charts draw, in small batches the service
 * runs in the background (yielding between them), never in one long transaction.
 *
 * Each rule owns the ages between its own cutoff and the next rule's: older rows are the next
 * rule's, whose buckets hold the finer ones. A pass thins snapshots first (an hour of one series at
 * a time, through the series' time index), then the change rows (amounts, prices) no kept snapshot
 * reads (one series' asset at a time, through the primary key), so a batch costs what it reads, not
 * the size of the table. Each rule remembers how far it has thinned, so the next pass reads only
 * what has aged into it since.
 */
import type Database from 'better-sqlite3';

export interface RetentionRule {
  /** Snapshots older than this (ms before now)… */
  olderThanMs: number;
  /** …keep only the newest in each bucket of this size (ms, from the Unix epoch, so UTC days). */
  bucketMs: number;
}

/**
 * Every snapshot for a day, one per 5 minutes to 7 days, hourly to 90 days, daily after that: the
 * resolution each chart range draws at. Buckets nest (each divides the next) and count from the Unix
 * epoch, so thinning follows the UTC clock whatever the time zone.
 */
export const RETENTION: readonly RetentionRule[] = [
  { olderThanMs: 86_400_000, bucketMs: 5 * 60_000 },
  { olderThanMs: 7 * 86_400_000, bucketMs: 3_600_000 },
  { olderThanMs: 90 * 86_400_000, bucketMs: 86_400_000 },
];

/** Series' assets a batch thins at most (each a few index seeks). */
const ASSETS_PER_BATCH = 25;
/** Snapshots are thinned an hour of one series at a time (a day where buckets are days)… */
const SLICE_MS = 3_600_000;
/** …and a batch reads at most this many slices. */
const SLICES_PER_BATCH = 48;

/** The start of the bucket that holds `at`: whole buckets are thinned, never half of one. */
function bucketStart(at: number, bucketMs: number): number {
  return Math.floor(at / bucketMs) * bucketMs;
}

type ChangeTable = 'holdings' | 'prices';
interface Range {
  from: number;
  to: number;
  bucketMs: number;
}
interface SnapshotJob extends Range {
  accountId: string;
  quote: string;
}
interface RowJob {
  table: ChangeTable;
  seriesId: number;
  asset: string;
  from: number;
  to: number;
  bucketMs: number;
}

export function createRetention(connection: Database.Database, rules: readonly RetentionRule[] = RETENTION) {
  // Through the (account, quote, time) index: a slice of one series costs what it holds.
  const thinSnapshots = connection.prepare(
    `DELETE FROM snapshots WHERE account_id = @accountId AND quote = @quote AND taken_at >= @from AND taken_at < @to
       AND taken_at NOT IN (
         SELECT max(taken_at) FROM snapshots WHERE account_id = @accountId AND quote = @quote AND taken_at >= @from AND taken_at < @to
         GROUP BY taken_at / CAST(@bucketMs AS INTEGER)
       )`,
  );
  const firstOf = connection.prepare('SELECT min(taken_at) FROM snapshots WHERE account_id = ? AND quote = ?').pluck();
  const allSeries = connection.prepare('SELECT id, account_id, quote FROM history_series').raw();
  // Each distinct asset of a series by one index seek after another, not by reading every row.
  const assetsOf = (table: ChangeTable) =>
    connection
      .prepare(
        `WITH RECURSIVE a(asset) AS (
           SELECT min(asset) FROM ${table} WHERE series_id = @seriesId
           UNION ALL SELECT (SELECT min(asset) FROM ${table} WHERE series_id = @seriesId AND asset > a.asset) FROM a WHERE a.asset IS NOT NULL
         ) SELECT asset FROM a WHERE asset IS NOT NULL`,
      )
      .pluck();
  // Once a bucket holds one snapshot (its newest), only each asset's newest row in the bucket can
  // be read again: the snapshot is at or after every row of its bucket.
  const thinRows = (table: ChangeTable) =>
    connection.prepare(
      `DELETE FROM ${table} WHERE series_id = @seriesId AND asset = @asset AND since >= @from AND since < @to
         AND since NOT IN (
           SELECT max(since) FROM ${table} WHERE series_id = @seriesId AND asset = @asset AND since >= @from AND since < @to
           GROUP BY since / CAST(@bucketMs AS INTEGER)
         )`,
    );
  const statements = {
    holdings: { assets: assetsOf('holdings'), thin: thinRows('holdings') },
    prices: { assets: assetsOf('prices'), thin: thinRows('prices') },
  };
  /** Takes slices off the queue until `limit` snapshots went or a batch's slices were read. */
  const runSnapshotJobs = connection.transaction((queue: SnapshotJob[], limit: number) => {
    let removed = 0;
    for (let slices = 0; queue.length > 0 && removed < limit && slices < SLICES_PER_BATCH; slices++) {
      removed += thinSnapshots.run(queue.shift()!).changes;
    }
    return removed;
  });
  const runJobs = connection.transaction((jobs: RowJob[]) => {
    let removed = 0;
    for (const job of jobs) removed += statements[job.table].thin.run({ seriesId: job.seriesId, asset: job.asset, from: job.from, to: job.to, bucketMs: job.bucketMs }).changes;
    return removed;
  });

  /** How far each rule has thinned (this run): the start of what it still has to read. */
  const thinnedTo = new Map<number, number>();
  /** The pass under way: each rule's range, and the snapshots and change rows left to thin. */
  let pass: { ranges: Range[]; snapshots: SnapshotJob[] | null; rows: RowJob[] | null } | null = null;

  function rangesAt(now: number): Range[] {
    const cutoffs = rules.map((rule) => bucketStart(now - rule.olderThanMs, rule.bucketMs));
    return rules.map((rule, i) => {
      const older = i + 1 < rules.length ? cutoffs[i + 1]! : 0;
      return { from: Math.max(older, thinnedTo.get(i) ?? older), to: cutoffs[i]!, bucketMs: rule.bucketMs };
    });
  }

  /** Each series' ranges in slices of an hour (a day for daily buckets), from its first snapshot. */
  function planSnapshots(ranges: Range[]): SnapshotJob[] {
    const jobs: SnapshotJob[] = [];
    for (const [, accountId, quote] of allSeries.all() as [number, string, string][]) {
      const first = firstOf.get(accountId, quote) as number | null;
      if (first === null) continue;
      for (const range of ranges) {
        const sliceMs = Math.max(range.bucketMs, SLICE_MS);
        for (let from = Math.max(range.from, bucketStart(first, range.bucketMs)); from < range.to; from += sliceMs) {
          jobs.push({ accountId, quote, from, to: Math.min(from + sliceMs, range.to), bucketMs: range.bucketMs });
        }
      }
    }
    return jobs;
  }

  function planRows(ranges: Range[]): RowJob[] {
    const jobs: RowJob[] = [];
    for (const [seriesId] of allSeries.all() as [number, string, string][]) {
      for (const table of ['holdings', 'prices'] as const) {
        for (const asset of statements[table].assets.all({ seriesId }) as string[]) {
          for (const range of ranges) if (range.from < range.to) jobs.push({ table, seriesId, asset, ...range });
        }
      }
    }
    return jobs;
  }

  return {
    /**
     * One batch of the current pass (a pass starts when none is under way): at most `limit`
     * snapshots, or a few series' assets of change rows. Returns how much it did; 0 once the pass is
     * complete. The caller repeats while it returns more than 0, yielding in between.
     */
    compactBatch(now: number, limit: number): number {
      pass ??= { ranges: rangesAt(now), snapshots: null, rows: null };
      // Snapshots first: change rows are thinned only in buckets left with one snapshot.
      pass.snapshots ??= planSnapshots(pass.ranges);
      if (pass.snapshots.length > 0) return Math.max(1, runSnapshotJobs.immediate(pass.snapshots, limit));
      pass.rows ??= planRows(pass.ranges);
      if (pass.rows.length > 0) {
        const batch = pass.rows.splice(0, ASSETS_PER_BATCH);
        return Math.max(1, runJobs.immediate(batch));
      }
      pass.ranges.forEach((range, i) => thinnedTo.set(i, Math.max(range.to, thinnedTo.get(i) ?? 0)));
      pass = null;
      return 0;
    },
  };
}
