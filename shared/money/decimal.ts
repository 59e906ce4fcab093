/**
 * Decimal arithmetic for money. Amounts travel as strings ("0.00000001", "123456789012345678901234.5")
 * and every sum, product or comparison happens here, on decimal.js, never on `Number`.
 */
import DecimalBase from 'decimal.js';

/** A private Decimal constructor with enough precision for 40-digit amounts and 18-decimal assets. */
export const Decimal = DecimalBase.clone({
  precision: 80,
  rounding: DecimalBase.ROUND_HALF_UP,
  toExpNeg: -100,
  toExpPos: 100,
});
export type Decimal = InstanceType<typeof Decimal>;

/** Plain decimal notation only: optional minus, digits, optional fraction. No exponent, no spaces. */
const DECIMAL_PATTERN = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;
/** What a person may type: also allows leading zeros and a bare leading dot such as ".5". */
const LOOSE_DECIMAL_PATTERN = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

const MAX_DECIMAL_LENGTH = 80;

export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_DECIMAL_LENGTH && DECIMAL_PATTERN.test(value);
}

/**
 * Exchange data sometimes carries leading zeros ("00.5") or a trailing dot; accept what parses
 * as a finite plain decimal and reject exponents, NaN, Infinity, hex and whitespace.
 */
export function isLooseDecimalString(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_DECIMAL_LENGTH && LOOSE_DECIMAL_PATTERN.test(value);
}

export function dec(value: string | Decimal): Decimal {
  if (typeof value !== 'string') return value;
  if (!LOOSE_DECIMAL_PATTERN.test(value) || value.length > MAX_DECIMAL_LENGTH) {
    throw new RangeError(`not a decimal amount: ${JSON.stringify(value.slice(0, 40))}`);
  }
  return new Decimal(value);
}

/** Canonical string: no exponent, no trailing zeros beyond what is meaningful ("1.50" -> "1.5"). */
export function toPlain(value: Decimal): string {
  const fixed = value.toFixed();
  return fixed === '-0' ? '0' : fixed;
}

/** A plain decimal whose digits are all zeros ("0", "-0.000", "00.", ".0"). */
const ZERO_TEXT = /^-?(?:0+(?:\.0*)?|\.0+)$/;

/**
 * Whether `value` is a zero amount, told from its text: the real exchange lists every asset with
 * its balance, zeros included, and an overview adds up three parts of each on every refresh, so
 * adding and summing zeros must not build decimals. Throws for a non-decimal as dec() does.
 */
function isZeroText(value: string): boolean {
  // Typed as string, but called with whatever an answer held: checked, not trusted.
  if (typeof value !== 'string') throw new RangeError('not a decimal amount');
  if (value.length > MAX_DECIMAL_LENGTH || !LOOSE_DECIMAL_PATTERN.test(value)) dec(value);
  return ZERO_TEXT.test(value);
}

export function add(a: string, b: string): string {
  // Zero plus x is x in canonical form (toPlain), as the sum below would give.
  if (isZeroText(b)) return isZeroText(a) ? '0' : toPlain(dec(a));
  if (isZeroText(a)) return toPlain(dec(b));
  return toPlain(dec(a).plus(dec(b)));
}

export function sub(a: string, b: string): string {
  return toPlain(dec(a).minus(dec(b)));
}

export function mul(a: string, b: string): string {
  return toPlain(dec(a).times(dec(b)));
}

/** -1, 0 or 1. */
export function compare(a: string, b: string): -1 | 0 | 1 {
  return dec(a).comparedTo(dec(b)) as -1 | 0 | 1;
}

export function isZero(a: string): boolean {
  return isZeroText(a);
}

export function isPositive(a: string): boolean {
  return dec(a).greaterThan(0);
}

/** Below zero; "-0.000" is zero, not negative. */
export function isNegative(a: string): boolean {
  return dec(a).lessThan(0);
}

/** Number of digits after the decimal point as written ("1.2300" -> 4). */
export function decimalPlaces(value: string): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}

/** Rounds towards +infinity at `places` decimals: fees are never rounded in the payer's favour. */
export function roundUp(value: string | Decimal, places: number): string {
  return toPlain(dec(value).toDecimalPlaces(places, Decimal.ROUND_CEIL));
}

export function roundDown(value: string | Decimal, places: number): string {
  return toPlain(dec(value).toDecimalPlaces(places, Decimal.ROUND_FLOOR));
}

/** For display only: rounded half-up to `places`, trailing zeros kept ("12.50"). Totals keep every digit. */
export function roundForDisplay(value: string, places: number): string {
  return dec(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);
}

export function clamp(value: Decimal, min: Decimal, max: Decimal): Decimal {
  if (value.lessThan(min)) return min;
  if (value.greaterThan(max)) return max;
  return value;
}

/** Percentage change from `from` to `to`, e.g. distance to a liquidation price. Null when `from` is 0. */
export function percentChange(from: string, to: string, places = 2): string | null {
  const base = dec(from);
  if (base.isZero()) return null;
  return toPlain(dec(to).minus(base).dividedBy(base).times(100).toDecimalPlaces(places, Decimal.ROUND_HALF_UP));
}

/** Sum of many amounts. */
export function sum(values: readonly string[]): string {
  let total: Decimal | null = null;
  for (const v of values) {
    if (!isZeroText(v)) total = total === null ? dec(v) : total.plus(dec(v));
  }
  return total === null ? '0' : toPlain(total);
}
