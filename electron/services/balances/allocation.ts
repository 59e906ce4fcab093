/**
 * Shares of a whole: each holding's percent of an overview's total, and the allocation picture
 * (the most valuable holdings and the rest as one part). Pure and decimal, like valuation.ts.
 */
import { Decimal, dec, toPlain } from '../../../shared/money/decimal';

/** `part` as a percentage of `whole`, 2 decimals; null when the whole is zero or the part unknown. */
export function shareOf(part: string | null, whole: string): string | null {
  if (part === null) return null;
  return sharePercent(dec(part), dec(whole));
}

/** shareOf for values already parsed: an overview takes every row's share of one total. */
export function sharePercent(part: Decimal, whole: Decimal): string | null {
  return whole.isZero() ? null : percentOf(part, whole, 2);
}

/**
 * Significant digits of the quotient a percentage is rounded from. A share is rounded to a few
 * places, so it needs far fewer digits than an amount: the exact quotient cut (not rounded) to this
 * many digits lies on the same side of every rounding boundary as the exact quotient itself (each
 * boundary, half a unit of the last place kept, has at most places + 1 decimals, so it is one of
 * the numbers the cut can land on, and cutting never passes one), so rounding the cut quotient
 * half up gives the exact answer. An 80-digit division for every row's share was a fifth of what
 * the main process allocated at idle (10 s refreshes, V8's sampling heap profiler).
 */
const SHARE_DIGITS = 24;
const ShareDecimal = Decimal.clone({ precision: SHARE_DIGITS, rounding: Decimal.ROUND_DOWN });

/** part / whole × 100, rounded half up to `places`; whole must not be zero. */
function percentOf(part: Decimal, whole: Decimal, places: number): string {
  const hundredfold = part.times(100);
  // The quotient's exponent is at most this; the cut is exact while its last digit is at or below
  // the boundaries' last decimal. A quotient too large for that (a share far above 100 %, which
  // only negative parts can make) takes the full-precision division.
  const exponent = hundredfold.e - whole.e + 1;
  const quotient = exponent <= SHARE_DIGITS - places - 2 ? ShareDecimal.div(hundredfold, whole) : hundredfold.dividedBy(whole);
  return toPlain(quotient.toDecimalPlaces(places, Decimal.ROUND_HALF_UP));
}

/** A holding with its value parsed (null: no price), as the overview ranks them. */
export interface ValuedHolding {
  asset: string;
  value: Decimal | null;
}

/** The overview's order: most valuable first, holdings without a price last, ties by ticker. */
export function mostValuableFirst(a: ValuedHolding, b: ValuedHolding): number {
  const byTicker = a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0;
  if (a.value === null || b.value === null) return a.value === b.value ? byTicker : a.value === null ? 1 : -1;
  return b.value.comparedTo(a.value) || byTicker;
}

/**
 * The allocation picture: the `top` most valuable priced holdings and everything else as one part
 * (asset null), each as a percent of `total` to 4 places. Nothing priced above zero, or a zero
 * total: no picture (an empty list).
 */
export function allocationOf(rows: readonly { asset: string; value: string | null }[], total: string, top: number): { asset: string | null; share: string }[] {
  return allocationOfValued(
    rows.map((r) => ({ asset: r.asset, value: r.value === null ? null : dec(r.value) })),
    dec(total),
    top,
  );
}

function isPricedAboveZero(holding: ValuedHolding): holding is { asset: string; value: Decimal } {
  return holding.value !== null && holding.value.greaterThan(0);
}

/**
 * allocationOf for values already parsed, as the overview has them (in its order, which costs the
 * sort here next to nothing).
 */
export function allocationOfValued(holdings: readonly ValuedHolding[], whole: Decimal, top: number): { asset: string | null; share: string }[] {
  if (!whole.greaterThan(0)) return [];
  const priced = holdings.filter(isPricedAboveZero).sort(mostValuableFirst);
  const parts: { asset: string | null; share: string }[] = [];
  let rest = new Decimal(0);
  for (const [i, holding] of priced.entries()) {
    if (i < top) parts.push({ asset: holding.asset, share: percentOf(holding.value, whole, 4) });
    else rest = rest.plus(holding.value);
  }
  if (rest.greaterThan(0)) parts.push({ asset: null, share: percentOf(rest, whole, 4) });
  return parts;
}
