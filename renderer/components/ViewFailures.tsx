/**
 * One banner per view for the refreshes that failed in it. A view reads several queries (plans and
 * investments, balances and prices); each failed one used to put its own panel on screen, so an
 * outage showed two or three panels, in words that could disagree ("cannot be reached" beside
 * "Service temporarily unavailable"). The view's queries report here instead, and the view shows
 * one banner, worded from the latest failure, with one Retry for all of them.
 */
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { t } from '@lingui/core/macro';
import type { AppError } from '../../shared/errors';
import { formatClock, formatEpochMs } from '../format/format';
import { ErrorPanel } from './ErrorPanel';
import { staleSentence } from './StaleNote';

export interface FailedRead {
  error: AppError;
  /** When it failed (epoch ms): the latest failure words the banner. */
  failedAt: number;
  /** When the figures still shown were read (epoch ms), 0 when nothing was ever read. */
  updatedAt: number;
  retry: () => void;
}

type Report = (id: string, failed: FailedRead | null) => void;
const ReportContext = createContext<Report | null>(null);

/**
 * Reports `failed` (null once it is mended) to the view's banner. True when there is a banner to
 * take it; outside a view (a form, a test) the caller shows its failure itself.
 */
export function useReportFailure(failed: FailedRead | null): boolean {
  const report = useContext(ReportContext);
  const id = useId();
  // The latest retry function is called, without reporting again for each new closure.
  const retry = useRef(failed?.retry);
  useEffect(() => {
    retry.current = failed?.retry;
  });
  const error = failed?.error;
  const failedAt = failed?.failedAt;
  const updatedAt = failed?.updatedAt;
  useEffect(() => {
    if (!report) return;
    report(id, error && failedAt !== undefined ? { error, failedAt, updatedAt: updatedAt ?? 0, retry: () => retry.current?.() } : null);
  }, [report, id, error, failedAt, updatedAt]);
  useEffect(() => () => report?.(id, null), [report, id]);
  return report !== null;
}

/** The banner: the figures' time and the cause while some are shown, the full explanation while none are. */
function FailureBanner({ failures }: { failures: readonly FailedRead[] }) {
  // Failures in the same millisecond: the one reported last.
  const latest = failures.reduce((a, b) => (b.failedAt >= a.failedAt ? b : a));
  const retryAll = () => failures.forEach((f) => f.retry());
  const shown = failures.map((f) => f.updatedAt).filter((at) => at > 0);
  if (shown.length === 0) return <ErrorPanel error={latest.error} onRetry={retryAll} />;
  // The oldest figures on screen set the time: the banner never claims more freshness than they have.
  const oldest = Math.min(...shown);
  return (
    <div className="error-panel error-panel--warning error-panel--compact view-failures" role="status" data-testid="view-failures">
      <p className="error-panel__body error-panel__title" title={formatEpochMs(oldest)}>
        {staleSentence(latest.error, formatClock(oldest))}
      </p>
      <button type="button" className="button" onClick={retryAll}>
        {t`Retry`}
      </button>
    </div>
  );
}

/** Collects the failures of a view's queries and shows them as one banner above the view's content. */
export function ViewFailures({ children }: { children: ReactNode }) {
  const [failures, setFailures] = useState<ReadonlyMap<string, FailedRead>>(() => new Map());
  const report = useCallback<Report>(
    (id, failed) =>
      setFailures((known) => {
        if (failed === null && !known.has(id)) return known;
        const next = new Map(known);
        if (failed === null) next.delete(id);
        else next.set(id, failed);
        return next;
      }),
    [],
  );
  return (
    <ReportContext.Provider value={report}>
      {failures.size > 0 ? <FailureBanner failures={[...failures.values()]} /> : null}
      {children}
    </ReportContext.Provider>
  );
}
