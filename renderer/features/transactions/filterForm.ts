/**
 * The Transactions filter as the person types it (strings from inputs) and as the channel takes it
 * (validated, dates turned into the person's local days in Unix seconds).
 */
import { t } from '@lingui/core/macro';
import { dayRange } from '../../localDays';
import { TransactionFilter, type TransactionKind, type TransactionPhase } from '../../../shared/model/transactions';

export interface FilterDraft {
  kind: TransactionKind;
  ticker: string;
  phase: TransactionPhase | '';
  /** "2026-11-23" from a date input, or empty. */
  from: string;
  to: string;
}

export const EMPTY_FILTER: FilterDraft = { kind: 'all', ticker: '', phase: '', from: '', to: '' };

export type FilterCheck = { ok: true; filter: TransactionFilter } | { ok: false; errors: Partial<Record<keyof FilterDraft, string>> };

/** The draft checked by the channel's own schema; the end day is included (up to its last second). */
export function checkFilter(draft: FilterDraft): FilterCheck {
  const { since, until, errors: dayErrors } = dayRange(draft.from, draft.to);
  const errors: Partial<Record<keyof FilterDraft, string>> = { ...dayErrors };
  const candidate: TransactionFilter = {
    kind: draft.kind,
    ...(draft.ticker.trim() ? { ticker: draft.ticker.trim() } : {}),
    ...(draft.phase ? { phase: draft.phase } : {}),
    ...(since !== undefined ? { since } : {}),
    ...(until !== undefined ? { until } : {}),
  };
  const parsed = TransactionFilter.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'ticker') errors.ticker = t`Asset must be an asset ticker such as BTC`;
      else if (field === 'since' || field === 'until') errors.from = t`Start date must not be after the end date`;
      else errors.kind = issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, filter: candidate };
}
