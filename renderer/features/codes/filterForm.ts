/**
 * The Codes filter as the person types it (strings from inputs) and as the channel takes it
 * (validated by the channel's own schema, dates turned into the person's local days).
 */
import { t } from '@lingui/core/macro';
import { CodeFilter } from '../../../shared/model/codes';
import { dayRange } from '../../localDays';

export interface CodeFilterDraft {
  status: '' | NonNullable<CodeFilter['status']>;
  ticker: string;
  /** "2026-11-23" from a date input, or empty. */
  from: string;
  to: string;
}

export const EMPTY_CODE_FILTER: CodeFilterDraft = { status: '', ticker: '', from: '', to: '' };

export type CodeFilterCheck = { ok: true; filter: CodeFilter } | { ok: false; errors: Partial<Record<keyof CodeFilterDraft, string>> };

export function checkCodeFilter(draft: CodeFilterDraft): CodeFilterCheck {
  const { since, until, errors: dayErrors } = dayRange(draft.from, draft.to);
  const errors: Partial<Record<keyof CodeFilterDraft, string>> = { ...dayErrors };
  const candidate: CodeFilter = {
    ...(draft.status ? { status: draft.status } : {}),
    ...(draft.ticker.trim() ? { ticker: draft.ticker.trim() } : {}),
    ...(since !== undefined ? { since } : {}),
    ...(until !== undefined ? { until } : {}),
  };
  const parsed = CodeFilter.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'ticker') errors.ticker = t`Asset must be an asset ticker such as BTC`;
      else if (field === 'since' || field === 'until') errors.from = t`Start date must not be after the end date`;
      else errors.status = issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, filter: candidate };
}
