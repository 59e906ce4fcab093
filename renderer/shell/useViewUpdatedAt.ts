import { useEffect, useState } from 'react';
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';

/** Queries the shell watches itself; they say nothing about the open view's data. */
const SHELL_CHANNELS = new Set(['exchange.ping', 'connection.get', 'accounts.list', 'settings.get', 'app.info']);

function isViewQuery(query: Query): boolean {
  const channel = query.queryKey[0];
  return typeof channel === 'string' && !SHELL_CHANNELS.has(channel) && query.getObserversCount() > 0;
}

interface ViewFreshness {
  updatedAt: number;
  fetching: boolean;
}

/**
 * The OLDEST load among the queries the open view is showing, so "Updated N s ago" never claims
 * more freshness than the stalest part has; and whether any of them is loading.
 */
function viewFreshness(queryClient: QueryClient): ViewFreshness {
  let oldest = 0;
  let fetching = false;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (!isViewQuery(query)) continue;
    const at = query.state.dataUpdatedAt;
    if (at && (oldest === 0 || at < oldest)) oldest = at;
    if (query.state.fetchStatus === 'fetching') fetching = true;
  }
  return { updatedAt: oldest, fetching };
}

export function useViewUpdatedAt(): ViewFreshness {
  const queryClient = useQueryClient();
  const [state, setState] = useState(() => viewFreshness(queryClient));
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe(() => {
        const next = viewFreshness(queryClient);
        setState((prev) => (prev.updatedAt === next.updatedAt && prev.fetching === next.fetching ? prev : next));
      }),
    [queryClient],
  );
  return state;
}
