/**
 * The fee-on-top model, the single implementation used by the withdrawal preview (renderer), the
 * main process and the simulator's ledger. docs/exchange-api.md ("Fee model", documented in the exchange's
 * payment-integration guide): the receiver gets N, the balance falls by N + fee(N), where
 *   fee(N) = (fixed or 0) + (flex ? clamp(N * percent / 100, min_fee, max_fee) : 0)
 * and a `max_fee` of "0" means "no ceiling". Rounding the fee UP to the asset's precision is ours
 * (the exchange does not document its rounding; rounding up never promises less than it takes).
 *
 * Fiat fee entries are keyed by fee provider id (e.g. `EUR_SEPA_BCB`), which is not the provider
 * name that `/public/assets` lists and withdraw-pay takes (e.g. `VISAMASTER`). docs/exchange-api.md's Decision:
 * a provider name matches the fee provider id that CONTAINS it (case-insensitive); with no unique
 * match the fee is unknown, and the user must confirm a withdrawal whose fee is unknown.
 */
import { Decimal, clamp, compare, dec, decimalPlaces, isLooseDecimalString, roundDown, roundUp, toPlain } from '../money/decimal';

import type { FeeEntry, FeeTerms, FlexFee, ProviderFeeTerms } from './schemas';
import type { FailureValues } from '../failures';

export type { FeeEntry, FeeTerms, FlexFee, ProviderFeeTerms };
/** `/public/fee` as the app holds it: readable entries keyed by ticker or `"TICKER (NETWORK)"`. */
export interface FeeList {
  items: Record<string, FeeEntry>;
}

/**
 * The part of an asset status the withdrawal checks read. Structural, so the exchange schema's
 * AssetStatus (with or without the newer `memo` flags) fits it.
 */
export interface WithdrawAsset {
  can_withdraw: boolean;
  min_withdraw?: string | undefined;
  max_withdraw?: string | undefined;
  /** May be absent at the exchange (docs/exchange-api.md): then FALLBACK_PRECISION applies and the preview says so. */
  currency_precision: number | null;
  is_memo?: boolean | undefined;
  memo?: { deposit: boolean; withdraw: boolean } | undefined;
  networks?: { withdraws?: string[] | undefined; default?: string | undefined } | undefined;
  providers?: { withdraws?: string[] | undefined } | undefined;
  limits?: { withdraw?: Record<string, { min?: string | undefined; max?: string | undefined }> | undefined } | undefined;
}

/** Exchange data a withdrawal is checked against: asset statuses, fee entries and main balances. */
export interface MarketData<Asset extends WithdrawAsset = WithdrawAsset> {
  assets: Record<string, Asset>;
  fees: FeeList;
  balance: Record<string, { main_balance: string }>;
}

/** docs/exchange-api.md: "use the market precision or 8 and say so". We have no market precision here, so 8. */
const FALLBACK_PRECISION = 8;

function assetPrecision(asset: WithdrawAsset): { precision: number; assumed: boolean } {
  return asset.currency_precision === null ? { precision: FALLBACK_PRECISION, assumed: true } : { precision: asset.currency_precision, assumed: false };
}

/** `memo.withdraw` where the exchange sends it, else the older `is_memo`. */
export function memoRequired(asset: WithdrawAsset): boolean {
  return asset.memo ? asset.memo.withdraw : asset.is_memo === true;
}

/** Only fiat assets list providers (docs/exchange-api.md), so their presence is what makes an asset fiat. */
export function isFiatAsset(asset: WithdrawAsset | undefined): boolean {
  return asset?.providers !== undefined;
}

/** The `/public/fee` key: multi-network assets have one entry per network, keyed "TICKER (NETWORK)". */
export function feeKey(ticker: string, network?: string | null): string {
  return network ? `${ticker} (${network})` : ticker;
}

