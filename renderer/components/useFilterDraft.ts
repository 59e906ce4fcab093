import { t } from '@lingui/core/macro';
import { useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { dayRange } from '../format/localDays';

export type DraftCheck<D, F> = { ok: true; filter: F } | { ok: false; errors: Partial<Record<keyof D, string>> };

/**
 * A filter form above a paged list: what the person is typing (`draft`), the filter last applied
 * (what the list shows), and the errors of the last Apply. Applying or clearing calls `onApplied`
 * (back to the first page).
 */
export function useFilterDraft<D, F>(empty: D, emptyFilter: F, check: (draft: D) => DraftCheck<D, F>, onApplied: () => void) {
  const [draft, setDraft] = useState<D>(empty);
  const [filter, setFilter] = useState<F>(emptyFilter);
  const [errors, setErrors] = useState<Partial<Record<keyof D, string>>>({});
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const checked = check(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setFilter(checked.filter);
    onApplied();
  };
  const clear = () => {
    setDraft(empty);
    setErrors({});
    setFilter(emptyFilter);
    onApplied();
  };
  return { draft, setDraft, filter, errors, apply, clear };
}

/** The fields every list filter draft has: an asset and a day range, as typed. */
export interface ListFilterDraft {
  ticker: string;
  /** "2026-11-23" from a date input, or empty. */
  from: string;
  to: string;
}

/**
 * A list filter draft checked by the channel's own schema: `own` holds the list's other fields
 * (already in the schema's terms), their errors go to `ownField`; the ticker and the days are
 * handled here alike for every list, the end day included up to its last second.
 */
export function checkListFilter<D extends ListFilterDraft, F>(schema: ZodType<F>, draft: D, own: object, ownField: keyof D): DraftCheck<D, F> {
  const { since, until, errors: dayErrors } = dayRange(draft.from, draft.to);
  const errors: Partial<Record<keyof D, string>> = { ...dayErrors } as Partial<Record<keyof D, string>>;
  const candidate = {
    ...own,
    ...(draft.ticker.trim() ? { ticker: draft.ticker.trim() } : {}),
    ...(since !== undefined ? { since } : {}),
    ...(until !== undefined ? { until } : {}),
  };
  const parsed = schema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'ticker') errors.ticker = t`Asset must be an asset ticker such as BTC`;
      else if (field === 'since' || field === 'until') errors.from = t`Start date must not be after the end date`;
      else errors[ownField] = t`This filter is not valid`;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, filter: candidate as F };
}
