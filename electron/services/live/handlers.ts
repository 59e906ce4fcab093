/** The live.* channel: the state the page paints before `live.changed` events. */
import type { HandlersOf } from '../../router';
import type { LiveService } from './service';

export function liveHandlers(live: Pick<LiveService, 'get'>): HandlersOf<'live'> {
  return {
    'live.get': async ({ accountId }) => live.get(accountId),
  };
}
