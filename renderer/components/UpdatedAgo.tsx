import { useEffect, useMemo, useState } from 'react';
import { t } from '@lingui/core/macro';
import { formatAgo, formatClock, formatEpochMs, nextAgoChangeIn } from '../format';
import './UpdatedAgo.css';

/**
 * "Updated 12 s ago", ticking; nothing before the first successful load (updatedAt 0). While the
 * data cannot be refreshed (offline, busy exchange, refused key) it claims no freshness: it says
 * when the data is from and that it could not refresh.
 */
export function UpdatedAgo({ updatedAt, couldNotRefresh = false }: { updatedAt: number | null | undefined; couldNotRefresh?: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  // One timer for the moment the words change, counted from updatedAt: each second under a minute,
  // then each minute, then each hour. The shown age never lags by a tick's phase, and an old
  // label does not re-render every second for nothing. A new updatedAt starts the count again.
  useEffect(() => {
    if (couldNotRefresh || !updatedAt) return;
    const timer = setTimeout(() => setNow(Date.now()), nextAgoChangeIn(Date.now() - updatedAt));
    return () => clearTimeout(timer);
  }, [couldNotRefresh, updatedAt, now]);
  // Re-rendered each second: the full date in the tooltip is formatted once per load.
  const title = useMemo(() => (updatedAt ? formatEpochMs(updatedAt) : ''), [updatedAt]);
  if (!updatedAt) return null;
  if (couldNotRefresh) {
    return (
      <span className="updated-ago updated-ago--stale" title={title}>
        {t`Last updated ${formatClock(updatedAt, true)} · could not refresh`}
      </span>
    );
  }
  return (
    <span className="updated-ago" title={title}>
      {t`Updated ${formatAgo(now - updatedAt)}`}
    </span>
  );
}
