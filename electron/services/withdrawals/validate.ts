/**
 * Checks a withdrawal request against fresh exchange data (asset status, fees, balance) and computes
 * its exact fee with the shared fee model, so what the user confirms is what the exchange debits.
 * Plain function, no I/O: the service fetches the data, this decides.
 */
import { checkAddressFormat } from '../../../shared/addresses/addressFormat';
import { checkDestinationText, type DestinationField } from '../../../shared/addresses/destinationText';
import { isFiatAsset, memoRequired, previewWithdrawal, type MarketData, type WithdrawAsset, type WithdrawalPreview } from '../../../shared/api/fees';
import { AppFailure } from '../../../shared/errors';
import { checkExtras, extrasRequired, type WithdrawExtras } from '../../../shared/api/withdrawRequest';
import type { ParsedRequestOf } from '../../../shared/ipc';
import { refusal } from './refusals';

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
  if (!asset) throw refusal('asset_unknown', { field: 'ticker', ticker });
  if (!asset.can_withdraw) throw refusal('asset_not_withdrawable', { field: 'ticker', ticker });

  const network = resolveNetwork(request, asset.networks);
  const provider = resolveProvider(request, asset.providers);

  // What the confirmation shows must be what is sent: no invisible or reordering characters.
  refuseUnreadable('address', request.address, 'address', isFiatAsset(asset));
  if (request.memo) refuseUnreadable('memo', request.memo, 'memo', false);
  for (const [field, value] of Object.entries(request.beneficiary ?? {})) if (typeof value === 'string') refuseUnreadable(`beneficiary.${field}`, value, 'name', true);

  // The form checks this too; checked again here because nothing that reaches withdraw-pay is trusted.
  if (!isFiatAsset(asset)) {
    const format = checkAddressFormat(network ?? ticker, request.address);
    if (format.kind === 'invalid') {
      const lookalike = format.lookalike;
      throw refusal('address_invalid', {
        field: 'address',
        network: network ?? ticker,
        problem: format.problem,
        family: format.family,
        lookalikeName: lookalike?.name ?? null,
        lookalikeNetworks: lookalike ? lookalike.networks.join(', ') : null,
      });
    }
  }

  const memo = request.memo?.trim() ? request.memo.trim() : null;
  const needsMemo = memoRequired(asset);
  if (needsMemo && !memo) throw refusal('memo_required', { field: 'memo', ticker });
  if (!needsMemo && memo) throw refusal('memo_not_used', { field: 'memo', ticker });

  // The same schemas and the same rule as the form (shared/api/withdrawRequest.ts).
  const required = extrasRequired({ ticker, fiat: isFiatAsset(asset), provider, eea: account.eea });
  const extras = checkExtras(
    { travelRule: request.travelRule, beneficiary: request.beneficiary, bankBic: request.bankBic, customerIp: request.customerIp },
    required,
  );
  if (!extras.ok) {
    // Every field's problem code goes along (fields); the first one is the refusal's own values.
    const [first] = Object.entries(extras.fields);
    const failure = refusal('extra_field', { field: first?.[0] ?? 'request', problem: first?.[1][0] ?? 'invalid' });
    throw new AppFailure({ ...failure.error, fields: extras.fields });
  }

  const balance = market.balance[ticker]?.main_balance ?? '0';
  const result = previewWithdrawal({ ticker, amount: request.amount, balance, asset, fees: market.fees, network, provider });
  if (!result.ok) throw refusal(result.problem.reason, result.problem.values);
  const unknown = result.preview.feeUnknown;
  if (result.preview.fee === null && request.acceptUnknownFee !== true) {
    const provider = unknown && 'provider' in unknown ? unknown.provider : null;
    throw refusal('fee_unknown_unaccepted', { field: 'acceptUnknownFee', ticker, cause: unknown?.cause ?? 'no_entry', provider });
  }

  return { ticker, address: request.address, network, provider, memo, extras: extras.extras, preview: result.preview };
}

type Networks = NonNullable<WithdrawAsset['networks']>;
type Providers = NonNullable<WithdrawAsset['providers']>;

function resolveNetwork(request: PrepareRequest, networks: Networks | undefined): string | null {
  const { ticker } = request;
  if (!networks) {
    if (request.network) throw refusal('network_not_used', { field: 'network', ticker });
    return null;
  }
  const choices = networks.withdraws ?? [];
  // docs/exchange-api.md: a direction's list is absent when that direction is disabled.
  if (choices.length === 0) throw refusal('network_none_open', { field: 'ticker', ticker });
  const chosen = request.network ?? (networks.default && choices.includes(networks.default) ? networks.default : choices.length === 1 ? choices[0] : undefined);
  if (!chosen) throw refusal('network_not_chosen', { field: 'network', ticker, choices: choices.join(', ') });
  if (!choices.includes(chosen)) throw refusal('network_not_offered', { field: 'network', ticker, network: chosen, choices: choices.join(', ') });
  return chosen;
}

function resolveProvider(request: PrepareRequest, providers: Providers | undefined): string | null {
  const { ticker } = request;
  if (!providers) {
    if (request.provider) throw refusal('provider_not_used', { field: 'provider', ticker });
    return null;
  }
  const choices = providers.withdraws ?? [];
  if (choices.length === 0) throw refusal('provider_none_open', { field: 'ticker', ticker });
  if (!request.provider) throw refusal('provider_not_chosen', { field: 'provider', ticker, choices: choices.join(', ') });
  if (!choices.includes(request.provider)) throw refusal('provider_not_offered', { field: 'provider', ticker, provider: request.provider, choices: choices.join(', ') });
  return request.provider;
}

function refuseUnreadable(field: string, value: string, kind: DestinationField, fiat: boolean): void {
  const check = checkDestinationText(value, kind, { fiat });
  if (check) throw refusal('destination_unreadable', { field, problem: check.problem, codePoint: check.codePoint }, field);
}
