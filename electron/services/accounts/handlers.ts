/** The accounts.* channels, answered by the account service's methods of the same names. */
import { handlersOf, type HandlersOf } from '../../router';
import type { AccountService } from './service';

export function accountHandlers<Client>(accounts: AccountService<Client>): HandlersOf<'accounts'> {
  return handlersOf('accounts', accounts);
}
