/** The balances.* channels: the whole account valued in the quote currency. */
import type { HandlersOf } from '../../router';
import type { HoldingsService } from './holdings';
import type { BalancesService } from './service';

export function balancesHandlers(balances: BalancesService, holdings: HoldingsService): HandlersOf<'balances'> {
  return {
    'balances.overview': async (p, _s, { signal }) => balances.overview(p, { signal }),
    'balances.holdings': async (p, _s, { signal }) => holdings.holdings(p, { signal }),
  };
}
