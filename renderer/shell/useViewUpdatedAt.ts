import { useEffect, useState } from 'react';
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { REFERENCE_DATA_META } from '../api/queries';

/**
 * Queries the shell watches itself; they say nothing about the open view's data. The live feed's
 * state and the alert log are fed by events: their age is when something last happened, and
 * counted, it made the one clock read "Updated 2 min ago" beside rows that were moving live.
 */
export const SHELL_CHANNELS: ReadonlySet<string> = new Set(['connection.get', 'accounts.list', 'settings.get', 'app.info', 'live.get', 'alerts.log']);

/**
 * A query the open view watches for its figures. Reference data (asset names, refreshed every ten
 * minutes beside balances refreshed every few seconds) says nothing about how fresh the figures
 * are: counted, it made the label read "1 min ago" and more while the balances were seconds old.
 * A query is reference data when every view watching it says so (REFERENCE_DATA).
 */
function isViewQuery(query: Query): boolean {
  const channel = query.queryKey[0];
  if (typeof channel !== 'string' || SHELL_CHANNELS.has(channel) || query.getObserversCount() === 0) return false;
  return !query.observers.every((observer) => observer.options.meta?.[REFERENCE_DATA_META] === true);
}

/**
 * The OLDEST load among the queries the open view is showing, so "Updated N s ago" never claims
 * more freshness than the stalest part has (0 before the first load).
 */
function viewUpdatedAt(queryClient: QueryClient): number {
  let oldest = 0;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (!isViewQuery(query)) continue;
    const at = query.state.dataUpdatedAt;
    if (at && (oldest === 0 || at < oldest)) oldest = at;
  }
  return oldest;
}

/** viewUpdatedAt, kept current: changes when a query of the open view is answered. */
export function useViewUpdatedAt(): number {
  const queryClient = useQueryClient();
  const [updatedAt, setUpdatedAt] = useState(() => viewUpdatedAt(queryClient));
  useEffect(() => {
    const update = () => setUpdatedAt(viewUpdatedAt(queryClient));
    const unsubscribe = queryClient.getQueryCache().subscribe(update);
    // Views that mounted with this one started watching their queries before this subscription.
    update();
    return unsubscribe;
  }, [queryClient]);
  return updatedAt;
}
