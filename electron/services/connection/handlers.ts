/**
 * The connection.* channels: the state the page paints first, before `connection.changed` events,
 * and the page's watch that keeps main pinging through silences (silenceWatch.ts).
 */
import { CONNECTION_WATCH_LEASE_MS } from '../../../shared/model/connection';
import type { HandlersOf } from '../../router';
import type { ConnectionMonitor } from './monitor';
import type { SilenceWatch } from './silenceWatch';

export interface ConnectionHandlerDeps {
  monitor: Pick<ConnectionMonitor, 'get'>;
  silenceWatch: Pick<SilenceWatch, 'watch'>;
  /** Throws `not_found` for an id that names no account: main pings only accounts that exist. */
  assertKnownAccount: (accountId: string) => void;
}

export function connectionHandlers({ monitor, silenceWatch, assertKnownAccount }: ConnectionHandlerDeps): HandlersOf<'connection'> {
  return {
    'connection.get': async ({ accountId }) => monitor.get(accountId),
    'connection.watch': async ({ accountId, watcher, watching, seq }) => {
      // A stop is always taken: the account may have been removed while the page watched it.
      if (watching) assertKnownAccount(accountId);
      silenceWatch.watch(accountId, watcher, watching, seq);
      return { leaseMs: CONNECTION_WATCH_LEASE_MS, state: monitor.get(accountId) };
    },
  };
}
