/**
 * `app.bootstrap` (settings, accounts and the landing data in one answer), and the landing reads
 * that join a fetch the bootstrap or the launch already started.
 */
import type { Handlers } from '../../router';
import type { Bootstrap } from '../../../shared/model/startup';
import { BOOTSTRAP_WAIT_MS, type Landing } from './landing';

type Joined = 'balances.overview' | 'exchange.assets';

/**
 * `inner` answers settings.get and accounts.list, and the two landing channels when no shared
 * fetch fits; `quote` is the quote setting (what balances.overview uses when none is given).
 */
export function startupHandlers(landing: Landing, quote: () => string, inner: Pick<Handlers, 'settings.get' | 'accounts.list' | Joined>): Pick<Handlers, 'app.bootstrap' | Joined> {
  return {
    'app.bootstrap': async (_p, sender, context) => {
      const landingData = await landing.bootstrap(BOOTSTRAP_WAIT_MS, context.signal);
      // Read after the landing fetch, which may have started the Demo exchange: the list then says where it runs.
      const [settings, accounts] = await Promise.all([inner['settings.get']({}, sender, context), inner['accounts.list']({}, sender, context)]);
      return { settings, accounts, landing: landingData } satisfies Bootstrap;
    },
    'balances.overview': async (p, sender, context) => {
      const joined = p.accountId === undefined ? undefined : await landing.overview({ accountId: p.accountId, quote: p.quote ?? quote() }, context.signal);
      return joined ?? inner['balances.overview'](p, sender, context);
    },
    'exchange.assets': async (p, sender, context) => (await landing.assets(p.accountId, context.signal)) ?? inner['exchange.assets'](p, sender, context),
  };
}
