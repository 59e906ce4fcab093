import { useEffect, useState } from 'react';

async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Copies `value`; the accessible name is "Copy <label>". Shows "Copied" briefly. */
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
      aria-label={`Copy ${label}`}
      title={`Copy ${label}`}
      onClick={async () => setState((await writeClipboard(value)) ? 'copied' : 'failed')}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}
    </button>
  );
}
