/**
 * The page's decimals: comparisons, signs and rounding for display, done on the digits of the
 * decimal strings themselves. No arithmetic happens in the landing view: every sum, value and
 * share is computed by the main process on shared/money/decimal.ts (decimal.js) and arrives as a
 * string. Views that do compute (flex, positions, withdrawal) load on demand and use the shared
 * module there.
 *
 * Why not a library here: comparing and rounding digit strings needs nothing loaded with the first
 * view. Both are a few lines, checked against the shared module over thousands of generated values
 * in decimal.test.ts.
 *
 * Same input rule as the shared module: plain decimal strings only, never Number.
 */

const LOOSE_DECIMAL_PATTERN = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;
const MAX_DECIMAL_LENGTH = 80;

/** A finite plain decimal string ("00.5", "1." and ".5" included), as shared/money/decimal.ts accepts. */
export function isLooseDecimalString(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_DECIMAL_LENGTH && LOOSE_DECIMAL_PATTERN.test(value);
}

/**
 * A decimal taken apart: its sign and its digits without leading (integer) or trailing (fraction)
 * zeros. Parse once where the same amount is compared many times (sorting a table).
 */
export interface ParsedDecimal {
  negative: boolean;
  integer: string;
  fraction: string;
}

export function parseDecimal(value: string): ParsedDecimal {
  // Typed as string, but called with whatever an answer held: checked, not trusted.
  if (!isLooseDecimalString(value)) throw new RangeError(`not a decimal amount: ${JSON.stringify(String(value as unknown).slice(0, 40))}`);
  const negative = value.startsWith('-');
  const unsigned = negative ? value.slice(1) : value;
  const at = unsigned.indexOf('.');
  const integer = (at === -1 ? unsigned : unsigned.slice(0, at)).replace(/^0+/, '');
  const fraction = at === -1 ? '' : unsigned.slice(at + 1).replace(/0+$/, '');
  // Minus zero is zero.
  return { negative: negative && (integer !== '' || fraction !== ''), integer, fraction };
}

/** -1, 0 or 1 as a is less than, equal to or greater than b; exact at any length. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  return compareParsed(parseDecimal(a), parseDecimal(b));
}

/** compareDecimal for amounts parsed before. */
export function compareParsed(x: ParsedDecimal, y: ParsedDecimal): -1 | 0 | 1 {
  if (x.negative !== y.negative) return x.negative ? -1 : 1;
  const sign = x.negative ? -1 : 1;
  // Without leading zeros, a longer integer part is the larger magnitude.
  if (x.integer.length !== y.integer.length) return (x.integer.length > y.integer.length ? sign : -sign) as -1 | 1;
  // Same length: digit order is numeric order. Without trailing zeros, "5" < "51" and "5" > "49"
  // are right for fractions too.
  if (x.integer !== y.integer) return (x.integer > y.integer ? sign : -sign) as -1 | 1;
  if (x.fraction === y.fraction) return 0;
  return (x.fraction > y.fraction ? sign : -sign) as -1 | 1;
}

export function isZero(value: string): boolean {
  const { integer, fraction } = parseDecimal(value);
  return integer === '' && fraction === '';
}

export function isPositive(value: string): boolean {
  const { negative, integer, fraction } = parseDecimal(value);
  return !negative && (integer !== '' || fraction !== '');
}

export function isNegative(value: string): boolean {
  return parseDecimal(value).negative;
}

/**
 * For display only: rounded half-up (a tie goes away from zero) to `places`, trailing zeros kept
 * ("12.50"), exactly as shared/money/decimal.ts rounds; a result of zero has no minus sign.
 */
export function roundForDisplay(value: string, places: number): string {
  const { negative, integer, fraction } = parseDecimal(value);
  const kept = fraction.slice(0, places).padEnd(places, '0');
  let digits = (integer || '0') + kept;
  if ((fraction[places] ?? '0') >= '5') digits = incremented(digits);
  const whole = digits.slice(0, digits.length - places).replace(/^0+(?=\d)/, '');
  const part = digits.slice(digits.length - places);
  const zero = /^0*$/.test(digits);
  return `${negative && !zero ? '-' : ''}${whole}${places > 0 ? `.${part}` : ''}`;
}

/** A string of digits plus one in its last place ("0999" -> "1000", "99" -> "100"). */
function incremented(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i -= 1;
  if (i < 0) return '1' + '0'.repeat(digits.length);
  return digits.slice(0, i) + String.fromCharCode(digits.charCodeAt(i) + 1) + '0'.repeat(digits.length - i - 1);
}
