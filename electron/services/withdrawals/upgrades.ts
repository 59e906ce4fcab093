/**
 * Record upgrades: records written by older versions lack fields added since. They get defaults
 * that say "not known" (null) or, for when the figures were quoted, the record's creation time.
 */
import type { WithdrawalRecord } from '../../../shared/model/withdrawals';

const NULL_DEFAULTS = {
  travelRule: null,
  beneficiary: null,
  bankBic: null,
  customerIp: null,
  partial: null,
  confirmations: null,
  lastSentAt: null,
  discardedAt: null,
  debitedAmount: null,
  debitedFee: null,
} satisfies Partial<WithdrawalRecord>;

/** The record itself when complete, else a copy with the missing newer fields at their defaults. */
export function withDefaults(record: WithdrawalRecord): WithdrawalRecord {
  const keys = Object.keys(NULL_DEFAULTS) as Array<keyof typeof NULL_DEFAULTS>;
  const missing = keys.some((k) => record[k] === undefined) || record.quotedAt === undefined || record.newDestination === undefined;
  if (!missing) return record;
  // Older records were confirmed without the first-payment step; they are not flagged after the fact.
  const defaults = { ...NULL_DEFAULTS, quotedAt: record.createdAt, newDestination: false };
  return { ...defaults, ...stripUndefined(record) };
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
