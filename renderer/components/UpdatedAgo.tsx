import { useEffect, useState } from 'react';
import { t } from '@lingui/core/macro';
import { formatAgo, formatClock, formatEpochMs } from '../format';
import './UpdatedAgo.css';

/**
 * "Updated 12 s ago", ticking; nothing before the first successful load (updatedAt 0). While the
 * data cannot be refreshed (offline, busy exchange, refused key) it claims no freshness: it says
 * when the data is from and that it could not refresh.
 */
export function UpdatedAgo({ updatedAt, couldNotRefresh = false }: { updatedAt: number | null | undefined; couldNotRefresh?: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (couldNotRefresh) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [couldNotRefresh]);
  if (!updatedAt) return null;
  if (couldNotRefresh) {
    return (
      <span className="updated-ago updated-ago--stale" title={formatEpochMs(updatedAt)}>
        {t`Last updated ${formatClock(updatedAt, true)} · could not refresh`}
      </span>
    );
  }
  return (
    <span className="updated-ago" title={formatEpochMs(updatedAt)}>
      {t`Updated ${formatAgo(now - updatedAt)}`}
    </span>
  );
}
