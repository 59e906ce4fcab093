import { plural, t } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import type { ConnectionState } from '../../shared/model/connection';
import type { LiveState } from '../../shared/model/live';
import { useRefreshIntervalMs } from '../api/queries';
import { formatClock } from '../format/format';
import { isOutage, useConnectionState, useConnectionWatch } from './useConnection';
import { useLiveState } from './useLive';
import './ConnectionIndicator.css';

type Shown = { tone: 'checking' | 'online' | 'offline' | 'busy' | 'auth' | 'live' | 'fallback'; text: string; full?: string };

/** "3 failed attempts so far": the one count of the outage, which only rises until it ends. */
export function failedAttemptsWords(count: number): string {
  return plural(count, { one: '# failed attempt so far', other: '# failed attempts so far' });
}

/**
 * The words for a connection state; times are the local clock ("Offline since 14:02"). An outage
 * reads as one story: when it began (kept while it moves between unreachable and busy) in the bar,
 * the count of failed attempts and the cause in the tooltip.
 */
export function describeConnection(state: ConnectionState | undefined): Shown {
  switch (state?.status) {
    case 'online':
      return { tone: 'online', text: t`Online` };
    case 'offline': {
      const text = state.since === null ? t`Offline` : t`Offline since ${formatClock(state.since)}`;
      return { tone: 'offline', text, full: outageTooltip(text, state) };
    }
    case 'busy': {
      const text = state.since === null ? t`Exchange busy` : t`Exchange busy since ${formatClock(state.since)}`;
      return { tone: 'busy', text, full: outageTooltip(text, state) };
    }
    case 'key_problem':
      return { tone: 'auth', text: t`API key problem`, full: state.problem ? `${t`API key problem`}: ${state.problem}` : undefined };
    default:
      return { tone: 'checking', text: t`Connecting…` };
  }
}

function outageTooltip(text: string, state: ConnectionState): string {
  const count = state.failedAttempts > 0 ? ` (${failedAttemptsWords(state.failedAttempts)})` : '';
  return state.problem ? `${text}${count}: ${state.problem}` : `${text}${count}`;
}

/**
 * Which feed carries the view: the live stream, or REST refresh while the stream is lost (its
 * retry counted down from `now`). Null when there is no live feed to speak of (off, or the first
 * connection still opening): the REST connection's words stand alone then.
 */
export function describeLive(live: LiveState | undefined, refreshMs: number, now: number): Shown | null {
  if (live?.status === 'live') return { tone: 'live', text: t`Live` };
  if (live?.status !== 'fallback') return null;
  const every = Math.round(refreshMs / 1000);
  const text = refreshMs > 0 ? t`Updating every ${every} s` : t`Live connection lost`;
  if (live.retryAt === null) {
    return { tone: 'fallback', text, full: refreshMs > 0 ? t`Updating every ${every} s: live connection lost, retrying` : t`Live connection lost, retrying` };
  }
  const retryIn = Math.max(0, Math.ceil((live.retryAt - now) / 1000));
  return { tone: 'fallback', text, full: refreshMs > 0 ? t`Updating every ${every} s: live connection lost, retrying in ${retryIn} s` : t`Live connection lost, retrying in ${retryIn} s` };
}

/** The clock, ticking each second while `on` (for a countdown), still otherwise. */
function useSecondClock(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const tick = () => setNow(Date.now());
    // The clock may have stood still since the last countdown: caught up at once, then each second.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [on]);
  return now;
}

/**
 * The active account's connection, from the outcome of every exchange call the main process makes;
 * while shown, this component also keeps main pinging through silences (see useConnection.ts).
 */
export function ConnectionIndicator({ accountId, renewWatchMs }: { accountId: string; renewWatchMs?: number }) {
  const state = useConnectionState(accountId);
  useConnectionWatch(accountId, renewWatchMs);
  const live = useLiveState(accountId);
  const refreshMs = useRefreshIntervalMs();
  const now = useSecondClock(live?.status === 'fallback' && live.retryAt !== null);
  // An outage of the exchange itself says more than which feed would carry the view.
  const feed = isOutage(state) ? null : describeLive(live, refreshMs, now);
  const shown = feed ?? describeConnection(state);
  // The bar keeps to one line: the whole sentence is in the tooltip and the accessible name.
  const full = shown.full ?? shown.text;
  return (
    <span className={`connection connection--${shown.tone}`} role="status" aria-label={t`Connection: ${feed?.full ?? shown.text}`} title={full}>
      <span className="connection__dot" aria-hidden="true" />
      <span className="connection__text">{shown.text}</span>
    </span>
  );
}
