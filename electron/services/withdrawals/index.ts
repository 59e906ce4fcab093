/**
 * Fee-on-top withdrawals: the one service that moves money.
 *
 * Life of a withdrawal (WithdrawalState in shared/ipc.ts):
 *   prepare -> `prepared` (uniqueId created once, fee computed from fresh data, on disk before anything is sent)
 *   send    -> `sending` (on disk) -> withdraw-pay with the recorded uniqueId, never retried:
 *              201 -> `sent`; refusal -> `rejected`; nothing happened (429, auth) -> back to `prepared`;
 *              outcome lost (timeout, reset, 5xx) -> `unknown` -> history lookup -> `sent` or `not_found`.
 *   `not_found` may be sent again by the user with the SAME uniqueId: if the first request did land
 *   after all, the exchange refuses the duplicate id, so money can leave at most once.
 * A background tracker polls history for `sent` records until a final phase, and keeps looking up
 * `unknown`/`not_found` ones. It never sends. A record left in `sending` by a crash is `unknown`.
 */
import { randomUUID } from 'node:crypto';
import { AppFailure, isAppFailure, toAppError, type AppError } from '../../../shared/errors';
import { withdrawalPhase, WITHDRAW_UNIQUE_ID, type WithdrawalPhase } from '../../../shared/api/endpoints';
import type { HistoryRecord } from '../../../shared/api/schemas';
import type { ParsedRequestOf, WithdrawalRecord, WithdrawalState } from '../../../shared/ipc';
import type { ExchangeClient } from '../exchange';
import { createKeyedLock } from './keyedLock';
import { openWithdrawalStore, type WithdrawalStore } from './store';
import { resolveWithdrawal } from './validate';

/** The part of the exchange client this service uses. */
export type WithdrawalExchangeClient = Pick<ExchangeClient, 'withdrawPay' | 'history' | 'assets' | 'fees' | 'balance'>;

