import { useEffect, useMemo, useState } from 'react';
import { t } from '@lingui/core/macro';
import { formatAgo, formatEpochMs, nextAgoChangeIn } from '../format/format';
import './UpdatedAgo.css';

/**
 * How long the label keeps its words once the automatic refresh has fallen due. The refresh
 * falls due just as the age reaches the next step (every 10 s, the label's own step), and its
 * answer comes a tenth of a second later: without the hold, every refresh flashed "10 sec. ago"
 * for that tenth and painted two frames instead of one. A refresh slower
 * than this lets the age go on.
 */
export const REFRESH_HOLD_MS = 3_000;

function inHold(elapsedMs: number, refreshEveryMs: number): boolean {
  return refreshEveryMs > 0 && elapsedMs >= refreshEveryMs && elapsedMs < refreshEveryMs + REFRESH_HOLD_MS;
}

/** The age the label shows: the real one, except while a due refresh is on its way (the age just before it fell due). */
export function ageShown(elapsedMs: number, refreshEveryMs: number): number {
  return inHold(elapsedMs, refreshEveryMs) ? refreshEveryMs - 1 : elapsedMs;
}

/** Milliseconds until the shown age next changes its words (nextAgoChangeIn, with the hold). */
export function nextShownChangeIn(elapsedMs: number, refreshEveryMs: number): number {
  const elapsed = Math.max(0, elapsedMs);
  const holdEnds = refreshEveryMs + REFRESH_HOLD_MS;
  if (inHold(elapsed, refreshEveryMs)) return holdEnds - elapsed;
  const change = elapsed + nextAgoChangeIn(elapsed);
  return inHold(change, refreshEveryMs) ? holdEnds - elapsed : change - elapsed;
}

/**
 * The age of `from` (epoch ms) as shown, kept current: one timer for the moment the words change,
 * counted from `from` (each 10-second step under a minute, then each minute, then each hour), so an
 * old label does not re-render every second for nothing. The timer runs whatever the label says
 * (an outage included): a clock that stood still through an outage came back with the age it had
 * when the outage began, "3 min. ago" for figures 6 minutes old.
 */
export function useShownAge(from: number | null | undefined, refreshEveryMs = 0): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!from) return;
    const timer = setTimeout(() => setNow(Date.now()), nextShownChangeIn(Date.now() - from, refreshEveryMs));
    return () => clearTimeout(timer);
  }, [from, refreshEveryMs, now]);
  return ageShown(from ? Math.max(0, now - from) : 0, refreshEveryMs);
}

/**
 * "Updated 10 s ago", ticking; nothing before the first successful load (updatedAt 0). While the
 * data cannot be refreshed (offline, busy exchange, refused key) the age goes on, from the last good
 * figures, and says it could not refresh. With `refreshEveryMs` (the automatic refresh's interval,
 * 0 for none) it holds its words while a due refresh is on its way.
 */
export function UpdatedAgo({ updatedAt, couldNotRefresh = false, refreshEveryMs = 0 }: { updatedAt: number | null | undefined; couldNotRefresh?: boolean; refreshEveryMs?: number }) {
  // In an outage no refresh is on its way: nothing to hold the words for.
  const age = useShownAge(updatedAt, couldNotRefresh ? 0 : refreshEveryMs);
  // The full date in the tooltip is formatted once per load, not at each step.
  const title = useMemo(() => (updatedAt ? formatEpochMs(updatedAt) : ''), [updatedAt]);
  if (!updatedAt) return null;
  if (couldNotRefresh) {
    const text = t`Updated ${formatAgo(age)} · could not refresh`;
    // The bar may shorten the words (shell.css): the tooltip has them whole.
    return (
      <span className="updated-ago updated-ago--stale" title={`${text} (${title})`}>
        {text}
      </span>
    );
  }
  return (
    <span className="updated-ago" title={title}>
      {t`Updated ${formatAgo(age)}`}
    </span>
  );
}
