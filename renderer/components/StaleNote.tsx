import { t } from '@lingui/core/macro';
import type { AppError } from '../../shared/errors';
import { formatClock, formatEpochMs } from '../format/format';
import './StaleNote.css';

/** Why the figures could not be refreshed, as the end of "As of 04:39, …", one whole sentence per cause. */
export function staleSentence(error: AppError, clock: string): string {
  switch (error.kind) {
    case 'network':
      return t`As of ${clock}: the exchange cannot be reached.`;
    case 'server':
    case 'timeout':
      return t`As of ${clock}: the exchange is not answering.`;
    case 'rate_limited':
      return t`As of ${clock}: the exchange asked the app to slow down.`;
    case 'auth':
    case 'permission':
      return t`As of ${clock}: the exchange refused this API key.`;
    default:
      return t`As of ${clock}: the figures could not be refreshed.`;
  }
}

/**
 * The mark on figures a failed refresh left in place: the time they were read and why they are not
 * newer. Nothing while the figures are current (no error, or nothing shown yet).
 */
export function StaleNote({ error, updatedAt, testId }: { error: AppError | null | undefined; updatedAt: number; testId?: string }) {
  if (!error || !updatedAt) return null;
  return (
    <p className="stale-note" role="status" title={formatEpochMs(updatedAt)} data-testid={testId}>
      {staleSentence(error, formatClock(updatedAt))}
    </p>
  );
}
