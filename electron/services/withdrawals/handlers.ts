/** The withdraw.* channels, answered by the withdrawal service (the one service that moves money). */
import type { HandlersOf } from '../../router';
import type { WithdrawalService } from './index';

export function withdrawalHandlers(withdrawals: WithdrawalService): HandlersOf<'withdraw'> {
  return {
    'withdraw.prepare': (p) => withdrawals.prepare(p),
    'withdraw.send': (p) => withdrawals.send(p),
    'withdraw.reconcile': (p) => withdrawals.reconcile(p),
    'withdraw.discard': (p) => withdrawals.discard(p),
    'withdraw.list': (p) => withdrawals.list(p),
    'withdraw.vasps': (p) => withdrawals.vasps(p),
  };
}
