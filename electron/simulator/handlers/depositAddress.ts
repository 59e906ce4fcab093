/**
 * POST /main-account/address: the account's deposit address for an asset on one network, with the
 * deposit terms. Fiat and non-depositable assets are refused with code 1 "Currency is not
 * depositable"; a multi-network asset needs `network` (docs/exchange-api.md "Deposit addresses").
 */
import { privateError, validationFailed, type Reply } from '../http';
import { SUCCESS_STATUS } from '../paths';
import { Validator } from '../validation';
import { INVALID_TICKER } from './account';
import type { PrivateContext } from './context';

const NOT_DEPOSITABLE = 'Currency is not depositable';

export function depositAddress(ctx: PrivateContext): Reply {
  const { state, account } = ctx;
  const v = new Validator(ctx.body);
  const ticker = v.string('ticker', { required: true, max: 32 });
  const network = v.string('network', { max: 64 });
  if (v.failed || ticker === undefined) return validationFailed(v.errors);
  const spec = state.catalogue.specs.get(ticker);
  if (!spec) return validationFailed({ ticker: [INVALID_TICKER] });
  if (spec.fiat || spec.canDeposit === false) return privateError(400, 1, 'Inner validation failed', { ticker: [NOT_DEPOSITABLE] });
  const networks = spec.depositNetworks ?? spec.networks ?? [];
  if (network !== undefined && !networks.includes(network)) return validationFailed({ network: ['The selected network is invalid.'] });
  if (network === undefined && networks.length > 1) return validationFailed({ network: ['The network field is required.'] });
  const chosen = network ?? networks[0] ?? ticker;
  const own = account.depositAddressOn(state.seed, ticker, chosen, spec.networks?.[0]);
  if (!own) return privateError(400, 1, 'Inner validation failed', { ticker: [NOT_DEPOSITABLE] });
  const terms = spec.depositFees?.[chosen] ?? spec.depositFees?.[ticker];
  const flex = terms?.flex;
  return {
    status: SUCCESS_STATUS.ok,
    body: {
      account: own.memo === null ? { address: own.address } : { address: own.address, memo: own.memo },
      required: {
        fixedFee: terms?.fixed ?? '0',
        flexFee: { maxFee: flex?.max_fee ?? '0', minFee: flex?.min_fee ?? '0', percent: flex?.percent ?? '0' },
        maxAmount: terms?.max_amount ?? '0',
        minAmount: terms?.min_amount ?? '0',
      },
    },
  };
}
