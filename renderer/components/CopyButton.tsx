import { useEffect, useState } from 'react';
import { msg, t } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import './CopyButton.css';

async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

const LABELS = [
  ['idle', msg`Copy`],
  ['copied', msg`Copied`],
  ['failed', msg`Failed`],
] as const;

/** The length of the button's longest label in the current language, for a column sized to hold it. */
export function copyButtonLabelLength(): number {
  return Math.max(...LABELS.map(([, text]) => i18n._(text).length));
}

/** Copies `value`; the accessible name is "Copy <label>". Shows "Copied" (or "Failed") briefly. */
export function CopyButton({ value, label, className = '' }: { value: string; label: string; className?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 1_500);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <button
      type="button"
      className={`button button--ghost button--small ${className}`}
      aria-label={t`Copy ${label}`}
      title={t`Copy ${label}`}
      onClick={async () => setState((await writeClipboard(value)) ? 'copied' : 'failed')}
    >
      {/* Every label sits in the same grid cell, so the button is as wide as the longest and
          "Copied" never overflows it or shifts the row; only the current one is visible. */}
      <span className="copy-button__labels">
        {LABELS.map(([key, text]) => (
          <span key={key} data-shown={state === key} aria-hidden={state !== key}>
            {i18n._(text)}
          </span>
        ))}
      </span>
    </button>
  );
}
