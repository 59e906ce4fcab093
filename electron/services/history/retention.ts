/**
 * Retention: thins old history to the resolution its charts draw, in small batches the service
 * runs in the background (yielding between them), never in one long transaction.
 *
 * Each rule owns the ages between its own cutoff and the next rule's: older rows are the next
 * rule's, whose buckets hold the finer ones. A pass thins snapshots first, then the change rows
 * (amounts, prices) no kept snapshot reads, one series' asset at a time through its primary key, so
 * a batch costs what it deletes, not the size of the table. Each rule remembers how far it has
 * thinned, so the next pass reads only what has aged into it since.
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

/** The start of the bucket that holds `at`: whole buckets are thinned, never half of one. */
function bucketStart(at: number, bucketMs: number): number {
  return Math.floor(at / bucketMs) * bucketMs;
}

type ChangeTable = 'holdings' | 'prices';
interface RowJob {
  table: ChangeTable;
  seriesId: number;
  asset: string;
  from: number;
  to: number;
  bucketMs: number;
}

export function createRetention(connection: Database.Database, rules: readonly RetentionRule[] = RETENTION) {
  const thinSnapshots = connection
    .prepare(
      `SELECT id FROM (
         SELECT id, row_number() OVER (PARTITION BY account_id, quote, taken_at / CAST(@bucketMs AS INTEGER) ORDER BY taken_at DESC) AS n
         FROM snapshots WHERE taken_at >= @from AND taken_at < @to
       ) WHERE n > 1 LIMIT @limit`,
    )
    .pluck();
  const deleteSnapshot = connection.prepare('DELETE FROM snapshots WHERE id = ?');
  const seriesIds = connection.prepare('SELECT id FROM history_series').pluck();
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
  const removeSnapshots = connection.transaction((ids: number[]) => {
    for (const id of ids) deleteSnapshot.run(id);
  });
  const runJobs = connection.transaction((jobs: RowJob[]) => {
    let removed = 0;
    for (const job of jobs) removed += statements[job.table].thin.run({ seriesId: job.seriesId, asset: job.asset, from: job.from, to: job.to, bucketMs: job.bucketMs }).changes;
    return removed;
  });

  /** How far each rule has thinned (this run): the start of what it still has to read. */
  const thinnedTo = new Map<number, number>();
  /** The pass under way: each rule's range, and the change rows left to thin. */
  let pass: { ranges: { from: number; to: number; bucketMs: number }[]; jobs: RowJob[] | null } | null = null;

  function rangesAt(now: number) {
    const cutoffs = rules.map((rule) => bucketStart(now - rule.olderThanMs, rule.bucketMs));
    return rules.map((rule, i) => {
      const older = i + 1 < rules.length ? cutoffs[i + 1]! : 0;
      return { from: Math.max(older, thinnedTo.get(i) ?? older), to: cutoffs[i]!, bucketMs: rule.bucketMs };
    });
  }

  function planRows(ranges: { from: number; to: number; bucketMs: number }[]): RowJob[] {
    const jobs: RowJob[] = [];
    for (const seriesId of seriesIds.all() as number[]) {
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
      pass ??= { ranges: rangesAt(now), jobs: null };
      if (pass.jobs === null) {
        for (const range of pass.ranges) {
          if (range.from >= range.to) continue;
          const ids = thinSnapshots.all({ ...range, limit }) as number[];
          if (ids.length > 0) {
            removeSnapshots.immediate(ids);
            return ids.length;
          }
        }
        pass.jobs = planRows(pass.ranges);
      }
      if (pass.jobs.length > 0) {
        const batch = pass.jobs.splice(0, ASSETS_PER_BATCH);
        return Math.max(1, runJobs.immediate(batch));
      }
      pass.ranges.forEach((range, i) => thinnedTo.set(i, Math.max(range.to, thinnedTo.get(i) ?? 0)));
      pass = null;
      return 0;
    },
  };
}
