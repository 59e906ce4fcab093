/** The withdrawals.* channels, answered by the withdrawal service (the one service that moves money). */
import type { HandlersOf } from '../../router';
import type { WithdrawalService } from './index';

export function withdrawalHandlers(withdrawals: WithdrawalService): HandlersOf<'withdrawals'> {
  return {
    'withdrawals.prepare': (p) => withdrawals.prepare(p),
    'withdrawals.send': (p) => withdrawals.send(p),
    'withdrawals.reconcile': (p) => withdrawals.reconcile(p),
    'withdrawals.discard': (p) => withdrawals.discard(p),
    'withdrawals.list': (p) => withdrawals.list(p),
    'withdrawals.vasps': (p) => withdrawals.vasps(p),
  };
}
