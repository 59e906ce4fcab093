/**
 * Fee-on-top withdrawals: the one service that moves money (the prepare/send state machine).
 *
 * Life of a withdrawal (WithdrawalState in shared/model/withdrawals.ts):
 *   prepare -> `prepared` (uniqueId created once, fee computed from fresh data, on disk before anything is sent)
 *   send    -> the fee and balance are read again under the preview's rules; a debit that would differ
 *              by one unit from what was confirmed (or a draft older than DRAFT_LIFETIME_MS) is refused
 *              with the new figures, and nothing leaves.
 *           -> `sending` (on disk, in the same transaction that checks no twin has an open outcome)
 *           -> withdraw-pay with the recorded uniqueId, never retried:
 *              201 -> `sent`; refusal -> `rejected`; nothing happened (429, auth) -> back to `prepared`;
 *              outcome lost (timeout, reset, 5xx) -> `unknown` -> history lookup -> `sent` or `not_found`.
 *   `not_found` may be sent again by the user with the SAME uniqueId: if the first request did land
 *   after all, the exchange refuses the duplicate id, so money can leave at most once.
 * The tracker (tracker.ts) polls history for `sent` records until a final phase, and keeps looking up
 * `unknown`/`not_found` ones; it records what the exchange debited. It never sends. A record left in
 * `sending` by a crash is `unknown`.
 *
 * History lags: an absent withdrawal may still appear. For NOT_FOUND_WATCH_MS after its last request
 * left, a `not_found` withdrawal can be neither discarded nor paid again under a new id (a twin,
 * twins.ts); re-sending with the same id is the safe path. Discarded after that, it is kept with
 * `discardedAt` and still looked up, and a debit that appears later turns it `sent` (with
 * `discardedAt` still set) and is emitted.
 *
 * Paying the same intent again on purpose is possible, but not by accident: a draft repeating a
 * payment sent within RECENT_TWIN_MS goes only with `acceptRecentTwin` naming that payment.
 */
import { randomUUID } from 'node:crypto';
import { WITHDRAW_UNIQUE_ID } from '../../../shared/api/endpoints';
import { AppFailure, toAppError, type AppError } from '../../../shared/errors';
import type { ParsedRequestOf, ResponseOf } from '../../../shared/ipc';
import { DRAFT_LIFETIME_MS, type KnownDestination, type WithdrawalRecord, type WithdrawalState } from '../../../shared/model/withdrawals';
import { compare } from '../../../shared/money/decimal';
import type { ExchangeClient } from '../exchange';
import { readFeeSchedule } from '../exchange/feeSchedule';
import { createKeyedLock } from './keyedLock';
import { recentTwinRefusal, refusal, removalRefusal, twinRefusal } from './refusals';
import { classifySendFailure } from './sendOutcome';
import { openWithdrawalStore, type WithdrawalStore } from './store';
import { createTracker, isFinished } from './tracker';
import { hasOpenOutcome, mayStillAppear, NOT_FOUND_WATCH_MS, openTwinOf, recentSentTwinOf, watchStart } from './twins';
import { withDefaults } from './upgrades';
import { resolveWithdrawal, type ResolvedWithdrawal } from './validate';
import { listVasps } from './vasps';

/** The part of the exchange client this service uses. */
export type WithdrawalExchangeClient = Pick<ExchangeClient, 'withdrawPay' | 'history' | 'assets' | 'fees' | 'accountFees' | 'balance' | 'travelRuleVasps'>;

export interface WithdrawalServiceOptions {
  dataDir: string;
  clientFor: (accountId: string) => Promise<WithdrawalExchangeClient>;
  /** Whether the account is an EEA account (Travel Rule required for crypto). Default: no. */
  isEea?: (accountId: string) => boolean | Promise<boolean>;
  emit: (record: WithdrawalRecord) => void;
  /** Told when the exchange refuses a withdrawal for the key's lack of access, so the app remembers it. */
  onKeyRefused?: (accountId: string, refusal: AppError) => void | Promise<void>;
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

export function createWithdrawalService(options: WithdrawalServiceOptions) {
  const now = options.now ?? Date.now;
  const withLock = createKeyedLock();
  const sendsInFlight = new Set<string>();
  const trackIntervalMs = options.trackIntervalMs ?? DEFAULT_TRACK_INTERVAL_MS;
  let closed = false;

  const tracker = createTracker({ ready: () => ready, clientFor: options.clientFor, save, update, withLock, now, trackIntervalMs });
  const ready: Promise<WithdrawalStore> = (async () => {
    const store = await openWithdrawalStore({ dataDir: options.dataDir, keepRecent: options.keepRecent ?? DEFAULT_KEEP_RECENT, isFinished: (r) => tracker.isDone(r) });
    for (const stored of store.all()) {
      const record = withDefaults(stored);
      // A crash while `sending` means we cannot know whether the request reached the exchange.
      if (record.state === 'sending') await store.put({ ...record, state: 'unknown', updatedAt: now() });
      else if (record !== stored) await store.put(record);
    }
    return store;
  })();

  // Resume tracking (and reconcile crash leftovers) as soon as the store is open.
  void ready.then(() => tracker.schedule(0), () => undefined);

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
    if (!record) throw refusal('withdrawal_unknown', { uniqueId });
    return { store, record };
  }

