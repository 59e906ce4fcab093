/** The connection.* channels: the state the page paints first, before `connection.changed` events. */
import type { HandlersOf } from '../../router';
import type { ConnectionMonitor } from './monitor';

export function connectionHandlers(monitor: Pick<ConnectionMonitor, 'get'>): HandlersOf<'connection'> {
  return {
    'connection.get': async ({ accountId }) => monitor.get(accountId),
  };
}
