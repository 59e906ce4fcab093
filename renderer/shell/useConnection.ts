/**
 * The active account's connection as the main process knows it from every exchange call it made
 * (`connection.get` for the first paint, then `connection.changed` events into the same cache
 * entry), and the page's watch that keeps main pinging through silences while the page is shown.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CONNECTION_WATCH_RENEW_MS, laterConnectionState, type ConnectionState } from '../../shared/model/connection';
import { channelQueryKey, useBridgeEvent, useChannelQuery } from '../api/queries';
import { invoke } from '../api/invoke';

/** Statuses under which the page's data cannot be refreshed. */
export function isOutage(state: ConnectionState | undefined): boolean {
  return state?.status === 'offline' || state?.status === 'busy' || state?.status === 'key_problem';
}

/** Writes `state` into the connection.get cache entry unless the entry holds a later one. */
function storeConnectionState(queryClient: QueryClient, state: ConnectionState): void {
  queryClient.setQueryData<ConnectionState>(channelQueryKey('connection.get', { accountId: state.accountId }), (known) => laterConnectionState(known, state));
}

/** The connection.get cache entry of `accountId`, kept current by events, read through `select`. */
function useConnectionQuery<T>(accountId: string | null, select: (state: ConnectionState) => T) {
  const queryClient = useQueryClient();
  useBridgeEvent('connection.changed', (state) => storeConnectionState(queryClient, state));
  return useChannelQuery('connection.get', { accountId: accountId ?? '' }, {
    enabled: accountId !== null,
    refetchInterval: false,
    staleTime: Infinity,
    // The first read may answer after an event that came later: the later state stays.
    structuralSharing: (known, incoming) => laterConnectionState(known as ConnectionState | undefined, incoming as ConnectionState),
    select,
  });
}

const whole = (state: ConnectionState) => state;

/** The account's connection state (undefined until the first answer); kept current by events. */
export function useConnectionState(accountId: string | null): ConnectionState | undefined {
  const query = useConnectionQuery(accountId, whole);
  return accountId === null ? undefined : query.data;
}

/** Whether the account's data cannot be refreshed now (isOutage); re-renders only when that changes. */
export function useConnectionOutage(accountId: string | null): boolean {
  const query = useConnectionQuery(accountId, isOutage);
  return accountId !== null && query.data === true;
}

/** A failed watch (main busy starting, a dropped connection) is asked again this soon, well inside the lease. */
export const WATCH_RETRY_MS = 5_000;

/**
 * Keeps the main process pinging `accountId` through silences while this page is visible
 * (`connection.watch`, electron/services/connection/silenceWatch.ts): a watch when shown, renewed
 * every CONNECTION_WATCH_RENEW_MS (sooner after a failure, and at once when the window gets focus
 * or the network returns, as after a sleep), ended when hidden or unmounted. Like the app's other
 * background refreshes, the pinging rests while the page is hidden.
 *
 * The page used to ping itself, a round trip to main about every 3 s while idle and often a second
 * one to read the outcome back: half a percent of a core in bench:idle. Now an idle page
 * makes one call a minute, and hears of the connection only when what it shows changes.
 */
export function useConnectionWatch(accountId: string, renewMs: number = CONNECTION_WATCH_RENEW_MS, retryMs: number = WATCH_RETRY_MS): void {
  const queryClient = useQueryClient();
  // One watcher per mounted indicator, its messages numbered: over HTTP a later message can be
  // handled before an earlier one, and main keeps only the latest (StrictMode's mount, unmount,
  // mount sends three at once).
  const watcher = useRef<{ id: string; seq: number } | null>(null);
  watcher.current ??= { id: crypto.randomUUID(), seq: 0 };
  useEffect(() => {
    const self = watcher.current!;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let watching = false;
    let stopped = false;
    const tell = (visible: boolean) => {
      watching = visible;
      const call = invoke('connection.watch', { accountId, watcher: self.id, watching: visible, seq: ++self.seq });
      // The answer carries the state as main knows it: an event missed (a dropped event stream)
      // is caught up here. A failure is not worth an error on screen: the indicator shows what
      // main knows, and the watch is asked again soon.
      call.then(
        ({ state }) => storeConnectionState(queryClient, state),
        () => {
          if (visible && !stopped && watching) schedule(retryMs);
        },
      );
    };
    const schedule = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(update, ms);
    };
    const update = () => {
      clearTimeout(timer);
      timer = undefined;
      if (document.visibilityState !== 'hidden') {
        tell(true);
        schedule(renewMs);
      } else if (watching) {
        tell(false);
      }
    };
    document.addEventListener('visibilitychange', update);
    window.addEventListener('focus', update);
    window.addEventListener('online', update);
    update();
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', update);
      window.removeEventListener('focus', update);
      window.removeEventListener('online', update);
      clearTimeout(timer);
      if (watching) tell(false);
    };
  }, [accountId, renewMs, retryMs, queryClient]);
}
