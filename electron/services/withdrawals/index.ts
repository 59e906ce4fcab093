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
 *
 * History lags (issue 10, finding 2): an absent withdrawal may still appear. For NOT_FOUND_WATCH_MS
 * after its last request left, a `not_found` withdrawal can be neither discarded nor prepared again
 * under a new id (a "twin": same account, ticker, network, address, amount); re-sending with the same
 * id is the safe path. Discarded after that, it is kept with `discardedAt` and still looked up, and a
 * debit that appears later turns it `sent` (with `discardedAt` still set) and is emitted.
 */
import { randomUUID } from 'node:crypto';
import { AppFailure, isAppFailure, toAppError, type AppError } from '../../../shared/errors';
import { withdrawalPhase, WITHDRAW_UNIQUE_ID, type WithdrawalPhase } from '../../../shared/api/endpoints';
import type { HistoryRecord } from '../../../shared/api/schemas';
import { historyLookupById, recordHasId } from '../../../shared/api/withdrawRequest';
import type { ParsedRequestOf, ResponseOf } from '../../../shared/ipc';
import type { WithdrawalRecord, WithdrawalState } from '../../../shared/model/withdrawals';
import { compare } from '../../../shared/money/decimal';
import type { ExchangeClient } from '../exchange';
import { createKeyedLock } from './keyedLock';
import { openWithdrawalStore, type WithdrawalStore } from './store';
import { resolveWithdrawal, type ResolvedWithdrawal } from './validate';

/** The part of the exchange client this service uses. */
export type WithdrawalExchangeClient = Pick<ExchangeClient, 'withdrawPay' | 'history' | 'assets' | 'fees' | 'balance' | 'travelRuleVasps'>;

