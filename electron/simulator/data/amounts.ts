import type { Random } from '../random';

/** A non-zero amount with at most `precision` decimals, as a plain decimal string. */
export function randomAmount(rng: Random, precision: number, wholeDigits: number): string {
  const whole = String(rng.int(0, 10 ** wholeDigits - 1));
  const places = precision === 0 ? 0 : rng.int(0, Math.min(precision, 12));
  let fraction = places ? rng.chars(places, '0123456789').replace(/0+$/, '') : '';
  if (whole === '0' && !fraction) fraction = '5';
  return fraction ? `${whole}.${fraction}` : whole;
}