export function withdrawalFee(terms: FeeTerms, amount: string, precision: number): string {
  const n = dec(amount);
  let fee = terms.fixed ? dec(terms.fixed) : new Decimal(0);
  const flex = terms.flex;
  if (flex) {
    const raw = n.times(dec(flex.percent)).dividedBy(100);
    const max = dec(flex.max_fee).isZero() ? new Decimal(Infinity) : dec(flex.max_fee);
    fee = fee.plus(clamp(raw, dec(flex.min_fee), max));
  }
  return roundUp(fee, precision);
}

export type FeeMatch =
  /** `key` is the fee list key of the entry; for fiat, `terms.providerId` names the provider's terms. */
  | { kind: 'found'; key: string; terms: FeeTerms | ProviderFeeTerms; entry: FeeEntry }
  | { kind: 'unmatched'; reason: string; unknown: FeeUnknown };

/**
 * Why a fee is unknown, as a code the renderer words (the main process's `reason` text is for its own
 * error messages and logs): no entry for the asset or network, a provider still to choose, no
 * withdrawal fee stated, or a provider whose fee entry cannot be told (none or several fit).
 */
export type FeeUnknown =
  | { cause: 'no_entry' | 'no_withdraw_fee' | 'choose_provider'; ticker: string }
  | { cause: 'provider_unlisted' | 'provider_ambiguous'; ticker: string; provider: string };

function isProviderTerms(terms: FeeTerms | ProviderFeeTerms): terms is ProviderFeeTerms {
  return 'providerId' in terms;
}

/**
 * The fee terms that apply to one withdrawal, by docs/exchange-api.md's Decision. Never guesses: two provider ids
 * containing the name, or none, is `unmatched` with the reason in words.
 */
export function findFeeTerms(fees: FeeList, request: { ticker: string; network?: string | null; provider?: string | null }): FeeMatch {
  const { ticker, network, provider } = request;
  const networkKey = network ? feeKey(ticker, network) : null;
  const key = networkKey && fees.items[networkKey] ? networkKey : ticker;
  const entry = fees.items[key];
  if (!entry) return { kind: 'unmatched', reason: `The exchange lists no fee for ${networkKey ?? ticker}.`, unknown: { cause: 'no_entry', ticker } };
  const providerIds = Object.keys(entry.withdrawByProvider);
  if (!provider) {
    if (entry.withdraw) return { kind: 'found', key, terms: entry.withdraw, entry };
    return providerIds.length
      ? { kind: 'unmatched', reason: `The ${ticker} fee depends on the payment provider; choose one.`, unknown: { cause: 'choose_provider', ticker } }
      : { kind: 'unmatched', reason: `The exchange lists no withdrawal fee for ${ticker}.`, unknown: { cause: 'no_withdraw_fee', ticker } };
  }
  if (providerIds.length === 0) {
    // An entry without per-provider terms: its flat terms are the only fee the exchange states.
    if (entry.withdraw) return { kind: 'found', key, terms: entry.withdraw, entry };
    return { kind: 'unmatched', reason: `The exchange lists no withdrawal fee for ${ticker}.`, unknown: { cause: 'no_withdraw_fee', ticker } };
  }
  const wanted = provider.toUpperCase();
  const matches = providerIds.filter((id) => id.toUpperCase().includes(wanted));
  if (matches.length === 1) return { kind: 'found', key, terms: entry.withdrawByProvider[matches[0]!]!, entry };
  const listed = providerIds.join(', ');
  if (matches.length === 0) {
    return { kind: 'unmatched', reason: `No ${ticker} fee provider id contains "${provider}" (the exchange lists ${listed}), so its fee is unknown.`, unknown: { cause: 'provider_unlisted', ticker, provider } };
  }
  return {
    kind: 'unmatched',
    reason: `"${provider}" fits several ${ticker} fee providers (${matches.join(', ')}), so its fee cannot be told apart.`,
    unknown: { cause: 'provider_ambiguous', ticker, provider },
  };
}

