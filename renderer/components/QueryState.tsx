import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AppFailure } from '../../shared/errors';
import type { UnreadableItem } from '../../shared/api/tolerant';
import { EmptyState } from './EmptyState';
import { ErrorPanel } from './ErrorPanel';
import { Skeleton } from './Skeleton';
import { StaleNote } from './StaleNote';
import { UnreadableNotice, type UnreadableNoun } from './UnreadableNotice';
import { useReportFailure } from './ViewFailures';
import { t } from '@lingui/core/macro';

export interface QueryEmpty<T> {
  when(data: T): boolean;
  title: string;
  text?: ReactNode;
}

/**
 * The four states of a query, the same in every view: placeholder rows while the first answer is
 * on its way; a full error panel with Retry when there is nothing to show; otherwise the data,
 * under a compact error and the time it is from when a refresh failed (the last good answer stays
 * readable, never replaced by zeros) and a notice naming the elements the app could not read; an
 * empty state when the answer has nothing in it. Inside a View, a failure goes to the view's one
 * banner (ViewFailures) instead of a panel of its own.
 */
export function QueryState<T>(props: {
  query: UseQueryResult<T, AppFailure>;
  loading: { label: string; rows?: number };
  /** Names the elements for the unreadable notice; the data must then carry `unreadable`. */
  noun?: UnreadableNoun;
  empty?: QueryEmpty<T>;
  /** Shown above the data and any unreadable notice, e.g. the positions' risk summary. */
  banner?: ReactNode;
  /**
   * Wraps the placeholder and the full error panel, for views that set them inside a card.
   * The data is not wrapped: `children` lays it out.
   */
  frame?: (node: ReactNode) => ReactNode;
  /** False where the view marks its stale figures itself (Balances, on its total). */
  staleNote?: boolean;
  /** False where a failed refresh should replace stale data rather than sit above it. */
  keepDataOnError?: boolean;
  children: (data: T) => ReactNode;
}) {
  const { query, frame = (node) => node, keepDataOnError = true, staleNote = true } = props;
  const retry = () => void query.refetch();
  const keptData = query.data !== undefined && keepDataOnError;
  // Inside a view, the view's one banner words the failure (ViewFailures); this place only says
  // what it could not show.
  const inBanner = useReportFailure(query.isError ? { error: query.error.error, failedAt: query.errorUpdatedAt, updatedAt: keptData ? query.dataUpdatedAt : 0, retry } : null);
  if (query.isPending) return frame(<Skeleton rows={props.loading.rows} label={props.loading.label} />);
  if (query.isError && !keptData) {
    return frame(
      inBanner ? (
        <p className="stale-note" data-testid="not-loaded">
          {t`Could not be loaded.`}
        </p>
      ) : (
        <ErrorPanel error={query.error.error} onRetry={retry} />
      ),
    );
  }
  const data = query.data as T;
  return (
    <>
      {query.isError && !inBanner ? (
        <>
          {staleNote ? <StaleNote error={query.error.error} updatedAt={query.dataUpdatedAt} /> : null}
          <ErrorPanel error={query.error.error} onRetry={retry} compact />
        </>
      ) : null}
      {props.banner}
      {props.noun ? <UnreadableNotice items={unreadableOf(data)} noun={props.noun} /> : null}
      {props.empty?.when(data) ? (
        <div className="card">
          <EmptyState title={props.empty.title}>{props.empty.text}</EmptyState>
        </div>
      ) : (
        props.children(data)
      )}
    </>
  );
}

function unreadableOf(data: unknown): readonly UnreadableItem[] | undefined {
  return typeof data === 'object' && data !== null && 'unreadable' in data ? (data as { unreadable: readonly UnreadableItem[] }).unreadable : undefined;
}
