/**
 * What the simulated exchange charges and allows for a withdrawal, read from its own catalogue (the
 * exchange's truth), not from the published fee table: the table keys fiat fees by provider IDs the
 * client cannot always map, but the exchange always knows which fee applies.
 *
 * The model is the documented one (guides/payment-integration.mdx, docs/exchange-api.md "Fee model"):
 *   fee(N) = (fixed or 0) + (flex ? clamp(N * percent / 100, min_fee, max_fee) : 0), max_fee "0" = no cap,
 * rounded up to the asset's precision (the rounding is ours).
 */
import { Decimal, clamp, compare, dec, roundUp, toPlain } from '../../shared/money/decimal';
import type { AssetSpec, FeeSpec, FiatProviderSpec } from './data/catalogue';

export function withdrawalFee(fee: FeeSpec, amount: string, precision: number): string {
  let total = fee.fixed ? dec(fee.fixed) : new Decimal(0);
  if (fee.flex) {
    const raw = dec(amount).times(dec(fee.flex.percent)).dividedBy(100);
    const max = dec(fee.flex.max_fee).isZero() ? new Decimal(Infinity) : dec(fee.flex.max_fee);
    total = total.plus(clamp(raw, dec(fee.flex.min_fee), max));
  }
  return roundUp(total, precision);
}

export interface WithdrawalRoute {
  fee: FeeSpec;
  /** Fiat: the provider the money goes through. */
  provider?: FiatProviderSpec;
}

/** The fee that applies to a crypto network (multi-network assets) or a fiat provider. */
export function routeFor(spec: AssetSpec, network: string | null, providerName: string | null): WithdrawalRoute | undefined {
  if (spec.fiat) {
    const provider = spec.providers?.find((p) => p.name === providerName);
    return provider ? { fee: provider.fee, provider } : undefined;
  }
  const fee = (network ? spec.fees[network] : undefined) ?? spec.fees[spec.ticker] ?? Object.values(spec.fees)[0];
  return fee ? { fee } : undefined;
}

export interface WithdrawalBounds {
  /** Below it: business error 3 ("too small"). */
  generalMin: string;
  /** Below it (and not below generalMin): business error 4 ("too small for the payment system"). */
  specificMin: string;
  /** null = no upper limit. */
  max: string | null;
}

const nonZero = (v: string | undefined): v is string => v !== undefined && !dec(v).isZero();
const largest = (values: string[]) => values.reduce((a, b) => (compare(a, b) >= 0 ? a : b), '0');

/**
 * The asset's minimum (and, for crypto, the fee entry's) is the general one; the network's or the
 * provider's limits are the payment system's. The tightest maximum wins.
 */
export function withdrawalBounds(spec: AssetSpec, route: WithdrawalRoute, network: string | null): WithdrawalBounds {
  const general = [spec.minWithdraw];
  const specific: string[] = [];
  const maxes = [spec.maxWithdraw, route.fee.max_amount];
  if (route.provider) {
    specific.push(route.fee.min_amount);
    if (route.provider.limits.min) specific.push(route.provider.limits.min);
    maxes.push(route.provider.limits.max ?? '0');
  } else {
    general.push(route.fee.min_amount);
    const keyed = network ? spec.limits?.[network] : undefined;
    if (keyed?.min) specific.push(keyed.min);
    maxes.push(keyed?.max ?? '0');
  }
  const generalMin = largest(general.filter(nonZero));
  const limitedMaxes = maxes.filter(nonZero);
  return {
    generalMin: toPlain(dec(generalMin)),
    specificMin: toPlain(dec(largest([generalMin, ...specific.filter(nonZero)]))),
    max: limitedMaxes.length ? toPlain(dec(limitedMaxes.reduce((a, b) => (compare(a, b) <= 0 ? a : b)))) : null,
  };
}
