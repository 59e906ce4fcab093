/**
 * The history tables as prepared statements: writing a snapshot, reading a series thinned to a
 * chart's width, the snapshot as of a date, timeline events; retention is retention.ts.
 *
 * A snapshot row holds the series' total; an asset's amounts and price are rows written only when
 * they change, so a price tick adds one short row per moved price and nothing per unchanged asset.
 * An asset's value at a snapshot is derived when read (amount x price, as valuation rounds it).
 *
 * Everything here is synchronous (better-sqlite3); the service decides when it runs (never on a
 * refresh's critical path). Money stays TEXT: the database never adds or compares amounts.
 */
import type Database from 'better-sqlite3';
import type { SnapshotAsset, TimelineEvent, TimelineEventKind } from '../../../shared/model/history';
import { Decimal, dec, toPlain } from '../../../shared/money/decimal';
import { VALUE_PLACES } from '../balances/valuation';
import { enableIncrementalVacuum, reclaimFreePages, spaceOf, type DatabaseSpace } from '../database/space';
import { createRetention } from './retention';
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


type Amounts = Pick<SnapshotAsset, 'main' | 'tradeAvailable' | 'tradeFrozen' | 'collateral' | 'total'>;
type HoldingRow = [asset: string, main: string | null, tradeAvailable: string | null, tradeFrozen: string | null, collateral: string | null, total: string | null];

/** What the series holds of each asset now, and at what price: what the next write is compared with. */
interface SeriesState {
  amounts: Map<string, string>;
  prices: Map<string, string | null>;
}

const amountsKey = (a: Amounts) => `${a.main}|${a.tradeAvailable}|${a.tradeFrozen}|${a.collateral}|${a.total}`;

/** An asset's value in the quote, as valuation rounds it; null without a price. */
function valueOf(total: string, price: string | null): string | null {
  return price === null ? null : toPlain(dec(total).times(dec(price)).toDecimalPlaces(VALUE_PLACES, Decimal.ROUND_HALF_UP));
}

