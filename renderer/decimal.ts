/**
 * The page's decimal: big.js (about 3 KB gzipped) instead of decimal.js (about 12 KB), because the
 * landing view only parses, compares, divides for shares and rounds for display; every sum that
 * counts is computed by the main process on shared/money/decimal.ts. Views that compute (flex,
 * positions, withdrawal) load on demand and keep the shared module there.
 *
 * Same input rule as the shared module: plain decimal strings only, never Number.
 */
import BigBase from 'big.js';

/** A private constructor, so nothing else in the page can change its settings. */
const Big = BigBase();
// Plain notation for every amount this app shows (the defaults switch to exponents at 1e-7 and 1e21).
Big.NE = -100;
Big.PE = 100;
Big.DP = 20;
Big.RM = Big.roundHalfUp;
// Refuses to be built from a Number (and toNumber on a lossy value): money never passes through a float.
Big.strict = true;

export type Decimal = BigBase.Big;

/** Comparisons take Decimals or strings: strict mode refuses a Number even for 0. */
export const ZERO: Decimal = new Big('0');

const LOOSE_DECIMAL_PATTERN = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;
const MAX_DECIMAL_LENGTH = 80;

/** A finite plain decimal string ("00.5", "1." and ".5" included), as shared/money/decimal.ts accepts. */
export function isLooseDecimalString(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_DECIMAL_LENGTH && LOOSE_DECIMAL_PATTERN.test(value);
}

export function dec(value: string): Decimal {
  // Typed as string, but called with whatever an answer held: checked, not trusted.
  if (!isLooseDecimalString(value)) throw new RangeError(`not a decimal amount: ${JSON.stringify(String(value as unknown).slice(0, 40))}`);
  return new Big(value);
}

export function isZero(value: string): boolean {
  return dec(value).eq(ZERO);
}

export function isPositive(value: string): boolean {
  return dec(value).gt(ZERO);
}

/** For display only: rounded half-up to `places`, trailing zeros kept ("12.50"). */
export function roundForDisplay(value: string, places: number): string {
  return dec(value).toFixed(places, Big.roundHalfUp);
}
