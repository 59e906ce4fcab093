import { t } from '@lingui/core/macro';
import './Skeleton.css';

/** Placeholder rows while data loads; announced once to screen readers as "Loading". */
export function Skeleton({ rows = 6, label = t`Loading` }: { rows?: number; label?: string }) {
  return (
    <div className="skeleton" role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}…</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton__row" aria-hidden="true" style={{ opacity: 1 - i * (0.6 / rows) }} />
      ))}
    </div>
  );
}
