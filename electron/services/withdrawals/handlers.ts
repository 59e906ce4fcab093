/** The withdrawals.* channels, answered by the withdrawal service (the one service that moves money), method by method. */
import { handlersOf, type HandlersOf } from '../../router';
import type { WithdrawalService } from './index';

export function withdrawalHandlers(withdrawals: WithdrawalService): HandlersOf<'withdrawals'> {
  return handlersOf('withdrawals', withdrawals);
}
