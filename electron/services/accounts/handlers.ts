/** The accounts.* channels, answered by the account service. */
import type { HandlersOf } from '../../router';
import type { AccountService } from './service';

export function accountHandlers<Client>(accounts: AccountService<Client>): HandlersOf<'accounts'> {
  return {
    'accounts.list': () => accounts.list(),
    'accounts.add': (p) => accounts.add(p),
    'accounts.update': (p) => accounts.update(p),
    'accounts.setKey': (p) => accounts.setKey(p),
    'accounts.test': (p) => accounts.test(p),
    'accounts.remove': (p) => accounts.remove(p),
    'accounts.select': (p) => accounts.select(p),
  };
}
