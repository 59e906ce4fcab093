import type { ReactNode } from 'react';
import { t } from '@lingui/core/macro';
import './Pager.css';

/**
 * Previous / Next and a page size under a paged table. The feature decides what a page is
 * (the codes endpoint counts a total, the plans endpoint does not), so it passes the decisions in.
 */
export function Pager(props: {
  /** Accessible name of the navigation, e.g. "Codes pages". */
  label: string;
  /** Where the person is, announced politely when it changes. */
  status: ReactNode;
  pageSize: number;
  pageSizes: readonly number[];
  /** Accessible name of the page size select, e.g. "Codes per page". */
  pageSizeLabel: string;
  onPageSize(size: number): void;
  canGoBack: boolean;
  canGoForward: boolean;
  onBack(): void;
  onForward(): void;
}) {
  return (
    <nav className="pager" aria-label={props.label}>
      <span aria-live="polite">{props.status}</span>
      <div className="toolbar">
        <label className="field field--inline">
          <span className="field__label">{t`Per page`}</span>
          <select aria-label={props.pageSizeLabel} value={props.pageSize} onChange={(e) => props.onPageSize(Number(e.target.value))}>
            {props.pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button" disabled={!props.canGoBack} onClick={props.onBack}>
          {t`Previous`}
        </button>
        <button type="button" className="button" disabled={!props.canGoForward} onClick={props.onForward}>
          {t`Next`}
        </button>
      </div>
    </nav>
  );
}
