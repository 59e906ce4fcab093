import { plural, t } from '@lingui/core/macro';
import './ResortPrompt.css';

/**
 * The line above a table whose order is held: how many rows fresh figures would put elsewhere, and
 * the button that sorts them; while none would, it says the rows stay put. Always there, so the
 * prompt appearing never pushes the rows down.
 */
export function ResortPrompt({ moved, onResort }: { moved: number; onResort(): void }) {
  return (
    <div className="resort-prompt" data-testid="resort-prompt">
      {moved > 0 ? (
        <>
          <span>{plural(moved, { one: '# row changed place', other: '# rows changed place' })}</span>
          <span aria-hidden="true">{'\u00b7'}</span>
          <button type="button" className="button button--ghost button--small" onClick={onResort}>
            {t`Re-sort`}
          </button>
        </>
      ) : (
        <span className="resort-prompt__idle">{t`Rows stay in place as figures change`}</span>
      )}
      {/* Read out once as the order starts to be held, not at every count a live tick brings. */}
      <span className="visually-hidden" role="status">
        {moved > 0 ? t`Rows changed place; the order is held until you re-sort.` : ''}
      </span>
    </div>
  );
}

/**
 * A sortable column's header button: the arrow of the sort in force, and, while the rows are held
 * in their last sorted order and the figures have moved since, a mark and a title that say so.
 */
export function SortButton({ label, direction, moved, ariaLabel, onClick }: { label: string; direction: 'asc' | 'desc' | null; moved: number; ariaLabel?: string; onClick: () => void }) {
  const active = direction !== null;
  return (
    <button
      type="button"
      className="sort-button"
      data-active={active}
      data-held={active && moved > 0 ? 'true' : undefined}
      title={active && moved > 0 ? t`Order held as last sorted: the figures have moved since. Re-sort to apply the sort again.` : undefined}
      aria-label={ariaLabel}
      onClick={onClick}
    >
      {label} {direction === null ? '' : direction === 'asc' ? '\u2191' : '\u2193'}
    </button>
  );
}
