/**
 * Outcome tracking against the exchange's history. Looks records up by uniqueId: `sent` ones until
 * a final phase, `unknown`/`not_found` ones until history settles them (a discarded one for a week,
 * and only every few minutes). It records what the exchange debited (amount and fee) beside what the
 * person confirmed. It never sends.
 */
import { withdrawalPhase, type WithdrawalPhase } from '../../../shared/api/endpoints';
import type { HistoryRecord } from '../../../shared/api/schemas';
import { historyLookupById, recordHasId } from '../../../shared/api/withdrawRequest';
import { toAppError, type AppError } from '../../../shared/errors';
import type { WithdrawalRecord, WithdrawalState } from '../../../shared/model/withdrawals';
import { dec, toPlain } from '../../../shared/money/decimal';
import type { createKeyedLock } from './keyedLock';
import type { WithdrawalExchangeClient } from './service';
import type { WithdrawalStore } from './store';
import { mayStillAppear, watchStart } from './twins';

/** A discarded absent withdrawal stays watched this long after its last request, in case history lags badly. */
export const DISCARDED_WATCH_MS = 7 * 24 * 60 * 60_000;
/** ...but is looked up only this often, to spare the exchange's history budget. */
export const DISCARDED_CHECK_EVERY_MS = 5 * 60_000;

/**
 * Phases after which history will not change any more (docs/exchange-api.md, "History"):
 * successful and canceled. Unconfirmed by user, partially successful and AML frozen are NOT final.
 */
const FINAL_PHASES: ReadonlySet<WithdrawalPhase> = new Set(['successful', 'canceled']);

export function isFinished(record: WithdrawalRecord): boolean {
  if (record.state === 'rejected') return true;
  return record.state === 'sent' && record.phase !== null && FINAL_PHASES.has(record.phase);
}

export interface TrackerOptions {
  ready: () => Promise<WithdrawalStore>;
  clientFor: (accountId: string) => Promise<WithdrawalExchangeClient>;
  save: (store: WithdrawalStore, record: WithdrawalRecord) => Promise<WithdrawalRecord>;
  update: (record: WithdrawalRecord, change: Partial<WithdrawalRecord>) => WithdrawalRecord;
  withLock: ReturnType<typeof createKeyedLock>;
  now: () => number;
  trackIntervalMs: number;
}

export type Tracker = ReturnType<typeof createTracker>;