export function createHistoryStore(connection: Database.Database) {
  const seriesIdOf = connection.prepare('SELECT id FROM history_series WHERE account_id = ? AND quote = ?').pluck();
  const addSeries = connection.prepare('INSERT INTO history_series (account_id, quote) VALUES (?, ?) RETURNING id').pluck();
  const insertSnapshot = connection.prepare(
    'INSERT INTO snapshots (account_id, quote, taken_at, total, unpriced, digest) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertHolding = connection.prepare(
    'INSERT INTO holdings (series_id, asset, since, main, trade_available, trade_frozen, collateral, total) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertPrice = connection.prepare('INSERT INTO prices (series_id, asset, since, price) VALUES (?, ?, ?, ?)');
  // The newest row of each asset at or before a moment (SQLite returns the max row's columns).
  const holdingsAt = connection
    .prepare('SELECT asset, main, trade_available, trade_frozen, collateral, total, max(since) FROM holdings WHERE series_id = ? AND since <= ? GROUP BY asset ORDER BY asset')
    .raw();
  const holdingOf = connection
    .prepare('SELECT total FROM holdings WHERE series_id = ? AND asset = ? AND since <= ? ORDER BY since DESC LIMIT 1')
    .pluck();
  const priceOf = connection.prepare('SELECT price FROM prices WHERE series_id = ? AND asset = ? AND since <= ? ORDER BY since DESC LIMIT 1').raw();
  const lastOf = connection.prepare('SELECT taken_at AS takenAt, digest FROM snapshots WHERE account_id = ? AND quote = ? ORDER BY taken_at DESC LIMIT 1');
  // The newest snapshot at or before a moment: one index seek. A chart asks once per time bucket,
  // so its cost follows the chart's width, not how many snapshots the range holds.
  const newestBy = connection
    .prepare('SELECT id, taken_at, total FROM snapshots WHERE account_id = ? AND quote = ? AND taken_at <= ? ORDER BY taken_at DESC LIMIT 1')
    .raw();
  const countIn = connection.prepare('SELECT count(*) AS n, min(taken_at) AS first FROM snapshots WHERE account_id = ? AND quote = ? AND taken_at >= ? AND taken_at <= ?');
  const firstOf = connection.prepare('SELECT min(taken_at) AS first FROM snapshots WHERE account_id = ? AND quote = ?');
  const edgeAt = connection.prepare('SELECT total FROM snapshots WHERE account_id = ? AND quote = ? AND taken_at = ?').pluck();
  const before = connection.prepare(
    'SELECT id, taken_at AS takenAt, total, unpriced FROM snapshots WHERE account_id = ? AND quote = ? AND taken_at <= ? ORDER BY taken_at DESC LIMIT 1',
  );
  const after = connection.prepare(
    'SELECT id, taken_at AS takenAt, total, unpriced FROM snapshots WHERE account_id = ? AND quote = ? AND taken_at >= ? ORDER BY taken_at ASC LIMIT 1',
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
  const retention = createRetention(connection);

  const states = new Map<number, SeriesState>();

  function seriesId(accountId: string, quote: string): number | undefined {
    return seriesIdOf.get(accountId, quote) as number | undefined;
  }

  /** The series' state as the database has it (read once per series, then kept current by write). */
  function stateOf(id: number): SeriesState {
    let state = states.get(id);
    if (!state) {
      state = { amounts: new Map(), prices: new Map() };
      for (const [asset, ...amounts] of holdingsAt.all(id, Number.MAX_SAFE_INTEGER) as HoldingRow[]) {
        const [main, tradeAvailable, tradeFrozen, collateral, total] = amounts;
        if (total === null) continue;
        state.amounts.set(asset, amountsKey({ main: main!, tradeAvailable: tradeAvailable!, tradeFrozen: tradeFrozen!, collateral: collateral!, total }));
        const price = priceOf.get(id, asset, Number.MAX_SAFE_INTEGER) as [string | null] | undefined;
        if (price) state.prices.set(asset, price[0]);
      }
      states.set(id, state);
    }
    return state;
  }

  /** The assets held at a moment, with their price then and the value derived from both. */
  function assetsAt(id: number, at: number): SnapshotAsset[] {
    const assets: SnapshotAsset[] = [];
    for (const [asset, main, tradeAvailable, tradeFrozen, collateral, total] of holdingsAt.all(id, at) as HoldingRow[]) {
      if (total === null) continue;
      // One seek per held asset: grouping every price row up to `at` would read the whole table.
      const price = (priceOf.get(id, asset, at) as [string | null] | undefined)?.[0] ?? null;
      assets.push({ asset, main: main!, tradeAvailable: tradeAvailable!, tradeFrozen: tradeFrozen!, collateral: collateral!, total, price, value: valueOf(total, price) });
    }
    return assets;
  }

  /** One asset's amount and value at a moment ('0' when not held then). */
  function assetValueAt(id: number, asset: string, at: number): { value: string | null; amount: string } {
    const total = holdingOf.get(id, asset, at) as string | null | undefined;
    if (total == null) return { value: '0', amount: '0' };
    const price = (priceOf.get(id, asset, at) as [string | null] | undefined)?.[0] ?? null;
    return { value: valueOf(total, price), amount: total };
  }

  const write = connection.transaction((s: SnapshotInput): { id: number; seriesId: number; next: SeriesState } => {
    const id = Number(insertSnapshot.run(s.accountId, s.quote, s.takenAt, s.total, s.unpriced, s.digest).lastInsertRowid);
    const series = seriesId(s.accountId, s.quote) ?? (addSeries.get(s.accountId, s.quote) as number);
    const before = stateOf(series);
    const next: SeriesState = { amounts: new Map(), prices: new Map() };
    for (const a of s.assets) {
      const key = amountsKey(a);
      if (before.amounts.get(a.asset) !== key) insertHolding.run(series, a.asset, s.takenAt, a.main, a.tradeAvailable, a.tradeFrozen, a.collateral, a.total);
      if (!before.prices.has(a.asset) || before.prices.get(a.asset) !== a.price) insertPrice.run(series, a.asset, s.takenAt, a.price);
      next.amounts.set(a.asset, key);
      next.prices.set(a.asset, a.price);
    }
    for (const asset of before.amounts.keys()) {
      if (!next.amounts.has(asset)) insertHolding.run(series, asset, s.takenAt, null, null, null, null, null);
    }
    return { id, seriesId: series, next };
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

    /** One transaction: the snapshot and what changed since the series' last one, or nothing. Returns its id. */
    write(snapshot: SnapshotInput): number {
      // A snapshot can be lost to a power cut without harm (the next one follows within minutes), so
      // its commit skips the fsync that withdrawal records need (WAL + NORMAL is still crash-safe);
      // the next FULL commit syncs it too. Nothing else runs between these synchronous lines.
      connection.pragma('synchronous = NORMAL');
      try {
        const { id, seriesId: series, next } = write.immediate(snapshot);
        // Only after the commit: a rolled-back write leaves the state the database has.
        states.set(series, next);
        return id;
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
      const id = asset === null ? undefined : seriesId(accountId, quote);
      for (let start = from; start <= to; start += bucketMs) {
        const row = newestBy.get(accountId, quote, Math.min(start + bucketMs - 1, to)) as [number, number, string] | undefined;
        // Older than this bucket: the bucket is empty (its snapshot belongs to an earlier one).
        if (!row || row[1] < start) continue;
        const [, at, total] = row;
        if (asset === null) points.push({ at, value: total });
        else points.push({ at, ...(id === undefined ? { value: '0', amount: '0' } : assetValueAt(id, asset, at)) });
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
      const total = edgeAt.get(accountId, quote, at) as string | undefined;
      if (total === undefined || asset === null) return total;
      const id = seriesId(accountId, quote);
      return id === undefined ? '0' : assetValueAt(id, asset, at).value;
    },

    /** Assets held at either of the given snapshot times (the picker offers what was held at either end). */
    assetsAt(accountId: string, quote: string, times: number[]): string[] {
      const id = seriesId(accountId, quote);
      if (id === undefined || times.length === 0) return [];
      const held = new Set<string>();
      for (const at of [times[0]!, times[times.length - 1]!]) {
        for (const [asset, , , , , total] of holdingsAt.all(id, at) as HoldingRow[]) if (total !== null) held.add(asset);
      }
      return [...held].sort();
    },

    asOf(accountId: string, quote: string, at: number): (StoredSnapshot & { assets: SnapshotAsset[] }) | null {
      const row = before.get(accountId, quote, at) as StoredSnapshot | undefined;
      if (!row) return null;
      const id = seriesId(accountId, quote);
      return { ...row, assets: id === undefined ? [] : assetsAt(id, row.takenAt) };
    },

    /**
     * The snapshot nearest to `at` on either side, no further than `within` ms from it (two index
     * seeks), with its assets; null when there is none that close.
     */
    nearest(accountId: string, quote: string, at: number, within: number): (StoredSnapshot & { assets: SnapshotAsset[] }) | null {
      const earlier = before.get(accountId, quote, at) as StoredSnapshot | undefined;
      const later = after.get(accountId, quote, at) as StoredSnapshot | undefined;
      const candidates = [earlier, later].filter((row): row is StoredSnapshot => row !== undefined && Math.abs(row.takenAt - at) <= within);
      const row = candidates.sort((a, b) => Math.abs(a.takenAt - at) - Math.abs(b.takenAt - at))[0];
      if (!row) return null;
      const id = seriesId(accountId, quote);
      return { ...row, assets: id === undefined ? [] : assetsAt(id, row.takenAt) };
    },

    addEvent(accountId: string, at: number, kind: TimelineEventKind, ref: string, title: string, detail: string): void {
      insertEvent.run(accountId, at, kind, ref, title, detail);
    },

    events(accountId: string, from: number, to: number): TimelineEvent[] {
      return (eventsIn.all(accountId, from, to) as StoredEventRow[]).map(eventOf).filter((e): e is TimelineEvent => e !== null);
    },

    /** The database's size and History's part of it. */
    space(): DatabaseSpace {
      return spaceOf(connection);
    },

    /** Hands back at most `pages` freed pages; returns how many free pages are left. */
    reclaim(pages: number): number {
      return reclaimFreePages(connection, pages);
    },

    /** Takes a database from before incremental vacuum to it, when its pages in use are at most `maxLiveBytes`. */
    makeIncremental(maxLiveBytes: number): boolean {
      return enableIncrementalVacuum(connection, maxLiveBytes);
    },

    /** One batch of retention (retention.ts); 0 once a pass is complete. */
    compactBatch(now: number, limit: number): number {
      return retention.compactBatch(now, limit);
    },
  };
}

export type HistoryStore = ReturnType<typeof createHistoryStore>;
