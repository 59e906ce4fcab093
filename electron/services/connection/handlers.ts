/**
 * The connection.* channels: the state the page paints first, before `connection.changed` events,
 * and the page's watch that keeps main pinging through silences (silenceWatch.ts).
 */
import { CONNECTION_WATCH_LEASE_MS } from '../../../shared/model/connection';
import type { HandlersOf } from '../../router';
import type { ConnectionMonitor } from './monitor';
import type { SilenceWatch } from './silenceWatch';

export function connectionHandlers(monitor: Pick<ConnectionMonitor, 'get'>, silenceWatch: Pick<SilenceWatch, 'watch'>): HandlersOf<'connection'> {
  return {
    'connection.get': async ({ accountId }) => monitor.get(accountId),
    'connection.watch': async ({ accountId, watcher, watching }) => {
      silenceWatch.watch(accountId, watcher, watching);
      return { leaseMs: CONNECTION_WATCH_LEASE_MS, state: monitor.get(accountId) };
    },
  };
}
