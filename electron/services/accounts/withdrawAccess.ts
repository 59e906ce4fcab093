/**
 * What the app remembers about withdrawing with an account's key: learned from a key test or from
 * a withdrawal the exchange refused, kept in the settings file, shown on Send before anything is sent.
 */
import type { AppError, ErrorReason } from '../../../shared/errors';
import { isFailureReason } from '../../../shared/failures';
import type { PermissionReport, WithdrawAccess } from '../../../shared/model/accounts';
import type { StoredAccount } from '../settings';

export type StoredWithdrawAccess = NonNullable<StoredAccount['withdrawAccess']>;

/** What a key test said about withdrawing. */
export function withdrawAccessFromTest(report: PermissionReport): StoredWithdrawAccess {
  return { status: report.withdraw.status, ...refusalOf(report.withdraw.failure), learnedAt: report.testedAt, source: 'key_test' };
}

/** A real withdrawal the exchange refused for lack of access. */
export function withdrawAccessFromRefusal(refusal: AppError, learnedAt: number): StoredWithdrawAccess {
  return { status: 'no_permission', ...refusalOf(refusal), learnedAt, source: 'withdrawal' };
}

/** The page's view of it: a `message` kept from older versions was our English and is not shown. */
export function withdrawAccessSummary(stored: StoredWithdrawAccess): WithdrawAccess {
  const { message: _older, reason, ...access } = stored;
  return isFailureReason(reason) ? { ...access, reason } : access;
}

/** What is kept of a refusal: its code and the exchange's own words, never our sentence. */
function refusalOf(failure: AppError | undefined): { reason?: ErrorReason; exchangeSaid?: string } {
  return {
    ...(failure?.reason !== undefined ? { reason: failure.reason } : {}),
    ...(failure?.exchangeSaid !== undefined ? { exchangeSaid: failure.exchangeSaid.slice(0, 1000) } : {}),
  };
}
