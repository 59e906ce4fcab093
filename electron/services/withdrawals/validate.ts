/**
 * Checks a withdrawal request against fresh exchange data (asset status, fees, balance) and computes
 * its exact fee with the shared fee model, so what the user confirms is what the exchange debits.
 * Plain function, no I/O: the service fetches the data, this decides.
 */
import { AppFailure } from '../../../shared/errors';
import { findFeeEntry, previewWithdrawal, type WithdrawalPreview } from '../../../shared/api/fees';
import type { AssetsResponse, BalanceResponse, FeesResponse } from '../../../shared/api/schemas';
import type { ParsedRequestOf } from '../../../shared/ipc';

export type PrepareRequest = ParsedRequestOf<'withdraw.prepare'>;

export interface ResolvedWithdrawal {
  ticker: string;
  address: string;
  /** Resolved: the asset's default network when the request named none and the asset has networks. */
  network: string | null;
  provider: string | null;
  memo: string | null;
  preview: WithdrawalPreview;
}

export function resolveWithdrawal(
  request: PrepareRequest,
  market: { assets: AssetsResponse; fees: FeesResponse; balance: BalanceResponse },
): ResolvedWithdrawal {
  const { ticker } = request;
  const asset = market.assets.items[ticker];
  if (!asset) throw fieldError('ticker', `${ticker} is not an asset on this exchange.`);
  if (!asset.can_withdraw) throw fieldError('ticker', `${ticker} cannot be withdrawn right now.`);

  const network = resolveNetwork(request, asset.networks);
  const provider = resolveProvider(request, asset.providers);

  const memo = request.memo?.trim() ? request.memo.trim() : null;
  if (asset.is_memo && !memo) throw fieldError('memo', `${ticker} needs a memo (destination tag); the receiving wallet uses it to credit the funds.`);
  if (!asset.is_memo && memo) throw fieldError('memo', `${ticker} does not use a memo; leave it empty.`);

  if (findFeeEntry(market.fees, ticker, network)?.is_api_withdrawal === false) {
    throw fieldError('ticker', `${ticker} can be withdrawn on the exchange website only, not through the API.`);
  }

  const balance = market.balance.items[ticker]?.main_balance ?? '0';
  const result = previewWithdrawal({ ticker, amount: request.amount, balance, asset, fees: market.fees, network, provider });
  if (!result.ok) throw fieldError(result.problem.field, result.problem.message);

  return { ticker, address: request.address, network, provider, memo, preview: result.preview };
}

type Networks = NonNullable<AssetsResponse['items'][string]['networks']>;
type Providers = NonNullable<AssetsResponse['items'][string]['providers']>;

function resolveNetwork(request: PrepareRequest, networks: Networks | undefined): string | null {
  const { ticker } = request;
  if (!networks) {
    if (request.network) throw fieldError('network', `${ticker} has a single network; do not choose one.`);
    return null;
  }
  const choices = networks.withdraws ?? [];
  // API.md: a direction's list is absent when that direction is disabled.
  if (choices.length === 0) throw fieldError('ticker', `${ticker} withdrawals are disabled on every network right now.`);
  const chosen = request.network ?? (networks.default && choices.includes(networks.default) ? networks.default : choices.length === 1 ? choices[0] : undefined);
  if (!chosen) throw fieldError('network', `Choose a network for ${ticker}: ${choices.join(', ')}.`);
  if (!choices.includes(chosen)) throw fieldError('network', `${ticker} cannot be withdrawn over ${chosen}; choose one of ${choices.join(', ')}.`);
  return chosen;
}

function resolveProvider(request: PrepareRequest, providers: Providers | undefined): string | null {
  const { ticker } = request;
  // Only fiat assets list providers (API.md), so their presence is what makes an asset fiat.
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
