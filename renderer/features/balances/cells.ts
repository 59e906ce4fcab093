/**
 * The text of the Balances table's figure cells, written in one place: the cells show it and
 * columnWidths.ts measures it, so a column is sized for exactly what it holds.
 */
import { t } from '@lingui/core/macro';
import { isLooseDecimalString, isNegative, isZero, roundDown, roundForDisplay } from '../../../shared/money/decimal';
import { formatAmount, formatPercent } from '../../format/format';

/** Crypto quotes need their small units; fiat and stablecoins read best in cents. The title keeps every digit. */
export function roundValue(value: string, quote: string): string {
  return roundForDisplay(value, quote === 'BTC' || quote === 'ETH' ? 8 : 2);
}

export function displayValue(value: string, quote: string): string {
  return formatAmount(roundValue(value, quote));
}

/**
 * Places an amount cell shows. Some assets carry 18 decimals; shown whole they would widen the
 * columns past the window, so a cell shows up to this many (rounded down: never more than is
 * held), trailing zeros trimmed, and its title keeps the exact figure.
 */
export const AMOUNT_PLACES = 8;
const SMALLEST_SHOWN = `0.${'0'.repeat(AMOUNT_PLACES - 1)}1`;

/** The decimal an amount cell shows, before grouping; dust shows as the smallest place. */
export function shownAmount(amount: string): string {
  if (!isLooseDecimalString(amount)) return amount;
  const shown = roundDown(amount, AMOUNT_PLACES);
  return isZero(shown) && !isZero(amount) ? SMALLEST_SHOWN : shown;
}

export function amountText(amount: string): string {
  if (!isLooseDecimalString(amount)) return amount;
  const rounded = roundDown(amount, AMOUNT_PLACES);
  // A dust balance below the last shown place still reads as held, not as nothing.
  if (isZero(rounded) && !isZero(amount)) return `< ${formatAmount(SMALLEST_SHOWN)}`;
  return formatAmount(rounded);
}

/**
 * A move in percent: a rise carries its plus. `moved` (the move in money, when known) keeps a move
 * too small for the shown places from reading as none: "+<0.01%".
 */
export function changeText(change: string, moved?: string): string {
  if (moved !== undefined && isLooseDecimalString(moved) && isLooseDecimalString(change) && isZero(change) && !isZero(moved)) {
    return `${isNegative(moved) ? '-' : '+'}<${formatPercent('0.01')}`;
  }
  return formatPercent(change, { signed: true });
}

export function shareText(share: string): string {
  return formatPercent(share);
}

/** The frozen part of a trade balance, written under the available one. */
export function frozenText(frozen: string): string {
  return t`${amountText(frozen)} frozen`;
}

/** What the Value column shows for an asset the exchange gives no price for. */
export function noPriceText(): string {
  return t`no price`;
}

/** A signed change's sign, kept apart from its figure: "+" for a rise, "\u2212" for a fall, none for no change. */
function signOf(change: string): string {
  return isNegative(change) ? '\u2212' : isZero(change) ? '' : '+';
}

/** An amount held more or less than before, signed, shown to the amount's places. */
export function amountChangeText(change: string): string {
  if (!isLooseDecimalString(change)) return change;
  return `${signOf(change)}${amountText(change.replace(/^-/, ''))}`;
}

/** A value gained or lost in the quote, signed, rounded as values are. */
export function valueChangeText(change: string, quote: string): string {
  if (!isLooseDecimalString(change)) return change;
  return `${signOf(change)}${displayValue(change.replace(/^-/, ''), quote)}`;
}
