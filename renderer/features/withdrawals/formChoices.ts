/** Which assets, networks and providers the withdrawal form offers, with their fee words. */
import { t } from '@lingui/core/macro';
import { feeKey, isFiatAsset, withdrawalLimits, type FeeList, type FeeTerms, type MarketData as SharedMarketData, type WithdrawAsset } from '../../../shared/api/fees';
import { compare, isLooseDecimalString, isZero } from '../../../shared/money/decimal';

/** An asset as the form uses it: the withdrawal checks' view plus its display name. */
export type FormAsset = WithdrawAsset & { name: string };

/** Exchange data as the withdrawal form reads it: readable assets, fee entries and balances. */
export type MarketData = SharedMarketData<FormAsset>;

export interface AssetChoice {
  ticker: string;
  name: string;
  balance: string;
  /** The account holds some of it. */
  held: boolean;
  asset: FormAsset;
}

/** Assets that can be withdrawn now: the ones the account holds first, each group by ticker. */
export function assetChoices(assets: MarketData['assets'], balance: MarketData['balance']): AssetChoice[] {
  const choices: AssetChoice[] = [];
  for (const [ticker, asset] of Object.entries(assets)) {
    if (!asset.can_withdraw) continue;
    if (asset.networks && !asset.networks.withdraws?.length) continue;
    if (asset.providers && !asset.providers.withdraws?.length) continue;
    const stated = balance[ticker]?.main_balance;
    const readable = stated !== undefined && isLooseDecimalString(stated);
    choices.push({ ticker, name: asset.name, balance: readable ? stated : '0', held: readable && compare(stated, '0') > 0, asset });
  }
  return choices.sort((a, b) => Number(b.held) - Number(a.held) || a.ticker.localeCompare(b.ticker));
}

/** Assets that can be withdrawn and that the account holds, by ticker. */
export function withdrawableAssets(assets: MarketData['assets'], balance: MarketData['balance']): AssetChoice[] {
  return assetChoices(assets, balance).filter((choice) => choice.held);
}

export interface NetworkOption {
  network: string;
  /** Listed for withdrawals by the asset status and not switched off in the fee list. */
  enabled: boolean;
  /** The fee in words ("0.0004 BTC", "1 % (min 5, max 10) + 2 UAH"), or null when no fee is listed. */
  fee: string | null;
  /** The smallest amount the receiver may get on this network; "0" when none is stated. */
  min: string;
}

/**
 * Each network of a multi-network asset with its fee, minimum and whether it is on: the withdrawal
 * networks, plus networks the fee list names for the asset that are off for withdrawals.
 */
export function networkOptions(ticker: string, asset: WithdrawAsset | undefined, fees: FeeList): NetworkOption[] {
  const listed = networkChoices(asset);
  const prefix = `${ticker} (`;
  const offInFeeList = Object.keys(fees.items)
    .filter((key) => key.startsWith(prefix) && key.endsWith(')'))
    .map((key) => key.slice(prefix.length, -1))
    .filter((network) => !listed.includes(network));
  return [...listed, ...offInFeeList.sort()].map((network) => {
    const entry = fees.items[feeKey(ticker, network)];
    const terms = entry?.withdraw ?? undefined;
    const enabled = listed.includes(network) && entry?.is_withdrawal !== false && entry?.is_api_withdrawal !== false;
    return { network, enabled, fee: terms ? feeWords(terms, ticker) : null, min: asset ? withdrawalLimits(asset, terms, network).min : '0' };
  });
}

function feeWords(terms: FeeTerms, ticker: string): string {
  const parts: string[] = [];
  if (terms.flex && !isZero(terms.flex.percent)) {
    const min = terms.flex.min_fee;
    const max = terms.flex.max_fee;
    const caps = [!isZero(min) ? t`min ${min}` : null, !isZero(max) ? t`max ${max}` : null].filter(Boolean);
    parts.push(`${terms.flex.percent} %${caps.length ? ` (${caps.join(', ')})` : ''}`);
  }
  if (terms.fixed && !isZero(terms.fixed)) parts.push(`${terms.fixed} ${ticker}`);
  return parts.length ? parts.join(' + ') : `0 ${ticker}`;
}

export function networkChoices(asset: WithdrawAsset | undefined): string[] {
  return asset?.networks?.withdraws ?? [];
}

/** The asset's default network when it is one of the withdrawal networks, else the only one. */
export function defaultNetwork(asset: WithdrawAsset | undefined): string {
  const choices = networkChoices(asset);
  const preferred = asset?.networks?.default;
  if (preferred && choices.includes(preferred)) return preferred;
  return choices.length === 1 ? choices[0]! : '';
}

export function providerChoices(asset: WithdrawAsset | undefined): string[] {
  return asset?.providers?.withdraws ?? [];
}

export const isFiat = isFiatAsset;
