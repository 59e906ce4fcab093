import { useEffect, useRef, useState } from 'react';
import { t } from '@lingui/core/macro';
import { isPositive } from '../../../shared/money/decimal';
import { useUpdateSettings } from '../../api/queries';
import { errorTitle } from '../../components';
import { readAmountInput } from '../../../shared/money/amountInput';

/** How long typing must pause before the threshold is saved (it applies to the table at once). */
const THRESHOLD_SAVE_AFTER_MS = 800;

/**
 * The "below" amount for hiding small balances: each valid amount typed applies at once
 * (`onTyped`), and is saved to settings on Enter, on leaving the field or after a pause.
 */
export function ThresholdInput({ saved, quote, onTyped }: { saved: string; quote: string; onTyped(value: string | null): void }) {
  const [draft, setDraft] = useState(saved);
  const input = useRef<HTMLInputElement | null>(null);
  // A threshold saved elsewhere (another window, a reset) shows here unless the person is typing.
  useEffect(() => {
    if (document.activeElement !== input.current) setDraft(saved);
  }, [saved]);
  const update = useUpdateSettings();
  const read = readAmountInput(draft);
  const valid = read.ok;
  const typed = read.ok ? (read.value === '' || !isPositive(read.value) ? '0' : read.value) : null;
  const commit = () => {
    if (typed === null || typed === saved) return;
    update.mutate({ hideSmallBelow: typed });
  };
  useEffect(() => {
    onTyped(typed);
    if (typed === null || typed === saved) return;
    const timer = setTimeout(() => update.mutate({ hideSmallBelow: typed }), THRESHOLD_SAVE_AFTER_MS);
    return () => clearTimeout(timer);
    // Runs for what is typed; the mutation object changes identity as it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed, saved]);
  return (
    <label className="field field--inline">
      <span className="field__label">{t`worth below`}</span>
      <input
        ref={input}
        type="text"
        inputMode="decimal"
        className="input input--narrow"
        aria-label={t`Small balance threshold`}
        aria-invalid={!valid}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
      <span className="field__label">{quote}</span>
      {!valid ? <span className="field__error">{t`Enter an amount such as 0.001`}</span> : null}
      {update.error ? <span className="field__error">{errorTitle(update.error.error)}</span> : null}
    </label>
  );
}