export interface WithdrawalServiceOptions {
  dataDir: string;
  clientFor: (accountId: string) => Promise<WithdrawalExchangeClient>;
  emit: (record: WithdrawalRecord) => void;
  now?: () => number;
  /** Passed to withdrawPay; the client's own default applies when absent. */
  sendTimeoutMs?: number;
  /** How often the tracker looks at unfinished records. */
  trackIntervalMs?: number;
  /** Finished records kept across restarts. */
  keepRecent?: number;
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;

const DEFAULT_TRACK_INTERVAL_MS = 15_000;
/** The first history check after a 201 comes sooner, so the person sees the exchange's own status quickly. */
const FIRST_CHECK_AFTER_SEND_MS = 2_000;
const DEFAULT_KEEP_RECENT = 200;
/** Phases after which history will not change any more. */
const FINAL_PHASES: ReadonlySet<WithdrawalPhase> = new Set(['successful', 'canceled', 'partially_successful', 'unconfirmed_by_user']);

export function isFinished(record: WithdrawalRecord): boolean {
  if (record.state === 'rejected') return true;
  return record.state === 'sent' && record.phase !== null && FINAL_PHASES.has(record.phase);
}

/** How long an absent (`not_found`) withdrawal is still looked up in the background, in case history lags. */
const NOT_FOUND_WATCH_MS = 30 * 60_000;

export function createWithdrawalService(options: WithdrawalServiceOptions) {
  const now = options.now ?? Date.now;
  const withLock = createKeyedLock();
  const sendsInFlight = new Set<string>();
  const trackIntervalMs = options.trackIntervalMs ?? DEFAULT_TRACK_INTERVAL_MS;
  let closed = false;
  let trackTimer: ReturnType<typeof setTimeout> | null = null;
  let trackDueAt = 0;
  let trackRun: Promise<void> | null = null;

  /** Records the tracker keeps looking at: money may be moving and we do not know the end yet. */
  function needsTracking(record: WithdrawalRecord): boolean {
    if (record.state === 'not_found') return now() - record.updatedAt < NOT_FOUND_WATCH_MS;
    return record.state === 'unknown' || (record.state === 'sent' && !isFinished(record));
  }

  const ready: Promise<WithdrawalStore> = (async () => {
    const store = await openWithdrawalStore({ dataDir: options.dataDir, keepRecent: options.keepRecent ?? DEFAULT_KEEP_RECENT, isFinished });
    // A crash while `sending` means we cannot know whether the request reached the exchange.
    for (const record of store.all()) {
      if (record.state === 'sending') await store.put({ ...record, state: 'unknown', updatedAt: now() });
    }
    return store;
  })();
  // Resume tracking (and reconcile crash leftovers) as soon as the store is open.
  void ready.then(() => scheduleTracking(0), () => undefined);

  async function save(store: WithdrawalStore, record: WithdrawalRecord): Promise<WithdrawalRecord> {
    await store.put(record);
    options.emit(record);
    return record;
  }

  function update(record: WithdrawalRecord, change: Partial<WithdrawalRecord>): WithdrawalRecord {
    return { ...record, ...change, updatedAt: now() };
  }

  async function existing(uniqueId: string): Promise<{ store: WithdrawalStore; record: WithdrawalRecord }> {
    const store = await ready;
    const record = store.get(uniqueId);
    if (!record) throw new AppFailure({ kind: 'not_found', message: 'There is no withdrawal with this id on this computer.' });
    return { store, record };
  }

  function assertOpen(): void {
    if (closed) throw new AppFailure({ kind: 'internal', message: 'The withdrawal service has shut down.' });
  }

  /** History lookup by uniqueId; the caller holds the lock. Throws when the lookup itself fails. */
  async function lookUp(store: WithdrawalStore, record: WithdrawalRecord): Promise<WithdrawalRecord> {
    let found: HistoryRecord | undefined;
    try {
      const client = await options.clientFor(record.accountId);
      const history = await client.history({ transactionMethod: 2, uniqueId: record.uniqueId, limit: 100, offset: 0 });
      found = history.records.find((r) => r.uniqueId === record.uniqueId);
    } catch (thrown) {
      const lastError = toAppError(thrown);
      if (sameError(record.lastError, lastError)) throw thrown;
      await save(store, update(record, { lastError }));
      throw thrown;
    }
    if (found) {
      const phase = withdrawalPhase(found.status);
      if (record.state === 'sent' && record.historyStatus === found.status && record.lastError === null) return record;
      return save(store, update(record, { state: 'sent', phase, historyStatus: found.status, lastError: null }));
    }
    // Absent. Only an unresolved outcome becomes `not_found`; a 201-confirmed record simply is not
    // listed yet (history can lag), and a prepared one was never sent.
    const resolvedState: WithdrawalState = record.state === 'unknown' || record.state === 'sending' ? 'not_found' : record.state;
    if (resolvedState === record.state) return record;
    // lastError is kept: it says why the outcome was unknown (e.g. "the connection was cut off").
    return save(store, update(record, { state: resolvedState }));
  }

  async function prepare(request: ParsedRequestOf<'withdraw.prepare'>): Promise<WithdrawalRecord> {
    assertOpen();
    const store = await ready;
    const client = await options.clientFor(request.accountId);
    // Fresh data every time: a fee or balance cached by the renderer may be stale.
    const [assets, fees, balance] = await Promise.all([client.assets(), client.fees(), client.balance()]);
    const resolved = resolveWithdrawal(request, { assets, fees, balance });
    const uniqueId = randomUUID();
    if (!WITHDRAW_UNIQUE_ID.test(uniqueId)) throw new AppFailure({ kind: 'internal', message: 'Could not create a withdrawal id.' });
    const createdAt = now();
    const record: WithdrawalRecord = {
      uniqueId,
      accountId: request.accountId,
      ticker: resolved.ticker,
      network: resolved.network,
      provider: resolved.provider,
      memo: resolved.memo,
      address: resolved.address,
      amount: resolved.preview.receiverGets,
      fee: resolved.preview.fee,
      totalDebit: resolved.preview.totalDebit,
      state: 'prepared',
      phase: null,
      historyStatus: null,
      lastError: null,
      createdAt,
      updatedAt: createdAt,
    };
    return save(store, record);
  }

  async function send({ uniqueId }: { uniqueId: string }): Promise<WithdrawalRecord> {
    assertOpen();
    // A second send while one is in flight is refused, not queued: queued behind a send that ends
    // `not_found`, it would re-send without the person having seen that outcome.
    if (sendsInFlight.has(uniqueId)) {
      throw new AppFailure({ kind: 'validation', message: alreadyHandledMessage('sending'), fields: { uniqueId: [alreadyHandledMessage('sending')] } });
    }
    sendsInFlight.add(uniqueId);
    try {
      return await sendUnderLock(uniqueId);
    } finally {
      sendsInFlight.delete(uniqueId);
    }
  }

  function sendUnderLock(uniqueId: string): Promise<WithdrawalRecord> {
    return withLock(uniqueId, async () => {
      const { store, record } = await existing(uniqueId);
      if (record.state !== 'prepared' && record.state !== 'not_found') {
        throw new AppFailure({ kind: 'validation', message: alreadyHandledMessage(record.state), fields: { uniqueId: [alreadyHandledMessage(record.state)] } });
      }
      let client: WithdrawalExchangeClient;
      try {
        client = await options.clientFor(record.accountId);
      } catch (thrown) {
        return save(store, update(record, { lastError: toAppError(thrown) }));
      }
      // On disk before the request leaves: a crash from here on is treated as "outcome unknown".
      const sending = await save(store, update(record, { state: 'sending', lastError: null }));
      try {
        await client.withdrawPay(
          {
            ticker: record.ticker,
            amount: record.amount,
            address: record.address,
            uniqueId: record.uniqueId,
            ...(record.memo ? { memo: record.memo } : {}),
            ...(record.network ? { network: record.network } : {}),
            ...(record.provider ? { provider: record.provider } : {}),
          },
          options.sendTimeoutMs ? { timeoutMs: options.sendTimeoutMs } : {},
        );
      } catch (thrown) {
        return settleFailedSend(store, sending, record.state, thrown);
      }
      const sent = await save(store, update(sending, { state: 'sent' }));
      scheduleTracking(Math.min(FIRST_CHECK_AFTER_SEND_MS, trackIntervalMs));
      return sent;
    });
  }

  async function settleFailedSend(store: WithdrawalStore, sending: WithdrawalRecord, stateBefore: WithdrawalState, thrown: unknown): Promise<WithdrawalRecord> {
    const error = toAppError(thrown);
    const outcome = classifySendFailure(thrown, error);
    if (outcome === 'exists') {
      // Our ids are random, so "already taken" means this very withdrawal reached the exchange earlier.
      const sent = await save(store, update(sending, { state: 'sent', lastError: null }));
      scheduleTracking(0);
      return sent;
    }
    if (outcome === 'refused') return save(store, update(sending, { state: 'rejected', lastError: error }));
    // Proven not processed (throttled, key refused): the user may try again with the same id.
    if (outcome === 'not_sent') return save(store, update(sending, { state: stateBefore, lastError: error }));
    const unknown = await save(store, update(sending, { state: 'unknown', lastError: error }));
    try {
      return await lookUp(store, unknown);
    } catch {
      // The lookup failed too; the record stays `unknown` and the tracker keeps looking.
      scheduleTracking(trackIntervalMs);
      return store.get(unknown.uniqueId) ?? unknown;
    }
  }

  async function reconcile({ uniqueId }: { uniqueId: string }): Promise<WithdrawalRecord> {
    assertOpen();
    return withLock(uniqueId, async () => {
      const { store, record } = await existing(uniqueId);
      const result = await lookUp(store, record);
      if (needsTracking(result)) scheduleTracking(trackIntervalMs);
      return result;
    });
  }

  async function discard({ uniqueId }: { uniqueId: string }): Promise<{ discarded: true }> {
    assertOpen();
    return withLock(uniqueId, async () => {
      const { store, record } = await existing(uniqueId);
      if (record.state === 'not_found') {
        // Last look before forgetting it: history may have caught up since the previous lookup.
        const checked = await lookUp(store, record);
        if (checked.state === 'sent') throw new AppFailure({ kind: 'validation', message: 'This withdrawal reached the exchange after all; it cannot be discarded.' });
      } else if (record.state !== 'prepared' && record.state !== 'rejected') {
        throw new AppFailure({ kind: 'validation', message: 'Only withdrawals that were never sent, were refused, or are absent from history can be discarded.' });
      }
      await store.remove(uniqueId);
      return { discarded: true as const };
    });
  }

  async function list({ accountId }: { accountId?: string }): Promise<WithdrawalRecord[]> {
    const store = await ready;
    return store
      .all()
      .filter((r) => accountId === undefined || r.accountId === accountId)
      .sort((a, b) => b.createdAt - a.createdAt);
  }

  // ---------- tracking ----------

  function scheduleTracking(delayMs: number): void {
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
    const store = await ready;
    for (const candidate of store.all().filter(needsTracking)) {
      if (closed) return;
      try {
        await withLock(candidate.uniqueId, async () => {
          const current = store.get(candidate.uniqueId);
          if (current && needsTracking(current)) await lookUp(store, current);
        });
      } catch {
        // Recorded on the record as lastError; try again next round.
      }
    }
    if (store.all().some(needsTracking)) scheduleTracking(trackIntervalMs);
  }

  async function close(): Promise<void> {
    closed = true;
    if (trackTimer) clearTimeout(trackTimer);
    trackTimer = null;
    await trackRun?.catch(() => undefined);
    const store = await ready.catch(() => null);
    await store?.close();
  }

  return { prepare, send, reconcile, discard, list, close };
}

type SendOutcome = 'refused' | 'not_sent' | 'unknown' | 'exists';

/**
 * What a failed withdraw-pay means for the money. Only answers that prove the exchange did not
 * process the request count as refused or not sent; everything else (timeouts, resets, 5xx,
 * garbled bodies, our own bugs) means "it may have happened" and must be looked up.
 */
export function classifySendFailure(thrown: unknown, error: AppError): SendOutcome {
  if (!isAppFailure(thrown)) return 'unknown';
  switch (error.kind) {
    case 'validation':
      return isDuplicateIdError(error) ? 'exists' : 'refused';
    case 'rate_limited':
    case 'auth':
    case 'permission':
    case 'keychain':
      return 'not_sent';
    default:
      return 'unknown';
  }
}

function isDuplicateIdError(error: AppError): boolean {
  const messages = [...Object.entries(error.fields ?? {}).filter(([field]) => /unique_?id/i.test(field)).flatMap(([, m]) => m), error.message];
  return messages.some((m) => /already been taken/i.test(m));
}

function alreadyHandledMessage(state: WithdrawalState): string {
  switch (state) {
    case 'sending':
      return 'This withdrawal is being sent right now.';
    case 'sent':
      return 'This withdrawal was already sent.';
    case 'unknown':
      return 'The answer to this withdrawal was lost; check it again before doing anything else.';
    case 'rejected':
      return 'The exchange refused this withdrawal; prepare a new one.';
    default:
      return 'This withdrawal cannot be sent in its current state.';
  }
}

function sameError(a: AppError | null, b: AppError): boolean {
  return a !== null && a.kind === b.kind && a.message === b.message;
}
