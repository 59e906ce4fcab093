/**
 * The Transactions filter as the person types it (strings from inputs) and as the channel takes it
 * (validated, dates turned into the person's local days in Unix seconds).
 */
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

/** Local midnight of a calendar day, in Unix seconds. */
function localDayStart(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : Math.floor(date.getTime() / 1000);
}

const ONE_DAY_S = 86_400;

export type FilterCheck = { ok: true; filter: TransactionFilter } | { ok: false; errors: Partial<Record<keyof FilterDraft, string>> };

/** The draft checked by the channel's own schema; the end day is included (up to its last second). */
export function checkFilter(draft: FilterDraft): FilterCheck {
  const since = draft.from ? localDayStart(draft.from) : undefined;
  const toStart = draft.to ? localDayStart(draft.to) : undefined;
  const errors: Partial<Record<keyof FilterDraft, string>> = {};
  if (since === null) errors.from = 'Start date is not a date';
  if (toStart === null) errors.to = 'End date is not a date';
  const candidate: TransactionFilter = {
    kind: draft.kind,
    ...(draft.ticker.trim() ? { ticker: draft.ticker.trim() } : {}),
    ...(draft.phase ? { phase: draft.phase } : {}),
    ...(typeof since === 'number' ? { since } : {}),
    // A day later than the start of the end day, held inside local days across a DST change.
    ...(typeof toStart === 'number' ? { until: localDayStart(nextDay(draft.to)) ?? toStart + ONE_DAY_S } : {}),
  };
  const parsed = TransactionFilter.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'ticker') errors.ticker = `Asset ${issue.message}`;
      else if (field === 'since' || field === 'until') errors.from = 'Start date must not be after the end date';
      else errors.kind = issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, filter: candidate };
}

function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(y, m - 1, d + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}`;
}
