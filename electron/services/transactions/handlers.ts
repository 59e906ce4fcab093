/** The transactions.* channels: the exchange's history of deposits and withdrawals, read-only. */
import type { HandlersOf } from '../../router';
import type { TransactionService } from './service';

export function transactionHandlers(transactions: TransactionService): HandlersOf<'transactions'> {
  return {
    'transactions.page': (p, _s, { signal }) => transactions.page(p, signal),
  };
}
