/**
 * Checks a withdrawal request against fresh exchange data (asset status, fees, balance) and computes
 * its exact fee with the shared fee model, so what the user confirms is what the exchange debits.
 * Plain function, no I/O: the service fetches the data, this decides.
 */
import { checkAddressFormat } from '../../../shared/addresses/addressFormat';
import { AppFailure } from '../../../shared/errors';
import { isFiatAsset, memoRequired, previewWithdrawal, type MarketData, type WithdrawAsset, type WithdrawalPreview } from '../../../shared/api/fees';
import { checkExtras, extrasRequired, type WithdrawExtras } from '../../../shared/api/withdrawRequest';
import type { ParsedRequestOf } from '../../../shared/ipc';

export type PrepareRequest = ParsedRequestOf<'withdrawals.prepare'>;

export type { MarketData } from '../../../shared/api/fees';

export interface ResolvedWithdrawal {
  ticker: string;
  address: string;
  /** Resolved: the asset's default network when the request named none and the asset has networks. */
  network: string | null;
  provider: string | null;
  memo: string | null;
  /** Exactly the extras this withdrawal requires (Travel Rule, fiat payout fields). */
  extras: WithdrawExtras;
  preview: WithdrawalPreview;
}

export function resolveWithdrawal(request: PrepareRequest, market: MarketData, account: { eea: boolean }): ResolvedWithdrawal {
  const { ticker } = request;
  const asset = market.assets[ticker];
  if (!asset) throw fieldError('ticker', `${ticker} is not an asset on this exchange.`);
  if (!asset.can_withdraw) throw fieldError('ticker', `${ticker} cannot be withdrawn right now.`);

  const network = resolveNetwork(request, asset.networks);
  const provider = resolveProvider(request, asset.providers);

  // The form checks this too; checked again here because nothing that reaches withdraw-pay is trusted.
  if (!isFiatAsset(asset)) {
    const format = checkAddressFormat(network ?? ticker, request.address);
    if (format.kind === 'invalid') throw fieldError('address', format.message);
  }

  const memo = request.memo?.trim() ? request.memo.trim() : null;
  const needsMemo = memoRequired(asset);
  if (needsMemo && !memo) throw fieldError('memo', `${ticker} needs a memo (destination tag); the receiving wallet uses it to credit the funds.`);
  if (!needsMemo && memo) throw fieldError('memo', `${ticker} does not use a memo; leave it empty.`);

  // The same schemas and the same rule as the form (shared/api/withdrawRequest.ts).
  const required = extrasRequired({ ticker, fiat: isFiatAsset(asset), provider, eea: account.eea });
  const extras = checkExtras(
    { travelRule: request.travelRule, beneficiary: request.beneficiary, bankBic: request.bankBic, customerIp: request.customerIp },
    required,
  );
  if (!extras.ok) {
    const [first] = Object.entries(extras.fields);
    throw new AppFailure({ kind: 'validation', message: first ? `${first[0]} ${first[1][0] ?? 'is invalid'}.` : 'Please check the request.', fields: extras.fields });
  }

  const balance = market.balance[ticker]?.main_balance ?? '0';
  const result = previewWithdrawal({ ticker, amount: request.amount, balance, asset, fees: market.fees, network, provider });
  if (!result.ok) throw fieldError(result.problem.field, result.problem.message);
  if (result.preview.fee === null && request.acceptUnknownFee !== true) {
    throw fieldError('acceptUnknownFee', `The fee for this withdrawal is unknown: ${result.preview.feeUnknownReason ?? 'no fee terms matched'} Confirm that you accept an unknown fee to continue.`);
  }

  return { ticker, address: request.address, network, provider, memo, extras: extras.extras, preview: result.preview };
}

type Networks = NonNullable<WithdrawAsset['networks']>;
type Providers = NonNullable<WithdrawAsset['providers']>;

function resolveNetwork(request: PrepareRequest, networks: Networks | undefined): string | null {
  const { ticker } = request;
  if (!networks) {
    if (request.network) throw fieldError('network', `${ticker} has a single network; do not choose one.`);
    return null;
  }
  const choices = networks.withdraws ?? [];
  // docs/exchange-api.md: a direction's list is absent when that direction is disabled.
  if (choices.length === 0) throw fieldError('ticker', `${ticker} withdrawals are disabled on every network right now.`);
  const chosen = request.network ?? (networks.default && choices.includes(networks.default) ? networks.default : choices.length === 1 ? choices[0] : undefined);
  if (!chosen) throw fieldError('network', `Choose a network for ${ticker}: ${choices.join(', ')}.`);
  if (!choices.includes(chosen)) throw fieldError('network', `${ticker} cannot be withdrawn over ${chosen}; choose one of ${choices.join(', ')}.`);
  return chosen;
}

function resolveProvider(request: PrepareRequest, providers: Providers | undefined): string | null {
  const { ticker } = request;
  if (!providers) {
    if (request.provider) throw fieldError('provider', `${ticker} is not a fiat currency; it has no payment provider.`);
    return null;
  }
  const choices = providers.withdraws ?? [];
  if (choices.length === 0) throw fieldError('ticker', `${ticker} has no payment provider for withdrawals right now.`);
  if (!request.provider) throw fieldError('provider', `Choose a payment provider for ${ticker}: ${choices.join(', ')}.`);
  if (!choices.includes(request.provider)) throw fieldError('provider', `${request.provider} does not pay out ${ticker}; choose one of ${choices.join(', ')}.`);
  return request.provider;
}

function fieldError(field: string, message: string): AppFailure {
  return new AppFailure({ kind: 'validation', message, fields: { [field]: [message] } });
}
