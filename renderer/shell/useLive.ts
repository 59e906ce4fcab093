/**
 * The account's live (WebSocket) feed as the page uses it: its state (`live.get` for the first
 * paint, then `live.changed` events into the same cache entry), and the live views' refresh on
 * `live.pushed`, which main already coalesces to at most four a second per account.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { Channel } from '../../shared/ipc';
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

/**
 * Reads `channels` again for `accountId` (and their all-accounts entries) whenever main says
 * pushed data arrived. A read still under way is left to finish rather than restarted, so a
 * stream faster than the exchange answers cannot starve the view of fresh figures.
 */
export function useLiveRefresh(accountId: string, channels: readonly Channel[]): void {
  const queryClient = useQueryClient();
  useBridgeEvent('live.pushed', (pushed) => {
    if (pushed.accountId !== accountId) return;
    void queryClient.invalidateQueries(
      {
        predicate: ({ queryKey }) => {
          const [channel, payload] = queryKey as readonly [string, { accountId?: string } | undefined];
          return channels.includes(channel as Channel) && (payload?.accountId === undefined || payload.accountId === accountId);
        },
      },
      { cancelRefetch: false },
    );
  });
}
