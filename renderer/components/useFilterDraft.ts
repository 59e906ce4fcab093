import { useState, type FormEvent } from 'react';

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
