/** The positions.* channels: open positions as risk, and closed positions. */
import type { HandlersOf } from '../../router';
import type { ClosedPositionsService } from './closed';
import type { PositionsService } from './service';

export function positionsHandlers(positions: PositionsService, closed: ClosedPositionsService): HandlersOf<'positions'> {
  return {
    'positions.overview': async (p, _s, { signal }) => positions.overview(p, { signal }),
    'positions.closed': async (p, _s, { signal }) => closed.list(p, { signal }),
  };
}