export interface WithdrawalLimits {
  /** Smallest amount the receiver may get; "0" when none is known. */
  min: string;
  /** Largest amount; null when there is no upper limit. */
  max: string | null;
}

/**
 * Combines the asset's limits, the network's (crypto) or provider's (fiat) limits and the fee terms':
 * the tightest wins. The asset status keys `limits.withdraw` by network for crypto and by provider
 * for fiat (e.g. UAH: VISAMASTER, GEOPAY), so both are looked up. "0" or absent means no limit.
 */
export function withdrawalLimits(asset: WithdrawAsset, terms: FeeTerms | undefined, network?: string | null, provider?: string | null): WithdrawalLimits {
  const mins: string[] = [];
  const maxes: string[] = [];
  const push = (list: string[], v: string | null | undefined) => {
    if (v !== undefined && v !== null && isLooseDecimalString(v) && !dec(v).isZero()) list.push(v);
  };
  push(mins, asset.min_withdraw);
  push(maxes, asset.max_withdraw);
  if (terms) {
    push(mins, terms.min_amount);
    push(maxes, terms.max_amount);
  }
  for (const key of [network, provider]) {
    const keyed = key ? asset.limits?.withdraw?.[key] : undefined;
    if (keyed) {
      push(mins, keyed.min);
      push(maxes, keyed.max);
    }
  }
  const min = mins.reduce((a, b) => (compare(a, b) >= 0 ? a : b), '0');
  const max = maxes.length ? maxes.reduce((a, b) => (compare(a, b) <= 0 ? a : b)) : null;
  return { min: toPlain(dec(min)), max: max === null ? null : toPlain(dec(max)) };
}

export interface WithdrawalPreview {
  receiverGets: string;
  /** Null when no fee terms could be matched: the user must confirm an unknown fee explicitly. */
  fee: string | null;
  totalDebit: string | null;
  balanceBefore: string;
  /** Null with an unknown fee. */
  balanceAfter: string | null;
  limits: WithdrawalLimits;
  /** Why the fee is unknown, in words for the main process's messages; null when it is known. */
  feeUnknownReason: string | null;
  /** The same as a code the renderer words; null when the fee is known. */
  feeUnknown: FeeUnknown | null;
  precision: number;
  /** The exchange stated no precision; FALLBACK_PRECISION was used. */
  precisionAssumed: boolean;
}

type ProblemReason =
  | 'asset_not_withdrawable'
  | 'asset_website_only'
  | 'provider_not_withdrawable'
  | 'provider_website_only'
  | 'amount_not_a_number'
  | 'amount_not_positive'
  | 'amount_too_precise'
  | 'amount_below_min'
  | 'amount_above_max'
  | 'balance_short';

/** Why a withdrawal is not allowed, as a failure code and its values (shared/failures.ts): the page words it. */
export type WithdrawalProblem = { [R in ProblemReason]: { field: 'amount' | 'ticker' | 'provider'; reason: R; values: FailureValues<R> } }[ProblemReason];

export type PreviewResult = { ok: true; preview: WithdrawalPreview } | { ok: false; problem: WithdrawalProblem; preview?: WithdrawalPreview };

/**
 * What leaves the account for a withdrawal of `amount` to the receiver, and whether it is allowed.
 * Mirrors the server's checks, in the server's order, so the user hears about a problem before sending.
 */
