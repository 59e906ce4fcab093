/**
 * Deposit addresses: the exchange's address (and memo) for an asset on one network, with its
 * deposit terms. Fiat and non-depositable assets are a state, not a failure; "0" terms are "none".
 */
import { AppFailure } from '../../../shared/errors';
import type { DepositAddressView } from '../../../shared/model/deposits';
import { isZero } from '../../../shared/money/decimal';
import type { CallOptions, ExchangeClient } from '../exchange';

export type DepositsClient = Pick<ExchangeClient, 'depositAddress'>;

const some = (value: string | undefined): string | null => (value === undefined || isZero(value) ? null : value);

export function createDepositsService(options: { clientFor: (accountId: string) => Promise<DepositsClient> }) {
  async function address(request: { accountId: string; ticker: string; network?: string }, o: CallOptions = {}): Promise<DepositAddressView> {
    const client = await options.clientFor(request.accountId);
    const base = { ticker: request.ticker, network: request.network ?? null };
    try {
      const answer = await client.depositAddress({ ticker: request.ticker, ...(request.network ? { network: request.network } : {}) }, o);
      const flex = answer.required?.flexFee;
      return {
        ...base,
        state: 'ok',
        address: answer.account.address,
        memo: answer.account.memo ? answer.account.memo : null,
        minAmount: some(answer.required?.minAmount),
        maxAmount: some(answer.required?.maxAmount),
        fixedFee: some(answer.required?.fixedFee),
        flexFee: flex && !isZero(flex.percent) ? { percent: flex.percent, minFee: flex.minFee, maxFee: some(flex.maxFee) } : null,
      };
    } catch (error) {
      if (error instanceof AppFailure && error.error.reason === 'not_depositable') {
        return { ...base, state: 'not_depositable', address: null, memo: null, minAmount: null, maxAmount: null, fixedFee: null, flexFee: null };
      }
      throw error;
    }
  }
  return { address };
}

export type DepositsService = ReturnType<typeof createDepositsService>;
