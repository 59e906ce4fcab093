/**
 * The account over time. Balances refreshes hand their overview to `offer`, which only
 * queues it: it is looked at after the refresh's answer has left (setImmediate), so a refresh never
 * waits for the disk. Whether it becomes a snapshot is the snapshot clock's choice (cadence.ts), not
 * the refresh's: however often balances refresh, a series gets at most two snapshots a minute.
 * A timer takes a snapshot of each account at least every 5 minutes while the app runs, and
 * retention compaction runs in the background in small batches, returning freed pages as it goes.
 */
import { createHash } from 'node:crypto';
import { AppFailure } from '../../../shared/errors';
import type { BalanceRow, BalancesOverview } from '../../../shared/model/balances';
import {
  ALL_ACCOUNTS_SERIES,
  CHANGE_TOLERANCE_MS,
  CHANGE_WINDOW_MS,
  MAX_SERIES_POINTS,
  type AssetChanges,
  RANGE_MS,
  type BalancesAsOf,
  type HistoryRange,
  type HistorySeries,
  type HistorySpace,
  type TimelineEventKind,
} from '../../../shared/model/history';
import type { PositionAlert } from '../../../shared/model/alerts';
import type { WithdrawalRecord } from '../../../shared/model/withdrawals';
import { percentChange, sub } from '../../../shared/money/decimal';
import { decide, digestOf, type SeriesClock } from './cadence';
import { assetChanges } from './changes';
import type { HistoryStore, SnapshotInput } from './store';
import { alertEventValues, withdrawalEventValues } from './timeline';

export const SNAPSHOT_INTERVAL_MS = 5 * 60_000;
const COMPACTION_INTERVAL_MS = 10 * 60_000;
const COMPACTION_BATCH = 200;
/** Free pages handed back per step (4 MB at SQLite's default page size). */
const RECLAIM_PAGES = 1_024;
/** Pages in use up to this are copied by a background VACUUM in about a second. */
const BACKGROUND_VACUUM_BYTES = 64 * 1_048_576;
const ASKED_VACUUM_BYTES = 1_024 * 1_048_576;

export interface HistoryTimers {
  setInterval(fn: () => void, ms: number): { unref?(): void };
  clearInterval(handle: unknown): void;
}

export interface HistoryServiceOptions {
  /** Null when the database could not be opened: history is then off and says so. */
  store: HistoryStore | null;
  /** Accounts to snapshot on the timer. */
  accounts: () => Promise<{ id: string }[]>;
  /** A fresh overview of one account, or of every account without one (the timer's snapshots). */
  overview: (accountId?: string) => Promise<BalancesOverview>;
  quote: () => string;
  now?: () => number;
  /** 0 turns the timer off (tests drive `tick`). Default 5 minutes. */
  intervalMs?: number;
  timers?: HistoryTimers;
  onError?: (what: string, error: unknown) => void;
}

/**
 * What the overview must have to be a snapshot: every part of every account and the prices read.
 * An overview of several accounts is the all-accounts series, valued at its grand total.
 */
function isComplete(overview: BalancesOverview): boolean {
  return (
    overview.accounts.length > 0 &&
    overview.pricedAt !== null &&
    !overview.byAccount.some((a) => a.value === null) &&
    !overview.notes.some((n) => n.kind === 'part_unavailable' || n.kind === 'prices_unavailable')
  );
}

function seriesOf(overview: BalancesOverview): { accountId: string; total: string } {
  return overview.accounts.length === 1
    ? { accountId: overview.accounts[0]!.id, total: overview.totals.value }
    : { accountId: ALL_ACCOUNTS_SERIES, total: overview.grandTotal };
}

function snapshotAssetOf(r: BalanceRow): SnapshotInput['assets'][number] {
  return { asset: r.asset, main: r.main, tradeAvailable: r.tradeAvailable, tradeFrozen: r.tradeFrozen, collateral: r.collateral, total: r.total, price: r.price, value: r.value };
}

