/**
 * The active account's connection as the main process knows it from every exchange call it made
 * (`connection.get` for the first paint, then `connection.changed` events into the same cache
 * entry), and the ping that only fills silence: when no call has happened for a while, or often
 * while the exchange is unreachable, so that recovery shows quickly.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConnectionState } from '../../shared/model/connection';
import { channelQueryKey, useBridgeEvent, useChannelQuery } from '../api/queries';
import { invoke } from '../api/invoke';

/**
 * No exchange call for this long: ping. The ping is timed for the moment the silence reaches this,
 * so a refused connection shows about 3 s after the exchange stops, inside the 5 s the product
 * promises.
 */
export const SILENCE_PING_MS = 3_000;
/** While offline or given up on a busy exchange: ping this often, so the way back shows quickly. */
export const OUTAGE_PING_MS = 1_500;

/** Statuses under which the page's data cannot be refreshed. */
export function isOutage(state: ConnectionState | undefined): boolean {
  return state?.status === 'offline' || state?.status === 'busy' || state?.status === 'key_problem';
}

/** The connection.get cache entry of `accountId`, kept current by events, read through `select`. */
function useConnectionQuery<T>(accountId: string | null, select: (state: ConnectionState) => T) {
  const queryClient = useQueryClient();
  useBridgeEvent('connection.changed', (state) => {
    queryClient.setQueryData(channelQueryKey('connection.get', { accountId: state.accountId }), state);
  });
  return useChannelQuery('connection.get', { accountId: accountId ?? '' }, { enabled: accountId !== null, refetchInterval: false, staleTime: Infinity, select });
}

const whole = (state: ConnectionState) => state;

/** The account's connection state (undefined until the first answer); kept current by events. */
export function useConnectionState(accountId: string | null): ConnectionState | undefined {
  const query = useConnectionQuery(accountId, whole);
  return accountId === null ? undefined : query.data;
}

/**
 * Whether the account's data cannot be refreshed now (isOutage). A component that needs only this
 * re-renders when it changes, not at each event that only moves the last call time (about every
 * 3 s while idle, issue 14).
 */
export function useConnectionOutage(accountId: string | null): boolean {
  const query = useConnectionQuery(accountId, isOutage);
  return accountId !== null && query.data === true;
}

export interface SilencePingOptions {
  silenceMs?: number;
  outageMs?: number;
}

/**
 * Pings the exchange for `accountId` when the state says nothing recent. The ping's outcome reaches
 * the state like any other call's; afterwards the state is read again in case an event was missed.
 * Like the app's other background refreshes, it rests while the page is hidden.
 *
 * One timer, set for the moment the next ping is due and set again whenever the state changes,
 * rather than a check every half second: an idle page then wakes about twice per 10 s refresh
 * instead of 20 times (issue 14).
 */
export function useSilencePing(accountId: string, state: ConnectionState | undefined, options: SilencePingOptions = {}): void {
  const silenceMs = options.silenceMs ?? SILENCE_PING_MS;
  const outageMs = options.outageMs ?? OUTAGE_PING_MS;
  const queryClient = useQueryClient();
  const latest = useRef(state);
  const reschedule = useRef<() => void>(() => undefined);
  useEffect(() => {
    latest.current = state;
    // A new call time moves the silence's end; a new status may change how often to ping.
    reschedule.current();
  }, [state]);

  useEffect(() => {
    let inFlight = false;
    let stopped = false;
    let lastPingAt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** When the next ping is due (epoch ms), or null when none is (the next state change decides). */
    const dueAt = (): number | null => {
      const current = latest.current;
      // Main has not said yet what it knows; its answer may make a ping needless.
      if (current === undefined) return null;
      // The client is already retrying: a ping would only add to the exchange's load.
      if (current.status === 'busy' && current.retry !== null) return null;
      // A refused key is not mended by pinging often, so it waits for silence like a working one.
      const unreachable = current.status === 'offline' || current.status === 'busy';
      return unreachable ? lastPingAt + outageMs : Math.max(lastPingAt, current.lastCallAt ?? 0) + silenceMs;
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = undefined;
      // A hidden page is woken by visibilitychange; a ping in flight schedules when it settles.
      if (stopped || inFlight || document.visibilityState === 'hidden') return;
      const due = dueAt();
      if (due === null) return;
      const wait = due - Date.now();
      if (wait > 0) timer = setTimeout(schedule, wait);
      else ping();
    };
    const ping = () => {
      const now = Date.now();
      inFlight = true;
      lastPingAt = now;
      void invoke('exchange.ping', { accountId })
        .catch(() => undefined)
        .finally(() => {
          inFlight = false;
          // Re-read only when no event since the ping told its outcome (main pushes a change of the
          // call time alone at most once a second): otherwise every ping cost a second round trip.
          if ((latest.current?.lastCallAt ?? 0) < now) void queryClient.invalidateQueries({ queryKey: channelQueryKey('connection.get', { accountId }) });
          schedule();
        });
    };
    reschedule.current = schedule;
    document.addEventListener('visibilitychange', schedule);
    schedule();
    return () => {
      stopped = true;
      reschedule.current = () => undefined;
      document.removeEventListener('visibilitychange', schedule);
      clearTimeout(timer);
    };
  }, [accountId, silenceMs, outageMs, queryClient]);
}
