/** The positions.* channels: open positions as risk. */
import type { HandlersOf } from '../../router';
import type { PositionsService } from './service';

export function positionsHandlers(positions: PositionsService): HandlersOf<'positions'> {
  return {
    'positions.overview': async (p, _s, { signal }) => positions.overview(p, { signal }),
  };
}
