/** The subAccounts.* channels: a master key's sub-accounts and their balances. */
import type { HandlersOf } from '../../router';
import type { SubAccountsService } from './service';

export function subAccountsHandlers(service: SubAccountsService): HandlersOf<'subAccounts'> {
  return {
    'subAccounts.list': async (p, _s, { signal }) => service.list(p, { signal }),
    'subAccounts.balances': async (p, _s, { signal }) => service.balances(p, { signal }),
    'subAccounts.total': async (p, _s, { signal }) => service.total(p, { signal }),
  };
}
