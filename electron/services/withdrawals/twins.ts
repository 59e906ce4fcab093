/**
 * Twin rules: two withdrawals are twins when they are the same intent (account, asset, network or
 * provider, destination, amount); the destination is compared in its canonical form, so `0xabc…`
 * and `0xABC…` are one (shared/addresses/canonicalDestination.ts). At most one payment per intent may
 * have an open or unknown outcome: a second one under a new id, while the first may still land,
 * would pay twice. This is checked when a draft is prepared (an early answer) and again in the very
 * transaction that moves a record to `sending` (the guarantee; store.ts beginSend), so leftover
 * drafts, other tabs, windows and processes cannot get round it.
 */
import { sameDestination } from '../../../shared/addresses/canonicalDestination';
import { RECENT_TWIN_MS, type RecentPayment, type WithdrawalRecord } from '../../../shared/model/withdrawals';
import { compare } from '../../../shared/money/decimal';

/** How long an absent (`not_found`) withdrawal may still appear in history, which can lag. */
export const NOT_FOUND_WATCH_MS = 30 * 60_000;

export type Intent = Pick<WithdrawalRecord, 'accountId' | 'ticker' | 'network' | 'address' | 'memo' | 'amount'> & Partial<Pick<WithdrawalRecord, 'provider'>>;

function sameIntent(a: Intent, b: Intent): boolean {
  return a.accountId === b.accountId && a.ticker === b.ticker && sameDestination(a, b) && compare(a.amount, b.amount) === 0;
}

/** Since when history might still show this withdrawal: its last request, or (older records) its last change. */
export function watchStart(record: WithdrawalRecord): number {
  return record.lastSentAt ?? record.updatedAt;
}

/** Within the window in which history may still show an absent withdrawal. */
export function mayStillAppear(record: WithdrawalRecord, now: number): boolean {
  return now - watchStart(record) < NOT_FOUND_WATCH_MS;
}

/** Money may be on its way and we do not know: on the wire, answer lost, or absent while history may lag. */
export function hasOpenOutcome(record: WithdrawalRecord, now: number): boolean {
  if (record.state === 'sending' || record.state === 'unknown') return true;
  return record.state === 'not_found' && record.discardedAt === null && mayStillAppear(record, now);
}

/** The first other record of the same intent whose outcome is open, if any. */
export function openTwinOf(records: Iterable<WithdrawalRecord>, intent: Intent & { uniqueId?: string }, now: number): WithdrawalRecord | undefined {
  for (const record of records) {
    if (record.uniqueId !== intent.uniqueId && sameIntent(record, intent) && hasOpenOutcome(record, now)) return record;
  }
  return undefined;
}

/**
 * The most recent other payment of the same intent that the exchange took within RECENT_TWIN_MS
 * (and did not cancel). Not a guard against an unknown outcome, which openTwinOf is, but against
 * paying twice on purpose by mistake: a double submit from two windows, a form filled twice.
 */
export function recentSentTwinOf(records: Iterable<WithdrawalRecord>, intent: Intent & { uniqueId?: string }, now: number): RecentPayment | undefined {
  let latest: WithdrawalRecord | undefined;
  for (const record of records) {
    if (record.uniqueId === intent.uniqueId || record.state !== 'sent' || record.phase === 'canceled') continue;
    if (now - watchStart(record) >= RECENT_TWIN_MS || !sameIntent(record, intent)) continue;
    if (!latest || watchStart(record) > watchStart(latest)) latest = record;
  }
  return latest && { uniqueId: latest.uniqueId, amount: latest.amount, ticker: latest.ticker, sentAt: watchStart(latest) };
}
