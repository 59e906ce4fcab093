/**
 * The Transactions filter as the person types it (strings from inputs) and as the channel takes it
 * (validated, dates turned into the person's local days in Unix seconds).
 */
import { checkListFilter, type ListFilterDraft } from '../../components';
import { TransactionFilter, type TransactionKind, type TransactionPhase } from '../../../shared/model/transactions';

export interface FilterDraft extends ListFilterDraft {
  kind: TransactionKind;
  phase: TransactionPhase | '';
}

export const EMPTY_FILTER: FilterDraft = { kind: 'all', ticker: '', phase: '', from: '', to: '' };

export type FilterCheck = { ok: true; filter: TransactionFilter } | { ok: false; errors: Partial<Record<keyof FilterDraft, string>> };

/** The draft checked by the channel's own schema; the end day is included (up to its last second). */
export function checkFilter(draft: FilterDraft): FilterCheck {
  return checkListFilter<FilterDraft, TransactionFilter>(TransactionFilter, draft, { kind: draft.kind, ...(draft.phase ? { phase: draft.phase } : {}) }, 'kind');
}