export interface WithdrawalServiceOptions {
  dataDir: string;
  clientFor: (accountId: string) => Promise<WithdrawalExchangeClient>;
  /** Whether the account is an EEA account (Travel Rule required for crypto). Default: no. */
  isEea?: (accountId: string) => boolean | Promise<boolean>;
  emit: (record: WithdrawalRecord) => void;
  /** Told when the exchange refuses a withdrawal for the key's lack of access, so the app remembers it. */
  onKeyRefused?: (accountId: string, message: string) => void | Promise<void>;
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
/**
 * Phases after which history will not change any more (API.md): successful (3, 7) and canceled (4).
 * Unconfirmed by user (5), partially successful (18) and AML frozen (21) are NOT final.
 */
const FINAL_PHASES: ReadonlySet<WithdrawalPhase> = new Set(['successful', 'canceled']);

export function isFinished(record: WithdrawalRecord): boolean {
  if (record.state === 'rejected') return true;
  return record.state === 'sent' && record.phase !== null && FINAL_PHASES.has(record.phase);
}

/** How long an absent (`not_found`) withdrawal is still looked up in the background, in case history lags. */
export const NOT_FOUND_WATCH_MS = 30 * 60_000;
/** A discarded absent withdrawal stays watched this long after its last request, in case history lags badly. */
export const DISCARDED_WATCH_MS = 7 * 24 * 60 * 60_000;
/** ...but is looked up only this often, to spare the exchange's history budget. */
export const DISCARDED_CHECK_EVERY_MS = 5 * 60_000;

/** Since when history might still show this withdrawal: its last request, or (older records) its last change. */
function watchStart(record: WithdrawalRecord): number {
  return record.lastSentAt ?? record.updatedAt;
}

export function createWithdrawalService(options: WithdrawalServiceOptions) {
  const now = options.now ?? Date.now;
  const withLock = createKeyedLock();
  const sendsInFlight = new Set<string>();
  const trackIntervalMs = options.trackIntervalMs ?? DEFAULT_TRACK_INTERVAL_MS;
  let closed = false;
  let trackTimer: ReturnType<typeof setTimeout> | null = null;
  let trackDueAt = 0;
  let trackRun: Promise<void> | null = null;

  /** When each discarded record was last looked up (in memory: after a restart it is looked up once at once). */
  const discardedCheckedAt = new Map<string, number>();

  /** Within the window in which history may still show an absent withdrawal. */
  function mayStillAppear(record: WithdrawalRecord): boolean {
    return now() - watchStart(record) < NOT_FOUND_WATCH_MS;
  }

  /** Records the tracker keeps looking at: money may be moving and we do not know the end yet. */
  function needsTracking(record: WithdrawalRecord): boolean {
    if (record.state === 'not_found' && record.discardedAt !== null) return now() - watchStart(record) < DISCARDED_WATCH_MS;
    if (record.state === 'not_found') return mayStillAppear(record);
    return record.state === 'unknown' || (record.state === 'sent' && !isFinished(record));
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

  const ready: Promise<WithdrawalStore> = (async () => {
    const store = await openWithdrawalStore({ dataDir: options.dataDir, keepRecent: options.keepRecent ?? DEFAULT_KEEP_RECENT, isFinished: isDone });
    for (const stored of store.all()) {
      // Records written before the Travel Rule and lag-watch fields existed get their defaults.
      const record = withDefaults(stored);
      // A crash while `sending` means we cannot know whether the request reached the exchange.
      if (record.state === 'sending') await store.put({ ...record, state: 'unknown', updatedAt: now() });
      else if (record !== stored) await store.put(record);
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
      // Both id spellings are sent, and records are matched client-side by either (API.md Decision).
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
      const unchanged =
        record.state === 'sent' &&
        record.historyStatus === found.status &&
        record.lastError === null &&
        (record.transactionHash ?? null) === transactionHash &&
        JSON.stringify([record.partial, record.confirmations]) === JSON.stringify([partial, confirmations]);
      if (unchanged) return record;
      // A discarded record keeps `discardedAt`: sent + discardedAt is "paid after discard" (paidAfterDiscard).
      return save(store, update(record, { state: 'sent', phase, historyStatus: found.status, partial, confirmations, transactionHash, lastError: null }));
    }
    // Absent. Only an unresolved outcome becomes `not_found`; a 201-confirmed record simply is not
    // listed yet (history can lag), and a prepared one was never sent.
    const resolvedState: WithdrawalState = record.state === 'unknown' || record.state === 'sending' ? 'not_found' : record.state;
    if (resolvedState === record.state) return record;
    // lastError is kept: it says why the outcome was unknown (e.g. "the connection was cut off").
    return save(store, update(record, { state: resolvedState }));
  }

  async function prepare(request: ParsedRequestOf<'withdrawals.prepare'>): Promise<WithdrawalRecord> {
    assertOpen();
    const store = await ready;
    const client = await options.clientFor(request.accountId);
    const eea = (await options.isEea?.(request.accountId)) ?? false;
    // Fresh data every time: a fee or balance cached by the renderer may be stale.
    const [assets, fees, balance] = await Promise.all([client.assets(), client.fees(), client.balance()]);
    const resolved = resolveWithdrawal(request, { assets: assets.items, fees, balance: balance.items }, { eea });
    refuseTwinOfAbsent(store, request.accountId, resolved);
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
      travelRule: resolved.extras.travelRule ?? null,
      beneficiary: resolved.extras.beneficiary ?? null,
      bankBic: resolved.extras.bankBic ?? null,
      customerIp: resolved.extras.customerIp ?? null,
      state: 'prepared',
      phase: null,
      historyStatus: null,
      partial: null,
      confirmations: null,
      lastError: null,
      createdAt,
      updatedAt: createdAt,
      lastSentAt: null,
      discardedAt: null,
    };
    return save(store, record);
  }

  /**
   * A new id for the same payment while an earlier one may still land would pay twice: refused while
   * an earlier attempt's outcome is open (`sending`, `unknown`) or it is absent within the lag window.
   */
  function refuseTwinOfAbsent(store: WithdrawalStore, accountId: string, w: ResolvedWithdrawal): void {
    const twin = store
      .all()
      .find(
        (r) =>
          r.accountId === accountId &&
          r.ticker === w.ticker &&
          r.network === w.network &&
          r.address === w.address &&
          compare(r.amount, w.preview.receiverGets) === 0 &&
          (r.state === 'sending' || r.state === 'unknown' || (r.state === 'not_found' && r.discardedAt === null && mayStillAppear(r))),
      );
    if (!twin) return;
    const message =
      twin.state === 'not_found'
        ? `The same withdrawal (${twin.amount} ${twin.ticker} to this address, id ${twin.uniqueId.slice(0, 8)}…) was sent at ${clock(watchStart(twin))} and is not in the exchange history yet, but history can lag: it may still arrive. ` +
          `A new one is possible from ${clock(watchStart(twin) + NOT_FOUND_WATCH_MS)}. The safe way now is "Send again (same id)" on that withdrawal: if the first request did arrive, the exchange refuses the copy.`
        : `The same withdrawal (${twin.amount} ${twin.ticker} to this address, id ${twin.uniqueId.slice(0, 8)}…) has an open outcome. Check it first ("Check again"); a second one under a new id could pay twice.`;
    throw new AppFailure({ kind: 'validation', message, fields: { amount: [message] } });
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
      if (record.discardedAt !== null) {
        throw new AppFailure({ kind: 'validation', message: 'This withdrawal was discarded; prepare a new one.', fields: { uniqueId: ['This withdrawal was discarded; prepare a new one.'] } });
      }
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
      const sending = await save(store, update(record, { state: 'sending', lastError: null, lastSentAt: now() }));
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
            ...(record.travelRule ? { travelRule: record.travelRule } : {}),
            ...(record.beneficiary ? { beneficiary: record.beneficiary } : {}),
            ...(record.bankBic ? { bankBic: record.bankBic } : {}),
            ...(record.customerIp ? { customerIp: record.customerIp } : {}),
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
    if (error.kind === 'permission' || error.reason === 'key_lacks_permission') await options.onKeyRefused?.(sending.accountId, error.message);
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

  async function discard({ uniqueId }: { uniqueId: string }): Promise<{ discarded: true; stillWatched: boolean }> {
    assertOpen();
    return withLock(uniqueId, async () => {
      const { store, record } = await existing(uniqueId);
      if (record.state === 'prepared' || record.state === 'rejected') {
        // Never sent, or refused: nothing can have left the account.
        await store.remove(uniqueId);
        discardedCheckedAt.delete(uniqueId);
        return { discarded: true as const, stillWatched: false };
      }
      if (record.state !== 'not_found' || record.discardedAt !== null) {
        throw new AppFailure({ kind: 'validation', message: 'Only withdrawals that were never sent, were refused, or are absent from history can be discarded.' });
      }
      if (mayStillAppear(record)) {
        const message =
          `This withdrawal was sent at ${clock(watchStart(record))} and the exchange history can lag, so it may still arrive. ` +
          `It can be discarded from ${clock(watchStart(record) + NOT_FOUND_WATCH_MS)}. The safe way now is "Send again (same id)": if the first request did arrive, the exchange refuses the copy and nothing is paid twice.`;
        throw new AppFailure({ kind: 'validation', message, fields: { uniqueId: [message] } });
      }
      // Last look before giving it up: history may have caught up since the previous lookup.
      const checked = await lookUp(store, record);
      if (checked.state === 'sent') throw new AppFailure({ kind: 'validation', message: 'This withdrawal reached the exchange after all; it cannot be discarded.' });
      // Kept, marked and still looked up: a debit that appears later must not go unnoticed.
      await save(store, update(checked, { discardedAt: now() }));
      discardedCheckedAt.set(uniqueId, now());
      scheduleTracking(trackIntervalMs);
      return { discarded: true as const, stillWatched: true };
    });
  }

  /** Travel Rule VASPs for the account, or `available: false` where the exchange keeps no list for it. */
  async function vasps({ accountId }: { accountId: string }): Promise<ResponseOf<'withdrawals.vasps'>> {
    assertOpen();
    const client = await options.clientFor(accountId);
    try {
      const answer = await client.travelRuleVasps();
      const unreadable = answer.data.vasps.unreadable.length;
      return { available: true, vasps: answer.data.vasps.items, note: unreadable > 0 ? `${unreadable} VASP entr${unreadable === 1 ? 'y' : 'ies'} could not be read; type the name if yours is missing.` : null };
    } catch (thrown) {
      const error = toAppError(thrown);
      // API.md: 422 code 0 "This endpoint is disabled for your region" means there is no list; a
      // server without the endpoint (404) likewise. The person types the VASP's name instead.
      if (error.reason === 'region_unavailable' || error.kind === 'not_found') {
        return { available: false, vasps: [], note: error.reason === 'region_unavailable' ? error.message : null };
      }
      throw thrown;
    }
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

  return { prepare, send, reconcile, discard, list, vasps, close };
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

/** The exchange already has a withdrawal with this id: the first request landed after all. */
function isDuplicateIdError(error: AppError): boolean {
  return error.reason === 'duplicate_id';
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

const RECORD_DEFAULTS = {
  travelRule: null,
  beneficiary: null,
  bankBic: null,
  customerIp: null,
  partial: null,
  confirmations: null,
  lastSentAt: null,
  discardedAt: null,
} satisfies Partial<WithdrawalRecord>;

/** The record itself when complete, else a copy with the missing newer fields at their defaults. */
function withDefaults(record: WithdrawalRecord): WithdrawalRecord {
  const missing = (Object.keys(RECORD_DEFAULTS) as Array<keyof typeof RECORD_DEFAULTS>).some((k) => record[k] === undefined);
  return missing ? { ...RECORD_DEFAULTS, ...stripUndefined(record) } : record;
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** A time of day for messages in the main process (the person's own clock and locale). */
function clock(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

function sameError(a: AppError | null, b: AppError): boolean {
  return a !== null && a.kind === b.kind && a.message === b.message;
}