export function previewWithdrawal(input: {
  ticker: string;
  amount: string;
  balance: string;
  asset: WithdrawAsset;
  fees: FeeList;
  network?: string | null;
  /** Fiat payment provider (a name from the asset status); its limits and fee terms apply. */
  provider?: string | null;
}): PreviewResult {
  const { ticker, amount, balance, asset, fees, network, provider } = input;
  if (!asset.can_withdraw) return { ok: false, problem: { field: 'ticker', reason: 'asset_not_withdrawable', values: { field: 'ticker', ticker } } };
  const match = findFeeTerms(fees, { ticker, network: network ?? null, provider: provider ?? null });
  const terms = match.kind === 'found' ? match.terms : undefined;
  if (match.kind === 'found') {
    const refusal = withdrawabilityProblem(ticker, match);
    if (refusal) return { ok: false, problem: refusal };
  }
  if (!isLooseDecimalString(amount)) return { ok: false, problem: { field: 'amount', reason: 'amount_not_a_number', values: { field: 'amount' } } };
  if (!dec(amount).greaterThan(0)) return { ok: false, problem: { field: 'amount', reason: 'amount_not_positive', values: { field: 'amount' } } };
  const { precision, assumed } = assetPrecision(asset);
  const trimmed = toPlain(dec(amount));
  if (decimalPlaces(trimmed) > precision) {
    const values = { field: 'amount', ticker, precision, fallback: assumed ? FALLBACK_PRECISION : null };
    return { ok: false, problem: { field: 'amount', reason: 'amount_too_precise', values } };
  }
  const fee = terms ? withdrawalFee(terms, trimmed, precision) : null;
  const totalDebit = fee === null ? null : toPlain(dec(trimmed).plus(dec(fee)));
  const limits = withdrawalLimits(asset, terms, network, provider);
  const preview: WithdrawalPreview = {
    receiverGets: trimmed,
    fee,
    totalDebit,
    balanceBefore: toPlain(dec(balance)),
    balanceAfter: totalDebit === null ? null : toPlain(dec(balance).minus(dec(totalDebit))),
    limits,
    feeUnknownReason: match.kind === 'unmatched' ? match.reason : null,
    feeUnknown: match.kind === 'unmatched' ? match.unknown : null,
    precision,
    precisionAssumed: assumed,
  };
  if (compare(trimmed, limits.min) < 0) {
    return { ok: false, preview, problem: { field: 'amount', reason: 'amount_below_min', values: { field: 'amount', ticker, min: limits.min } } };
  }
  if (limits.max !== null && compare(trimmed, limits.max) > 0) {
    return { ok: false, preview, problem: { field: 'amount', reason: 'amount_above_max', values: { field: 'amount', ticker, max: limits.max } } };
  }
  // With an unknown fee only the amount itself can be held against the balance.
  const needed = totalDebit ?? trimmed;
  if (compare(needed, balance) > 0) {
    const values = { field: 'amount', ticker, needed, available: toPlain(dec(balance)), fee };
    return { ok: false, preview, problem: { field: 'amount', reason: 'balance_short', values } };
  }
  return { ok: true, preview };
}

function withdrawabilityProblem(ticker: string, match: Extract<FeeMatch, { kind: 'found' }>): WithdrawalProblem | null {
  if (isProviderTerms(match.terms)) {
    const name = match.terms.name ?? match.terms.providerId;
    if (!match.terms.is_withdrawal) return { field: 'provider', reason: 'provider_not_withdrawable', values: { field: 'provider', ticker, provider: name } };
    if (match.terms.is_api_withdrawal === false) return { field: 'provider', reason: 'provider_website_only', values: { field: 'provider', ticker, provider: name } };
    return null;
  }
  if (!match.entry.is_withdrawal) return { field: 'ticker', reason: 'asset_not_withdrawable', values: { field: 'ticker', ticker } };
  if (match.entry.is_api_withdrawal === false) return { field: 'ticker', reason: 'asset_website_only', values: { field: 'ticker', ticker } };
  return null;
}

export type MaxReceivable =
  | { ok: true; amount: string; fee: string; totalDebit: string; precision: number }
  | { ok: false; reason: string };

