/**
 * Whether a last price from the exchange (pushed or read from the ticker) may reach the alerts.
 * Only a plain positive decimal can: a zero or negative price, an exponent that would overflow
 * ("1e308"), "NaN", "Infinity" or anything else is a broken feed, never a crossing. A "below 1"
 * alert must not fire on "-1".
 */
import { isLooseDecimalString, isPositive } from '../../../shared/money/decimal';

export function isUsablePrice(value: unknown): value is string {
  return isLooseDecimalString(value) && isPositive(value);
}
