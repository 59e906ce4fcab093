/**
 * The account's live (WebSocket) feed as the page uses it: its state (`live.get` for the first
 * paint, then `live.changed` events into the same cache entry), the overviews main computes from
 * pushes (`live.overview`, at most four a second per account), and the slow polling of live views.
 */
import { useQueryClient } from '@tanstack/react-query';
import { laterLiveState, type LiveState } from '../../shared/model/live';
import { channelQueryKey, useBridgeEvent, useChannelQuery } from '../api/queries';

/** The account's live state (undefined until the first answer, or when main cannot say). */
export function useLiveState(accountId: string | null): LiveState | undefined {
  const queryClient = useQueryClient();
  useBridgeEvent('live.changed', (state) => queryClient.setQueryData<LiveState>(channelQueryKey('live.get', { accountId: state.accountId }), (known) => laterLiveState(known, state)));
  const query = useChannelQuery('live.get', { accountId: accountId ?? '' }, {
    enabled: accountId !== null,
    refetchInterval: false,
    staleTime: Infinity,
    // The first read may answer after an event that came later: the later state stays.
    structuralSharing: (known, incoming) => laterLiveState(known as LiveState | undefined, incoming as LiveState),
  });
  return accountId === null ? undefined : query.data;
}

/** While an account's socket is live, its live views read REST only this often: pushes carry them. */
export const LIVE_RECONCILE_MS = 60_000;

/**
 * Writes the overviews main computes from the account's pushed data into the positions.overview
 * entry: the view renders what it is sent, and a push never makes it read REST.
 */
export function useLiveOverview(accountId: string): void {
  const queryClient = useQueryClient();
  useBridgeEvent('live.overview', (overview) => {
    if (overview.accountId !== accountId) return;
    queryClient.setQueryData(channelQueryKey('positions.overview', { accountId }), overview);
  });
}

/**
 * Reads the balances views again when main says a pushed balance changed, which it does at most
 * once per 10 s per account: `accountId`'s own view and the all-accounts sum, or, with
 * `allAccounts`, the sum whichever account's balance moved. A read still under way is left to finish.
 */
export function useLiveBalances(accountId: string, allAccounts = false): void {
  const queryClient = useQueryClient();
  useBridgeEvent('live.balances', (changed) => {
    if (!allAccounts && changed.accountId !== accountId) return;
    void queryClient.invalidateQueries(
      {
        predicate: ({ queryKey }) => {
          const [channel, payload] = queryKey as readonly [string, { accountId?: string } | undefined];
          return channel === 'balances.overview' && (payload?.accountId === undefined || payload.accountId === changed.accountId);
        },
      },
      { cancelRefetch: false },
    );
  });
}

/**
 * The polling of a live view of `accountId`: slow (the REST reconcile) while its socket is live,
 * the person's auto-refresh otherwise. Spread into the query's options.
 */
export function useLivePolling(accountId: string | null): { refetchInterval?: number } {
  const state = useLiveState(accountId);
  return state?.status === 'live' ? { refetchInterval: LIVE_RECONCILE_MS } : {};
}