  function assertOpen(): void {
    if (closed) throw new AppFailure({ kind: 'internal', reason: 'service_closed', message: 'service_closed' });
  }

  /** Fresh exchange data (a fee or balance cached by the renderer may be stale), checked by the preview's rules. */
  async function resolveFresh(request: ParsedRequestOf<'withdrawals.prepare'>): Promise<ResolvedWithdrawal> {
    const client = await options.clientFor(request.accountId);
    const eea = (await options.isEea?.(request.accountId)) ?? false;
    const [assets, fees, balance] = await Promise.all([client.assets(), readFeeSchedule(client), client.balance()]);
    return resolveWithdrawal(request, { assets: assets.items, fees, balance: balance.items }, { eea });
  }

  async function prepare(request: ParsedRequestOf<'withdrawals.prepare'>): Promise<WithdrawalRecord> {
    assertOpen();
    const store = await ready;
    const resolved = await resolveFresh(request);
    const intent = {
      accountId: request.accountId,
      ticker: resolved.ticker,
      network: resolved.network,
      provider: resolved.provider,
      address: resolved.address,
      memo: resolved.memo,
      amount: resolved.preview.receiverGets,
    };
    // An early answer; the guarantee is the same check when the record moves to `sending`.
    const twin = openTwinOf(store.all(), intent, now());
    if (twin) throw twinRefusal(twin);
    const uniqueId = randomUUID();
    if (!WITHDRAW_UNIQUE_ID.test(uniqueId)) throw new AppFailure({ kind: 'internal', message: 'randomUUID gave an id the exchange does not take' });
    const createdAt = now();
    const record: WithdrawalRecord = {
      uniqueId,
      ...intent,
      fee: resolved.preview.fee,
      totalDebit: resolved.preview.totalDebit,
      quotedAt: createdAt,
      debitedAmount: null,
      debitedFee: null,
      newDestination: !store.destinations.isKnown(intent),
      recentTwin: recentSentTwinOf(store.all(), intent, createdAt) ?? null,
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

  async function send(request: ParsedRequestOf<'withdrawals.send'>): Promise<WithdrawalRecord> {
    assertOpen();
    const { uniqueId } = request;
    // A second send while one is in flight is refused, not queued: queued behind a send that ends
    // `not_found`, it would re-send without the person having seen that outcome.
    if (sendsInFlight.has(uniqueId)) throw refusal('withdrawal_state', { uniqueId, state: 'sending' }, 'uniqueId');
    sendsInFlight.add(uniqueId);
    try {
      return await withLock(uniqueId, () => sendUnderLock(request));
    } finally {
      sendsInFlight.delete(uniqueId);
    }
  }

  async function sendUnderLock(request: ParsedRequestOf<'withdrawals.send'>): Promise<WithdrawalRecord> {
    const { store, record } = await existing(request.uniqueId);
    if (record.discardedAt !== null) throw refusal('withdrawal_state', { uniqueId: record.uniqueId, state: 'discarded' }, 'uniqueId');
    if (record.state !== 'prepared' && record.state !== 'not_found') throw refusal('withdrawal_state', { uniqueId: record.uniqueId, state: record.state }, 'uniqueId');
    if (record.state === 'prepared' && now() - record.quotedAt > DRAFT_LIFETIME_MS) {
      throw refusal('draft_expired', { uniqueId: record.uniqueId, quotedAt: record.quotedAt, expiredAt: record.quotedAt + DRAFT_LIFETIME_MS });
    }
    // Said first, as it is the clearest answer; the guarantee is the same check in beginSend below.
    const twin = openTwinOf(store.all(), record, now());
    if (twin) throw twinRefusal(twin);
    let client: WithdrawalExchangeClient;
    try {
      client = await options.clientFor(record.accountId);
    } catch (thrown) {
      return save(store, update(record, { lastError: toAppError(thrown) }));
    }
    await refuseChangedDebit(store, record, request.confirmedTotal);

    // On disk before the request leaves: a crash from here on is treated as "outcome unknown". The
    // twin rule and the first-payment step are checked in the same transaction, against the database.
    const sending = update(record, { state: 'sending', lastError: null, lastSentAt: now() });
    await store.beginSend(sending, record.state, ({ others, knownDestination }) => {
      const twin = openTwinOf(others, sending, now());
      if (twin) throw twinRefusal(twin);
      if (!knownDestination && request.acceptNewDestination !== true) {
        throw refusal('new_destination_unconfirmed', { uniqueId: record.uniqueId, address: record.address, network: record.network ?? record.provider });
      }
      // Read here, from the database, so a payment another window sent a moment ago counts too. Asked
      // before a payment first leaves; "Send again (same id)" repeats a request already confirmed.
      const recent = record.lastSentAt === null ? recentSentTwinOf(others, sending, now()) : undefined;
      if (recent && request.acceptRecentTwin !== recent.uniqueId) throw recentTwinRefusal(record.uniqueId, recent);
    });
    options.emit(sending);
    try {
      await client.withdrawPay(
        { ...orderOf(record), uniqueId: record.uniqueId },
        options.sendTimeoutMs ? { timeoutMs: options.sendTimeoutMs } : {},
      );
    } catch (thrown) {
      return settleFailedSend(store, sending, record.state, thrown);
    }
    const sent = await save(store, update(sending, { state: 'sent' }));
    tracker.schedule(Math.min(FIRST_CHECK_AFTER_SEND_MS, trackIntervalMs));
    return sent;
  }

  /**
   * Confirmed means confirmed: the fee and balance are read again under the preview's rules, and a
   * debit that differs from the confirmed one (or from `confirmedTotal`, what the page showed) is
   * refused. The record takes the new figures, so the person confirms those, not the old ones.
   */
  async function refuseChangedDebit(store: WithdrawalStore, record: WithdrawalRecord, confirmedTotal: string | null | undefined): Promise<void> {
    const resolved = await resolveFresh({
      accountId: record.accountId,
      ...orderOf(record),
      ...(record.fee === null ? { acceptUnknownFee: true as const } : {}),
    });
    const { fee, totalDebit } = resolved.preview;
    const seen = confirmedTotal === undefined ? record.totalDebit : confirmedTotal;
    if (sameFigure(fee, record.fee) && sameFigure(totalDebit, record.totalDebit) && sameFigure(totalDebit, seen)) return;
    await save(store, update(record, { fee, totalDebit, quotedAt: now() }));
    throw refusal('debit_changed', { uniqueId: record.uniqueId, ticker: record.ticker, amount: record.amount, confirmedFee: record.fee, confirmedTotal: seen, fee, total: totalDebit });
  }

  async function settleFailedSend(store: WithdrawalStore, sending: WithdrawalRecord, stateBefore: WithdrawalState, thrown: unknown): Promise<WithdrawalRecord> {
    const error = toAppError(thrown);
    const outcome = classifySendFailure(thrown, error);
    if (error.kind === 'permission' || error.reason === 'key_lacks_permission') await options.onKeyRefused?.(sending.accountId, error);
    if (outcome === 'exists') {
      // Our ids are random, so "already taken" means this very withdrawal reached the exchange earlier.
      const sent = await save(store, update(sending, { state: 'sent', lastError: null }));
      tracker.schedule(0);
      return sent;
    }
    if (outcome === 'refused') return save(store, update(sending, { state: 'rejected', lastError: error }));
    // Proven not processed (throttled, key refused): the user may try again with the same id.
    if (outcome === 'not_sent') return save(store, update(sending, { state: stateBefore, lastError: error }));
    const unknown = await save(store, update(sending, { state: 'unknown', lastError: error }));
    try {
      return await tracker.lookUp(store, unknown);
    } catch {
      // The lookup failed too; the record stays `unknown` and the tracker keeps looking.
      tracker.schedule(trackIntervalMs);
      return store.get(unknown.uniqueId) ?? unknown;
    }
  }

  async function reconcile({ uniqueId }: { uniqueId: string }): Promise<WithdrawalRecord> {
    assertOpen();
    return withLock(uniqueId, async () => {
      const { store, record } = await existing(uniqueId);
      const result = await tracker.lookUp(store, record);
      if (tracker.needsTracking(result)) tracker.schedule(trackIntervalMs);
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
        tracker.forget(uniqueId);
        return { discarded: true as const, stillWatched: false };
      }
      if (record.state !== 'not_found' || record.discardedAt !== null) {
        throw refusal('withdrawal_state', { uniqueId, state: record.discardedAt !== null ? 'discarded' : record.state, action: 'discard' }, 'uniqueId');
      }
      if (mayStillAppear(record, now())) {
        throw refusal('discard_too_early', { uniqueId, sentAt: watchStart(record), discardableAt: watchStart(record) + NOT_FOUND_WATCH_MS }, 'uniqueId');
      }
      // Last look before giving it up: history may have caught up since the previous lookup.
      const checked = await tracker.lookUp(store, record);
      if (checked.state === 'sent') throw refusal('withdrawal_state', { uniqueId, state: 'sent', action: 'discard' }, 'uniqueId');
      // Kept, marked and still looked up: a debit that appears later must not go unnoticed.
      await save(store, update(checked, { discardedAt: now() }));
      tracker.markChecked(uniqueId);
      tracker.schedule(trackIntervalMs);
      return { discarded: true as const, stillWatched: true };
    });
  }

  /** Travel Rule VASPs for the account, or `available: false` where the exchange keeps no list for it. */
  async function vasps({ accountId }: { accountId: string }): Promise<ResponseOf<'withdrawals.vasps'>> {
    assertOpen();
    return listVasps(await options.clientFor(accountId));
  }

  async function list({ accountId }: { accountId?: string }): Promise<WithdrawalRecord[]> {
    const store = await ready;
    return store
      .all()
      .filter((r) => accountId === undefined || r.accountId === accountId)
      .sort((a, b) => b.createdAt - a.createdAt);
  }

  async function destinations({ accountId }: { accountId: string }): Promise<KnownDestination[]> {
    return (await ready).destinations.list(accountId);
  }

  async function labelDestination(request: ParsedRequestOf<'withdrawals.labelDestination'>): Promise<{ labelled: true }> {
    assertOpen();
    const store = await ready;
    const label = request.label?.trim() ? request.label.trim() : null;
    if (!store.destinations.setLabel({ ...request, network: request.network ?? null, provider: request.provider ?? null, memo: request.memo ?? null }, label)) {
      throw refusal('withdrawal_unknown', { address: request.address });
    }
    return { labelled: true };
  }

  /**
   * Refuses (naming the withdrawal) while any withdrawal of the account may still be paying out:
   * removed, the account's records could no longer be looked up or settled. Records that cannot be
   * read refuse too (the database's own failure), as they may hold such a withdrawal.
   */
  async function assertNoOpenOutcome({ accountId }: { accountId: string }): Promise<void> {
    const store = await ready;
    const open = store.all().find((r) => r.accountId === accountId && hasOpenOutcome(r, now()));
    if (open) throw removalRefusal(open);
  }

  async function close(): Promise<void> {
    closed = true;
    await tracker.close();
    const store = await ready.catch(() => null);
    await store?.close();
  }

  return { prepare, send, reconcile, discard, list, vasps, destinations, labelDestination, assertNoOpenOutcome, close };
}

/** Two figures are the same debit: both unknown, or equal to the last unit. */
/** What the person asked to send, as both the payment and the fresh check of its fee take it. */
function orderOf(record: WithdrawalRecord) {
  return {
    ticker: record.ticker,
    amount: record.amount,
    address: record.address,
    ...(record.memo ? { memo: record.memo } : {}),
    ...(record.network ? { network: record.network } : {}),
    ...(record.provider ? { provider: record.provider } : {}),
    ...(record.travelRule ? { travelRule: record.travelRule } : {}),
    ...(record.beneficiary ? { beneficiary: record.beneficiary } : {}),
    ...(record.bankBic ? { bankBic: record.bankBic } : {}),
    ...(record.customerIp ? { customerIp: record.customerIp } : {}),
  };
}

function sameFigure(a: string | null, b: string | null): boolean {
  return a === null || b === null ? a === b : compare(a, b) === 0;
}

export { isFinished };
