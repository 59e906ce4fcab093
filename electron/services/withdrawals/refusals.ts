/**
 * The withdrawal service's refusals: a reason code and the values that go with it, never a sentence.
 * The renderer words each one in the person's language (renderer/features/withdrawals/refusalWords.ts).
 */
import { AppFailure } from '../../../shared/errors';
import type { FailureReason, FailureValues } from '../../../shared/failures';
import type { RecentPayment, WithdrawalRecord } from '../../../shared/model/withdrawals';
import { NOT_FOUND_WATCH_MS, watchStart } from './twins';

/** A refusal with the values its code's schema names (shared/failures.ts); a field refusal goes under `values.field`. */
export function refusal<R extends FailureReason>(reason: R, values: FailureValues<R> & Record<string, string | number | null | undefined>, field?: string): AppFailure {
  // The message is the code: the main process sends no words of its own for these.
  const plain = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Record<string, string | number | null>;
  const at = field ?? (typeof plain.field === 'string' ? plain.field : undefined);
  return new AppFailure({ kind: 'validation', reason, message: reason, values: plain, ...(at ? { fields: { [at]: [reason] } } : {}) });
}

/** The account cannot go while this withdrawal of it may still be paying out: the person must settle it first. */
export function removalRefusal(open: WithdrawalRecord): AppFailure {
  return refusal('account_has_open_withdrawal', { uniqueId: open.uniqueId, state: open.state, amount: open.amount, ticker: open.ticker, address: open.address });
}

/** The same payment was sent within a day; this one goes only with a confirmation naming that one. */
export function recentTwinRefusal(uniqueId: string, twin: RecentPayment): AppFailure {
  return refusal('recent_twin_unconfirmed', { uniqueId, twinId: twin.uniqueId, amount: twin.amount, ticker: twin.ticker, sentAt: twin.sentAt });
}

/** Another withdrawal of the same intent may still land: which one, and from when a new one is possible. */
export function twinRefusal(twin: WithdrawalRecord): AppFailure {
  const sentAt = watchStart(twin);
  return refusal('twin_open', {
    twinId: twin.uniqueId,
    twinState: twin.state,
    amount: twin.amount,
    ticker: twin.ticker,
    network: twin.network ?? twin.provider,
    address: twin.address,
    sentAt,
    // An absent one stops blocking when the lag window ends; an unknown one only once looked up.
    newAllowedAt: twin.state === 'not_found' ? sentAt + NOT_FOUND_WATCH_MS : null,
  });
}
