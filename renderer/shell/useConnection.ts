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
 * No exchange call for this long: ping. With the 0.5 s tick, a refused connection shows within
 * about 3.5 s of the exchange stopping, inside the 5 s the product promises.
 */
export const SILENCE_PING_MS = 3_000;
/** While offline or given up on a busy exchange: ping this often, so the way back shows quickly. */
export const OUTAGE_PING_MS = 1_500;
const TICK_MS = 500;

/** Statuses under which the page's data cannot be refreshed. */
export function isOutage(state: ConnectionState | undefined): boolean {
  return state?.status === 'offline' || state?.status === 'busy' || state?.status === 'key_problem';
}

/** The account's connection state (undefined until the first answer); kept current by events. */
export function useConnectionState(accountId: string | null): ConnectionState | undefined {
  const queryClient = useQueryClient();
  useBridgeEvent('connection.changed', (state) => {
    queryClient.setQueryData(channelQueryKey('connection.get', { accountId: state.accountId }), state);
  });
  const query = useChannelQuery('connection.get', { accountId: accountId ?? '' }, { enabled: accountId !== null, refetchInterval: false, staleTime: Infinity });
  return accountId === null ? undefined : query.data;
}

export interface SilencePingOptions {
  silenceMs?: number;
  outageMs?: number;
}

/**
 * Pings the exchange for `accountId` when the state says nothing recent. The ping's outcome reaches
 * the state like any other call's; afterwards the state is read again in case an event was missed.
 * Like the app's other background refreshes, it rests while the page is hidden.
 */
export function useSilencePing(accountId: string, state: ConnectionState | undefined, options: SilencePingOptions = {}): void {
  const silenceMs = options.silenceMs ?? SILENCE_PING_MS;
  const outageMs = options.outageMs ?? OUTAGE_PING_MS;
  const queryClient = useQueryClient();
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });

  useEffect(() => {
    let inFlight = false;
    let lastPingAt = 0;
    const tick = () => {
      if (inFlight || document.visibilityState === 'hidden') return;
      const current = latest.current;
      // Main has not said yet what it knows; its answer may make a ping needless.
      if (current === undefined) return;
      const now = Date.now();
      // The client is already retrying: a ping would only add to the exchange's load.
      if (current.status === 'busy' && current.retry !== null) return;
      // A refused key is not mended by pinging often, so it waits for silence like a working one.
      const unreachable = current.status === 'offline' || current.status === 'busy';
      const due = unreachable ? now - lastPingAt >= outageMs : now - Math.max(lastPingAt, current.lastCallAt ?? 0) >= silenceMs;
      if (!due) return;
      inFlight = true;
      lastPingAt = now;
      void invoke('exchange.ping', { accountId })
        .catch(() => undefined)
        .finally(() => {
          inFlight = false;
          // Re-read only when no event since the ping told its outcome (main pushes a change of the
          // call time alone at most once a second): otherwise every ping cost a second round trip.
          if ((latest.current?.lastCallAt ?? 0) < now) void queryClient.invalidateQueries({ queryKey: channelQueryKey('connection.get', { accountId }) });
        });
    };
    const timer = setInterval(tick, Math.min(TICK_MS, silenceMs, outageMs));
    return () => clearInterval(timer);
  }, [accountId, silenceMs, outageMs, queryClient]);
}
