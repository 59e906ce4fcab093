/**
 * The history's status phases in the person's language. shared/model/transactions.ts keeps the
 * English words, which the CSV export and the logs use; the page shows these.
 */
import { msg, t } from '@lingui/core/macro';
import { i18n, type MessageDescriptor } from '@lingui/core';
import type { TransactionPhase } from '../../../shared/model/transactions';

const PHASE_WORDS: Record<TransactionPhase, MessageDescriptor> = {
  pending: msg`Pending`,
  successful: msg`Successful`,
  canceled: msg`Canceled`,
  unconfirmed_by_user: msg`Waiting for your confirmation`,
  partially_successful: msg`Partially successful`,
  aml_frozen: msg`Frozen for AML review`,
  uncredited: msg`Not credited`,
  travel_rule_hold: msg`Held for Travel Rule details`,
};

export function phaseWords(phase: TransactionPhase): string {
  return i18n._(PHASE_WORDS[phase]);
}

/** A history status in words, from its phase; a code the exchange does not document is shown as sent. */
export function statusWords(phase: TransactionPhase | 'unknown', status: number): string {
  return phase === 'unknown' ? t`Status ${status} (not documented)` : phaseWords(phase);
}
