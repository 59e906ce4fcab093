import { useEffect, useState } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';

/** Queries the shell watches itself; they say nothing about the open view's data. */
const SHELL_CHANNELS = new Set(['exchange.ping', 'accounts.list', 'settings.get', 'app.info']);

function isViewQuery(query: Query): boolean {
  const channel = query.queryKey[0];
  return typeof channel === 'string' && !SHELL_CHANNELS.has(channel) && query.getObserversCount() > 0;
}

/**
 * When the open view's data was last loaded: the OLDEST load among the queries the view is
 * currently showing, so "Updated N s ago" never claims more freshness than the stalest part has.
 */
export function useViewUpdatedAt(): { updatedAt: number; fetching: boolean } {
  const queryClient = useQueryClient();
  const compute = () => {
    let oldest = 0;
    let fetching = false;
    for (const query of queryClient.getQueryCache().getAll()) {
      if (!isViewQuery(query)) continue;
      const at = query.state.dataUpdatedAt;
      if (at && (oldest === 0 || at < oldest)) oldest = at;
      if (query.state.fetchStatus === 'fetching') fetching = true;
    }
    return { updatedAt: oldest, fetching };
  };
  const [state, setState] = useState(compute);
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe(() => {
        const next = compute();
        setState((prev) => (prev.updatedAt === next.updatedAt && prev.fetching === next.fetching ? prev : next));
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient],
  );
  return state;
}
