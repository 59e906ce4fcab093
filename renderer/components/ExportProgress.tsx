import { t } from '@lingui/core/macro';
import type { ExportState } from '../api/useExportAll';
import { ErrorPanel } from './ErrorPanel';
import './ExportProgress.css';

/**
 * Where a whole-list CSV export stands: progress while it reads, and after it what the file holds
 * (or that none was written). `windowNote` says what the exchange's window left out.
 */
/** `noun(n)` names n of the exported things, e.g. "3 codes" (the language's plural forms). */
export function ExportProgress({ state, noun, windowNote }: { state: ExportState; noun: (count: number) => string; windowNote: string }) {
  if (state.phase === 'idle') return null;
  if (state.phase === 'failed') {
    return (
      <div className="card card__section">
        <p role="alert">
          {t`The export stopped after ${noun(state.read)}; no file was written.`}
        </p>
        <ErrorPanel error={state.error} compact />
      </div>
    );
  }
  const text =
    state.phase === 'running'
      ? state.total === undefined || state.total === null
        ? t`Exporting: ${noun(state.read)} read`
        : t`Exporting: ${state.read} of ${noun(state.total)} read`
      : state.phase === 'cancelled'
        ? t`Export cancelled; no file was written.`
        : `${t`Exported ${noun(state.rows)}.`}${state.windowLimited ? ` ${windowNote}` : ''}`;
  return (
    <p className="card card__section" role="status" data-testid="export-status">
      {text}
      {state.phase === 'running' && state.total ? <progress max={state.total} value={state.read} aria-label={t`Export progress`} /> : null}
    </p>
  );
}

/**
 * "Export all N as CSV", or "Cancel export" while one is reading: the toggle every whole-list
 * export shows in its view's actions. `title` says what the file leaves out, where something is.
 */
export function ExportAllButton({ state, total, onStart, onCancel, title }: { state: ExportState; total: number; onStart(): void; onCancel(): void; title?: string }) {
  if (state.phase === 'running') {
    return (
      <button type="button" className="button" onClick={onCancel}>
        {t`Cancel export`}
      </button>
    );
  }
  return (
    <button type="button" className="button" disabled={total === 0} title={title} onClick={onStart}>
      {total > 0 ? t`Export all ${total} as CSV` : t`Export all as CSV`}
    </button>
  );
}