/** What the digest compares of an asset: its amounts, and its price (its value follows from them). */
const amountFieldsOf = (a: SnapshotInput['assets'][number]): string[] => [a.asset, a.main, a.tradeAvailable, a.tradeFrozen, a.collateral];
const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url');

export function snapshotOf(overview: BalancesOverview, takenAt: number): SnapshotInput {
  const assets = overview.rows.map(snapshotAssetOf);
  const amounts = [overview.quote, assets.map(amountFieldsOf)];
  const digest = digestOf(hash(amounts), hash([amounts, seriesOf(overview).total, assets.map((a) => a.price)]));
  return { ...seriesOf(overview), quote: overview.quote, takenAt, unpriced: overview.unpriced, digest, assets };
}

export function createHistoryService(options: HistoryServiceOptions) {
  const now = options.now ?? Date.now;
  const store = options.store;
  const onError = options.onError ?? (() => undefined);
  const pending = new Map<string, { overview: BalancesOverview; at: number; force: boolean }>();
  /** Snapshots the clock has not let through yet, by series: each series' newest. */
  const held = new Map<string, SnapshotInput>();
  /** When each series last had a snapshot written early for changed amounts (this run only). */
  const earlyAt = new Map<string, number>();
  /** The newest complete figures offered per series, and when: "now" for what changed per asset. */
  const latest = new Map<string, { at: number; assets: SnapshotInput['assets'] }>();
  let flushing: NodeJS.Immediate | null = null;
  let compacting: Promise<void> | null = null;
  let closed = false;

  function unavailable(): never {
    throw new AppFailure({ kind: 'internal', reason: 'history_unavailable', message: "History is unavailable: the app's database could not be opened." });
  }

  /** Writes the snapshot now, at a time unique in its series. */
  function write(key: string, snapshot: SnapshotInput, last: SeriesClock | undefined): void {
    // Two snapshots in one millisecond: times stay unique per series.
    if (last && snapshot.takenAt <= last.lastAt) snapshot.takenAt = last.lastAt + 1;
    store!.write(snapshot);
    held.delete(key);
  }

  function clockOf(key: string, snapshot: SnapshotInput): SeriesClock | undefined {
    const last = store!.last(snapshot.accountId, snapshot.quote);
    return last && { lastAt: last.takenAt, lastDigest: last.digest, lastEarlyAt: earlyAt.get(key) ?? -Infinity };
  }

  /** Looks at what is queued (each series' latest overview). Returns how many snapshots it wrote. */
  function flush(): number {
    flushing = null;
    if (!store) return 0;
    let written = 0;
    for (const [key, item] of [...pending]) {
      pending.delete(key);
      try {
        const snapshot = snapshotOf(item.overview, item.at);
        const last = clockOf(key, snapshot);
        const decision = decide(last, snapshot.takenAt, snapshot.digest, item.force);
        if (decision === 'hold') {
          held.set(key, snapshot);
        } else if (decision === 'skip') {
          // Back to what was last written: nothing newer to keep.
          held.delete(key);
        } else {
          write(key, snapshot, last);
          if (decision === 'write_early') earlyAt.set(key, snapshot.takenAt);
          written++;
        }
      } catch (error) {
        onError('history snapshot could not be written', error);
      }
    }
    return written;
  }

  /** Writes the held snapshots of one account (every one without): History shows the present. */
  function writeHeld(accountId?: string): void {
    flush();
    for (const [key, snapshot] of [...held]) {
      if (accountId !== undefined && snapshot.accountId !== accountId) continue;
      try {
        write(key, snapshot, clockOf(key, snapshot));
      } catch (error) {
        held.delete(key);
        onError('history snapshot could not be written', error);
      }
    }
  }

  /**
   * Offers the overview for a snapshot, looked at after the current call has answered. `force`: write
   * even when nothing changed, if the clock is due (the 5-minute timer, so the chart reaches the present).
   */
  function offer(overview: BalancesOverview, force = false): void {
    if (closed || !store || !isComplete(overview)) return;
    const key = `${seriesOf(overview).accountId}\n${overview.quote}`;
    const at = now();
    latest.set(key, { at, assets: overview.rows.map(snapshotAssetOf) });
    pending.set(key, { overview, at, force });
    flushing ??= setImmediate(flush);
  }

  /**
   * The timer's work: a snapshot of every account (each on its own; one failing keeps the others),
   * and of all of them together when there are several.
   */
  async function tick(): Promise<void> {
    if (closed || !store) return;
    const accounts = await options.accounts().catch((error: unknown) => (onError('history: accounts could not be listed', error), []));
    const subjects: (string | undefined)[] = accounts.map((a) => a.id);
    if (accounts.length > 1) subjects.push(undefined);
    await Promise.all(
      subjects.map(async (accountId) => {
        try {
          offer(await options.overview(accountId), true);
        } catch (error) {
          onError('history: timed snapshot failed', error);
        }
      }),
    );
  }

  const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));

  /**
   * Retention in batches, then the freed pages handed back a few at a time, yielding to the event
   * loop between batches so refreshes go on. A database from before incremental vacuum takes it on
   * once thinning has left it small enough to copy quickly.
   */
  function compact(): Promise<void> {
    if (!store || closed) return Promise.resolve();
    compacting ??= (async () => {
      try {
        while (!closed && store.compactBatch(now(), COMPACTION_BATCH) > 0) await yieldToOthers();
        if (!closed) store.makeIncremental(BACKGROUND_VACUUM_BYTES);
        while (!closed && store.reclaim(RECLAIM_PAGES) > 0) await yieldToOthers();
      } catch (error) {
        onError('history compaction failed', error);
      } finally {
        compacting = null;
      }
    })();
    return compacting;
  }

  /** Settings' "thin now": retention at once, freed space handed back, and the space after. */
  async function thinNow(): Promise<HistorySpace> {
    if (!store) unavailable();
    await compacting;
    await compact();
    // Asked for by the person: a larger copy is worth it to return the space now.
    try {
      if (!closed && store.makeIncremental(ASKED_VACUUM_BYTES)) while (!closed && store.reclaim(RECLAIM_PAGES) > 0) await yieldToOthers();
    } catch (error) {
      onError('history could not be made compact', error);
    }
    return space();
  }

  function space(): HistorySpace {
    if (!store) unavailable();
    return store.space();
  }

  function recordEvent(accountId: string, at: number, kind: TimelineEventKind, ref: string, values: { title: string; detail: string }): void {
    if (!store || closed) return;
    try {
      store.addEvent(accountId, at, kind, ref, values.title, values.detail);
    } catch (error) {
      onError('history event could not be written', error);
    }
  }

  /** A withdrawal the exchange accepted, once; its words follow the record's state when read. */
  function recordWithdrawal(record: WithdrawalRecord): void {
    recordEvent(record.accountId, record.lastSentAt ?? record.updatedAt, 'withdrawal_sent', record.uniqueId, withdrawalEventValues(record));
  }

  function recordAlert(alert: PositionAlert): void {
    recordEvent(alert.accountId, alert.at, 'alert_fired', `${alert.at}:${alert.id}`, alertEventValues(alert));
  }

  function series(request: { accountId: string; range: HistoryRange; asset?: string; quote?: string; points?: number; now?: number }): HistorySeries {
    if (!store) unavailable();
    writeHeld(request.accountId);
    const quote = request.quote ?? options.quote();
    const to = request.now ?? now();
    const firstAt = store.firstAt(request.accountId, quote);
    const from = request.range === 'all' ? (firstAt ?? to) : to - RANGE_MS[request.range];
    const points = Math.min(request.points ?? 1_000, MAX_SERIES_POINTS);
    // Buckets span the data that exists: a day's range over 20 minutes of history still draws
    // the 20 minutes at full detail, not as one bucket.
    const start = Math.min(to, Math.max(from, firstAt ?? from));
    const bucketMs = Math.max(1, Math.ceil((to - start + 1) / points));
    const asset = request.asset ?? null;
    const thinned = store.series(request.accountId, quote, asset, start, to, bucketMs);
    const { n, first: firstInRange } = store.count(request.accountId, quote, from, to);
    // The change runs from the range's first snapshot to its last; the first point of a bucket is
    // its newest, so the range's very first value is read on its own.
    let change: HistorySeries['change'] = null;
    if (thinned.length > 0 && firstInRange !== null && n > 1) {
      const first = store.valueAt(request.accountId, quote, asset, firstInRange) ?? null;
      const last = thinned[thinned.length - 1]!.value;
      if (first !== null && last !== null) change = { value: sub(last, first), percent: percentChange(first, last) };
    }
    const ends = thinned.length > 0 ? [firstInRange ?? thinned[0]!.at, thinned[thinned.length - 1]!.at] : [];
    return {
      accountId: request.accountId,
      quote,
      range: request.range,
      asset,
      from,
      to,
      points: thinned,
      change,
      snapshots: n,
      assets: asset === null ? store.assetsAt(request.accountId, quote, ends) : [],
      events: store.events(request.accountId, from, to),
      firstAt,
    };
  }

  function asOf(request: { accountId: string; at: number; quote?: string }): BalancesAsOf {
    if (!store) unavailable();
    writeHeld(request.accountId);
    const quote = request.quote ?? options.quote();
    const found = store.asOf(request.accountId, quote, request.at);
    return {
      accountId: request.accountId,
      quote,
      asOf: request.at,
      snapshot: found && { takenAt: found.takenAt, total: found.total, unpriced: found.unpriced, assets: found.assets },
    };
  }

  /**
   * Each asset's amount and value now (the newest figures Balances read, or else the newest
   * snapshot) against the snapshot nearest a day earlier. `accountId` may be the all-accounts series.
   */
  function changes(request: { accountId: string; quote?: string }): AssetChanges {
    const quote = request.quote ?? options.quote();
    const answer = (part: Partial<AssetChanges>): AssetChanges => ({ accountId: request.accountId, quote, at: null, since: null, missing: null, assets: [], ...part });
    if (!store) return answer({ missing: 'history_unavailable' });
    const current = latest.get(`${request.accountId}\n${quote}`) ?? newestSnapshot(request.accountId, quote);
    if (!current) return answer({ missing: 'no_figures' });
    const then = store.nearest(request.accountId, quote, current.at - CHANGE_WINDOW_MS, CHANGE_TOLERANCE_MS);
    if (!then) return answer({ at: current.at, missing: 'not_enough_history' });
    return answer({ at: current.at, since: then.takenAt, assets: assetChanges(current.assets, then.assets) });
  }

  function newestSnapshot(accountId: string, quote: string): { at: number; assets: SnapshotInput['assets'] } | undefined {
    const found = store!.asOf(accountId, quote, now());
    return found ? { at: found.takenAt, assets: found.assets } : undefined;
  }

  try {
    store?.backfillWithdrawals();
  } catch (error) {
    onError('history: earlier withdrawals could not be put on the timeline', error);
  }

  const timers = options.timers ?? { setInterval: (fn, ms) => setInterval(fn, ms), clearInterval: (h) => clearInterval(h as NodeJS.Timeout) };
  const intervalMs = options.intervalMs ?? SNAPSHOT_INTERVAL_MS;
  const handles: unknown[] = [];
  if (store && intervalMs > 0) {
    const snapshotTimer = timers.setInterval(() => void tick(), intervalMs);
    const compactionTimer = timers.setInterval(() => void compact(), COMPACTION_INTERVAL_MS);
    // The app's lifetime is the windows' and the server's, not these timers'.
    snapshotTimer.unref?.();
    compactionTimer.unref?.();
    handles.push(snapshotTimer, compactionTimer);
  }

  return {
    offer,
    /** Writes what is queued now (tests; close). */
    flush,
    tick,
    compact,
    thinNow,
    space,
    recordWithdrawal,
    recordAlert,
    series,
    asOf,
    changes,
    async close(): Promise<void> {
      if (closed) return;
      for (const handle of handles) timers.clearInterval(handle);
      if (flushing) clearImmediate(flushing);
      if (store) writeHeld();
      closed = true;
      await compacting;
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
