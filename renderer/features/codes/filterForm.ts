/**
 * The Codes filter as the person types it (strings from inputs) and as the channel takes it
 * (validated by the channel's own schema, dates turned into the person's local days).
 */
import { CodeFilter } from '../../../shared/model/codes';
import { checkListFilter, type ListFilterDraft } from '../../components';

export interface CodeFilterDraft extends ListFilterDraft {
  status: '' | NonNullable<CodeFilter['status']>;
}

export const EMPTY_CODE_FILTER: CodeFilterDraft = { status: '', ticker: '', from: '', to: '' };

export type CodeFilterCheck = { ok: true; filter: CodeFilter } | { ok: false; errors: Partial<Record<keyof CodeFilterDraft, string>> };

export function checkCodeFilter(draft: CodeFilterDraft): CodeFilterCheck {
  return checkListFilter<CodeFilterDraft, CodeFilter>(CodeFilter, draft, draft.status ? { status: draft.status } : {}, 'status');
}