/**
 * The largest amount the receiver can get from `balance` with the fee on top: the inverse of
 * fee-on-top. With g(N) = fixed + clamp(N·p, min_fee, max_fee) (p = percent / 100) and u one unit of
 * precision, N + roundUp(g(N)) ≤ B  ⟺  N + g(N) ≤ floor_u(B) for N on the grid (adding a multiple of u
 * commutes with rounding up to u). N + g(N) is continuous and piecewise linear, so its inverse is read
 * off the piece where floor_u(B) − fixed lies:
 *   floor regime (N·p ≤ min_fee):   N = Bf − min_fee               while Bf ≤ min_fee / p + min_fee
 *   ceiling regime (N·p ≥ max_fee): N = Bf − max_fee               when  Bf ≥ max_fee / p + max_fee
 *   proportional:                   N = Bf / (1 + p)
 * (Bf = floor_u(B) − fixed), then rounded DOWN to the precision and capped by the withdrawal maximum.
 * The result is checked with withdrawalFee itself and stepped down if rounding ever disagreed; the
 * form then runs the ordinary preview on it, the one the user confirms.
 */
export function maxReceivable(input: { ticker: string; balance: string; asset: WithdrawAsset; fees: FeeList; network?: string | null; provider?: string | null }): MaxReceivable {
  const { ticker, balance, asset, fees, network, provider } = input;
  const match = findFeeTerms(fees, { ticker, network: network ?? null, provider: provider ?? null });
  if (match.kind !== 'found') return { ok: false, reason: `Max needs the fee, which is unknown: ${match.reason}` };
  const terms = match.terms;
  const { precision } = assetPrecision(asset);
  const unit = new Decimal(1).dividedBy(new Decimal(10).pow(precision));
  const flooredBalance = dec(roundDown(isLooseDecimalString(balance) ? balance : '0', precision));
  const bf = flooredBalance.minus(terms.fixed ? dec(terms.fixed) : 0);
  let n = dec(roundDown(inverseOfFeeOnTop(bf, terms.flex), precision));
  const limits = withdrawalLimits(asset, terms, network, provider);
  if (limits.max !== null && n.greaterThan(dec(limits.max))) n = dec(roundDown(limits.max, precision));
  const fits = (amount: Decimal) => amount.plus(dec(withdrawalFee(terms, toPlain(amount), precision))).lessThanOrEqualTo(dec(balance));
  for (let step = 0; step < 3 && n.greaterThan(0) && !fits(n); step++) n = n.minus(unit);
  if (!n.greaterThan(0) || !fits(n)) return { ok: false, reason: `The ${ticker} balance does not cover any amount plus the fee.` };
  if (n.lessThan(dec(limits.min))) {
    return { ok: false, reason: `The most the balance allows is ${toPlain(n)} ${ticker}, below the minimum withdrawal of ${limits.min} ${ticker}.` };
  }
  const amount = toPlain(n);
  const fee = withdrawalFee(terms, amount, precision);
  return { ok: true, amount, fee, totalDebit: toPlain(n.plus(dec(fee))), precision };
}

/** The continuous x with x + clamp(x·p, min, max) = bf (x ≥ 0), or 0 when bf cannot pay even the floor fee. */
function inverseOfFeeOnTop(bf: Decimal, flex: FlexFee | null): Decimal {
  if (!flex) return Decimal.max(bf, 0);
  const p = dec(flex.percent).dividedBy(100);
  const minFee = dec(flex.min_fee);
  const maxFee = dec(flex.max_fee).isZero() ? null : dec(flex.max_fee);
  let x: Decimal;
  if (p.isZero()) x = bf.minus(clamp(new Decimal(0), minFee, maxFee ?? new Decimal(Infinity)));
  else if (maxFee !== null && bf.greaterThanOrEqualTo(maxFee.dividedBy(p).plus(maxFee))) x = bf.minus(maxFee);
  else if (bf.lessThanOrEqualTo(minFee.dividedBy(p).plus(minFee))) x = bf.minus(minFee);
  else x = bf.dividedBy(p.plus(1));
  return Decimal.max(x, 0);
}
