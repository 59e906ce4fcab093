/**
 * TanStack Query over the channel contract. Server data lives here (never in zustand); the cache
 * key is always `[channel, payload]`, so invalidating `[channel]` refreshes every payload of it.
 */
import { useEffect, useRef } from 'react';
import {
  QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationOptions,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { AppFailure } from '../../shared/errors';
import type { Channel, EventName, EventPayloads, RequestOf, ResponseOf } from '../../shared/ipc';
import type { AccountSummary } from '../../shared/model/accounts';
import type { Settings } from '../../shared/model/settings';
import { getBridge } from './bridge';
import { invoke } from './invoke';
import { shouldRetry } from './retryPolicy';

export type ChannelQueryKey<C extends Channel> = readonly [C, RequestOf<C>];

export function channelQueryKey<C extends Channel>(channel: C, payload: RequestOf<C>): ChannelQueryKey<C> {
  return [channel, payload] as const;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5_000, retry: shouldRetry, refetchIntervalInBackground: false },
      mutations: { retry: false },
    },
  });
}

export const settingsQuery = queryOptions({
  queryKey: channelQueryKey('settings.get', {}),
  queryFn: () => invoke('settings.get', {}),
  staleTime: Infinity,
});

/** The user's auto-refresh choice in ms; 0 (off) until settings have loaded. */
export function useRefreshIntervalMs(): number {
  const { data } = useQuery(settingsQuery);
  return data?.settings.refreshIntervalMs ?? 0;
}

export type ChannelQueryOptions<C extends Channel, TSelected = ResponseOf<C>> = Omit<
  UseQueryOptions<ResponseOf<C>, AppFailure, TSelected, ChannelQueryKey<C>>,
  'queryKey' | 'queryFn'
>;

/**
 * One channel as a query. Refetches on the user's auto-refresh interval unless `refetchInterval`
 * is given; TanStack pauses interval refetches while the document is hidden
 * (`refetchIntervalInBackground: false`). Errors are `AppFailure`s: use `query.error.error`.
 */
export function useChannelQuery<C extends Channel, TSelected = ResponseOf<C>>(
  channel: C,
  payload: RequestOf<C>,
  options: ChannelQueryOptions<C, TSelected> = {},
): UseQueryResult<TSelected, AppFailure> {
  const refreshMs = useRefreshIntervalMs();
  return useQuery<ResponseOf<C>, AppFailure, TSelected, ChannelQueryKey<C>>({
    queryKey: channelQueryKey(channel, payload),
    // The page's abort signal travels with the call, so a left page stops its request.
    queryFn: ({ signal }) => invoke(channel, payload, { signal }),
    retry: shouldRetry,
    refetchInterval: refreshMs > 0 ? refreshMs : false,
    refetchIntervalInBackground: false,
    ...options,
  });
}

export const REFERENCE_DATA_META = 'referenceData';
/**
 * Options of a query that only labels the view's figures (asset names, for instance): the
 * "Updated … ago" label does not count its age (renderer/shell/useViewUpdatedAt.ts).
 */
export const REFERENCE_DATA = { meta: { [REFERENCE_DATA_META]: true } } as const;

export type ChannelMutationOptions<C extends Channel> = Omit<UseMutationOptions<ResponseOf<C>, AppFailure, RequestOf<C>>, 'mutationFn'> & {
  /** Channels whose cached queries are refreshed after a success. */
  invalidates?: readonly Channel[];
};

/** One channel as a mutation. Never retried automatically. */
export function useChannelMutation<C extends Channel>(channel: C, options: ChannelMutationOptions<C> = {}) {
  const queryClient = useQueryClient();
  const { invalidates = [], onSuccess, ...rest } = options;
  return useMutation<ResponseOf<C>, AppFailure, RequestOf<C>>({
    mutationFn: (payload) => invoke(channel, payload),
    retry: false,
    ...rest,
    onSuccess: async (...args) => {
      await Promise.all(invalidates.map((c) => queryClient.invalidateQueries({ queryKey: [c] })));
      return onSuccess?.(...args);
    },
  });
}

export interface AccountsState {
  accounts: AccountSummary[];
  activeAccount: AccountSummary | null;
  activeAccountId: string | null;
  query: UseQueryResult<ResponseOf<'accounts.list'>, AppFailure>;
}

export function useAccounts(): AccountsState {
  // Kept fresh by mutations and the `accounts.changed` event, not by polling.
  const query = useChannelQuery('accounts.list', {}, { refetchInterval: false, staleTime: 30_000 });
  const accounts = query.data?.accounts ?? [];
  const activeAccountId = query.data?.activeAccountId ?? null;
  const activeAccount = accounts.find((a) => a.id === activeAccountId) ?? accounts[0] ?? null;
  return { accounts, activeAccount, activeAccountId: activeAccount?.id ?? activeAccountId, query };
}

export interface SettingsState {
  settings: Settings | null;
  /** Set once when the settings file was unreadable and defaults were used. */
  notice: string | null;
  /** Accounts with records on this computer that lost settings no longer list. */
  forgottenAccounts: number;
  query: UseQueryResult<ResponseOf<'settings.get'>, AppFailure>;
}

export function useSettings(): SettingsState {
  const query = useQuery(settingsQuery) as UseQueryResult<ResponseOf<'settings.get'>, AppFailure>;
  return { settings: query.data?.settings ?? null, notice: query.data?.notice ?? null, forgottenAccounts: query.data?.forgottenAccounts ?? 0, query };
}

/** Saves a settings patch and puts the answer straight into the settings cache. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useChannelMutation('settings.update', {
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQuery.queryKey, (previous) => ({ settings, notice: previous?.notice ?? null, forgottenAccounts: previous?.forgottenAccounts ?? 0 }));
    },
  });
}

/** Subscribes to a pushed event for the component's lifetime; the latest listener is always used. */
export function useBridgeEvent<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => getBridge().on(event, (payload) => latest.current(payload)), [event]);
}