export function createTracker(options: TrackerOptions) {
  const { now, save, update, withLock, trackIntervalMs } = options;
  let closed = false;
  let trackTimer: ReturnType<typeof setTimeout> | null = null;
  let trackDueAt = 0;
  let trackRun: Promise<void> | null = null;
  /** When each discarded record was last looked up (in memory: after a restart it is looked up once at once). */
  const discardedCheckedAt = new Map<string, number>();

  /** Records the tracker keeps looking at: money may be moving and we do not know the end yet. */
  function needsTracking(record: WithdrawalRecord): boolean {
    if (record.state === 'not_found' && record.discardedAt !== null) return now() - watchStart(record) < DISCARDED_WATCH_MS;
    if (record.state === 'not_found') return mayStillAppear(record, now());
    if (record.state === 'sent' && !isFinished(record)) return true;
    if (record.state === 'unknown') return true;
    // A finished record from before debits were recorded: looked up (for a week) until history gives them.
    return record.state === 'sent' && record.debitedAmount === null && now() - watchStart(record) < DISCARDED_WATCH_MS;
  }

  /** Due for a lookup in this tracking round (discarded records only every DISCARDED_CHECK_EVERY_MS). */
  function dueForLookup(record: WithdrawalRecord): boolean {
    if (!needsTracking(record)) return false;
    if (record.state !== 'not_found' || record.discardedAt === null) return true;
    const last = discardedCheckedAt.get(record.uniqueId);
    return last === undefined || now() - last >= DISCARDED_CHECK_EVERY_MS;
  }

  /** Finished for the journal's pruning: also a discarded record whose watch has ended. */
  function isDone(record: WithdrawalRecord): boolean {
    return isFinished(record) || (record.state === 'not_found' && record.discardedAt !== null && !needsTracking(record));
  }

  /** History lookup by uniqueId; the caller holds the lock. Throws when the lookup itself fails. */
  async function lookUp(store: WithdrawalStore, record: WithdrawalRecord): Promise<WithdrawalRecord> {
    let found: HistoryRecord | undefined;
    try {
      const client = await options.clientFor(record.accountId);
      // Both id spellings are sent, and records are matched client-side by either (docs/exchange-api.md).
      const history = await client.history(historyLookupById(record.uniqueId));
      found = history.records.find((r) => recordHasId(r, record.uniqueId));
    } catch (thrown) {
      const lastError = toAppError(thrown);
      if (sameError(record.lastError, lastError)) throw thrown;
      await save(store, update(record, { lastError }));
      throw thrown;
    }
    if (record.discardedAt !== null) discardedCheckedAt.set(record.uniqueId, now());
    if (found) {
      const phase = withdrawalPhase(found.status);
      const { partial, confirmations, transactionHash } = found;
      const debitedAmount = unsigned(found.amount);
      const debitedFee = found.fee === null ? null : unsigned(found.fee);
      const unchanged =
        record.state === 'sent' &&
        record.historyStatus === found.status &&
        record.lastError === null &&
        (record.transactionHash ?? null) === transactionHash &&
        record.debitedAmount === debitedAmount &&
        record.debitedFee === debitedFee &&
        JSON.stringify([record.partial, record.confirmations]) === JSON.stringify([partial, confirmations]);
      if (unchanged) return record;
      // A discarded record keeps `discardedAt`: sent + discardedAt is "paid after discard" (paidAfterDiscard).
      return save(
        store,
        update(record, { state: 'sent', phase, historyStatus: found.status, partial, confirmations, transactionHash, debitedAmount, debitedFee, lastError: null }),
      );
    }
    // Absent. Only an unresolved outcome becomes `not_found`; a 201-confirmed record simply is not
    // listed yet (history can lag), and a prepared one was never sent.
    const resolvedState: WithdrawalState = record.state === 'unknown' || record.state === 'sending' ? 'not_found' : record.state;
    if (resolvedState === record.state) return record;
    // lastError is kept: it says why the outcome was unknown (e.g. "the connection was cut off").
    return save(store, update(record, { state: resolvedState }));
  }

  function schedule(delayMs: number): void {
    if (closed) return;
    const dueAt = Date.now() + delayMs;
    if (trackTimer) {
      // Keep the earlier of the two wake-ups.
      if (trackDueAt <= dueAt) return;
      clearTimeout(trackTimer);
    }
    trackDueAt = dueAt;
    trackTimer = setTimeout(() => {
      trackTimer = null;
      trackRun = trackOnce().finally(() => {
        trackRun = null;
      });
    }, delayMs);
    trackTimer.unref?.();
  }

  async function trackOnce(): Promise<void> {
    const store = await options.ready();
    for (const candidate of store.all().filter(dueForLookup)) {
      if (closed) return;
      try {
        await withLock(candidate.uniqueId, async () => {
          const current = store.get(candidate.uniqueId);
          if (current && dueForLookup(current)) await lookUp(store, current);
        });
      } catch {
        // Recorded on the record as lastError; try again next round.
      }
    }
    if (store.all().some(needsTracking)) schedule(trackIntervalMs);
  }

  async function close(): Promise<void> {
    closed = true;
    if (trackTimer) clearTimeout(trackTimer);
    trackTimer = null;
    await trackRun?.catch(() => undefined);
  }

  return {
    lookUp,
    schedule,
    needsTracking,
    isDone,
    close,
    /** The record was discarded just now (looked up at that moment) or removed. */
    markChecked: (uniqueId: string) => discardedCheckedAt.set(uniqueId, now()),
    forget: (uniqueId: string) => discardedCheckedAt.delete(uniqueId),
  };
}

/** History writes a withdrawal's amount with or without a sign; what left is its magnitude. */
function unsigned(value: string): string {
  return toPlain(dec(value.replace(/^\+/, '')).abs());
}

function sameError(a: AppError | null, b: AppError): boolean {
  return a !== null && a.kind === b.kind && a.message === b.message && a.reason === b.reason;
}
