/**
 * The fee-on-top model, the single implementation used by the withdrawal preview (renderer) and
 * the simulator's ledger. API.md: the receiver gets N, the balance falls by N + fee(N), where
 *   fee(N) = (fixed or 0) + (flex ? clamp(N * percent / 100, min_fee, max_fee) : 0)
 * rounded up to the asset's currency_precision. A `max_fee` of "0" means "no cap" (the exchange
 * uses "0" for "no limit" on withdrawal maxima as well).
 */
import { Decimal, clamp, compare, dec, decimalPlaces, isLooseDecimalString, roundUp, toPlain } from '../money/decimal';
import type { AssetStatus, FeeEntry, FeesResponse } from './schemas';

/** Multi-network assets have one fee entry per network, keyed "TICKER (NETWORK)". */
export function feeKey(ticker: string, network?: string | null): string {
  return network ? `${ticker} (${network})` : ticker;
}

export function findFeeEntry(fees: FeesResponse, ticker: string, network?: string | null): FeeEntry | undefined {
  return (network ? fees.items[feeKey(ticker, network)] : undefined) ?? fees.items[ticker];
}

export function withdrawalFee(entry: FeeEntry, amount: string, precision: number): string {
  // Fiat entries carry their terms per provider (withdrawByProvider); the preview refuses them before this.
  if (entry.withdraw === null) throw new RangeError(`no flat withdrawal terms for ${entry.ticker}`);
  const n = dec(amount);
  let fee = entry.withdraw.fixed ? dec(entry.withdraw.fixed) : new Decimal(0);
  const flex = entry.withdraw.flex;
  if (flex) {
    const raw = n.times(dec(flex.percent)).dividedBy(100);
    const max = dec(flex.max_fee).isZero() ? new Decimal(Infinity) : dec(flex.max_fee);
    fee = fee.plus(clamp(raw, dec(flex.min_fee), max));
  }
  return roundUp(fee, precision);
}

export interface WithdrawalLimits {
  /** Smallest amount the receiver may get; "0" when none is known. */
  min: string;
  /** Largest amount; null when there is no upper limit. */
  max: string | null;
}

/**
 * Combines the asset's limits, the network's (crypto) or provider's (fiat) limits and the fee entry's:
 * the tightest wins. The asset status keys `limits.withdraw` by network for crypto and by provider
 * for fiat (e.g. UAH: VISAMASTER, GEOPAY), so both are looked up.
 */
export function withdrawalLimits(asset: AssetStatus, entry: FeeEntry | undefined, network?: string | null, provider?: string | null): WithdrawalLimits {
  const mins: string[] = [];
  const maxes: string[] = [];
  const push = (list: string[], v: string | null | undefined) => {
    if (v !== undefined && isLooseDecimalString(v) && !dec(v).isZero()) list.push(v);
  };
  push(mins, asset.min_withdraw);
  push(maxes, asset.max_withdraw);
  if (entry?.withdraw) {
    push(mins, entry.withdraw.min_amount);
    push(maxes, entry.withdraw.max_amount);
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
  fee: string;
  totalDebit: string;
  balanceBefore: string;
  balanceAfter: string;
  limits: WithdrawalLimits;
}

export type WithdrawalProblem =
  | { field: 'amount'; reason: 'not_a_number' | 'not_positive' | 'too_precise' | 'below_min' | 'above_max' | 'not_enough_balance'; message: string }
  | { field: 'ticker'; reason: 'no_fee_data' | 'not_withdrawable'; message: string };

export type PreviewResult = { ok: true; preview: WithdrawalPreview } | { ok: false; problem: WithdrawalProblem; preview?: WithdrawalPreview };

/**
 * What leaves the account for a withdrawal of `amount` to the receiver, and whether it is allowed.
 * Mirrors the server's checks, in the server's order, so the user hears about a problem before sending.
 */
export function previewWithdrawal(input: {
  ticker: string;
  amount: string;
  balance: string;
  asset: AssetStatus;
  fees: FeesResponse;
  network?: string | null;
  /** Fiat payment provider; its limits apply. */
  provider?: string | null;
}): PreviewResult {
  const { ticker, amount, balance, asset, fees, network, provider } = input;
  if (!asset.can_withdraw) return { ok: false, problem: { field: 'ticker', reason: 'not_withdrawable', message: `${ticker} cannot be withdrawn right now.` } };
  const entry = findFeeEntry(fees, ticker, network);
  if (!entry) return { ok: false, problem: { field: 'ticker', reason: 'no_fee_data', message: `No fee information for ${feeKey(ticker, network)}.` } };
  // Fiat fees are keyed by provider id; matching a provider to them is not done here yet.
  if (entry.withdraw === null) return { ok: false, problem: { field: 'ticker', reason: 'no_fee_data', message: `No fee information for ${feeKey(ticker, network)} without a matching provider.` } };
  if (!isLooseDecimalString(amount)) return { ok: false, problem: { field: 'amount', reason: 'not_a_number', message: 'Enter an amount such as 0.5.' } };
  if (!dec(amount).greaterThan(0)) return { ok: false, problem: { field: 'amount', reason: 'not_positive', message: 'The amount must be greater than zero.' } };
  // The exchange may omit currency_precision (API.md): 8 then, as API.md suggests.
  const precision = asset.currency_precision ?? 8;
  const trimmed = toPlain(dec(amount));
  if (decimalPlaces(trimmed) > precision) {
    return { ok: false, problem: { field: 'amount', reason: 'too_precise', message: `${ticker} allows at most ${precision} decimal places.` } };
  }
  const fee = withdrawalFee(entry, trimmed, precision);
  const totalDebit = toPlain(dec(trimmed).plus(dec(fee)));
  const limits = withdrawalLimits(asset, entry, network, provider);
  const preview: WithdrawalPreview = {
    receiverGets: trimmed,
    fee,
    totalDebit,
    balanceBefore: toPlain(dec(balance)),
    balanceAfter: toPlain(dec(balance).minus(dec(totalDebit))),
    limits,
  };
  if (compare(trimmed, limits.min) < 0) {
    return { ok: false, preview, problem: { field: 'amount', reason: 'below_min', message: `The minimum withdrawal is ${limits.min} ${ticker}.` } };
  }
  if (limits.max !== null && compare(trimmed, limits.max) > 0) {
    return { ok: false, preview, problem: { field: 'amount', reason: 'above_max', message: `The maximum withdrawal is ${limits.max} ${ticker}.` } };
  }
  if (compare(totalDebit, balance) > 0) {
    return {
      ok: false,
      preview,
      problem: { field: 'amount', reason: 'not_enough_balance', message: `Not enough ${ticker}: ${totalDebit} needed (amount + fee), ${toPlain(dec(balance))} available.` },
    };
  }
  return { ok: true, preview };
}
