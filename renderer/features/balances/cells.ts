/**
 * The text of the Balances table's figure cells, written in one place: the cells show it and
 * columnWidths.ts measures it, so a column is sized for exactly what it holds.
 */
import { t } from '@lingui/core/macro';
import { isPositive, roundForDisplay } from '../../../shared/money/decimal';
import { formatAmount } from '../../format';

/** Crypto quotes need their small units; fiat and stablecoins read best in cents. The title keeps every digit. */
export function roundValue(value: string, quote: string): string {
  return roundForDisplay(value, quote === 'BTC' || quote === 'ETH' ? 8 : 2);
}

export function displayValue(value: string, quote: string): string {
  return formatAmount(roundValue(value, quote));
}

/** A 24 h move: a rise carries its plus. */
export function changeText(change: string): string {
  return `${isPositive(change) ? '+' : ''}${formatAmount(change)}%`;
}

export function shareText(share: string): string {
  return `${formatAmount(share)}%`;
}

/** The frozen part of a trade balance, written under the available one. */
export function frozenText(frozen: string): string {
  return t`${formatAmount(frozen)} frozen`;
}

/** What the Value column shows for an asset the exchange gives no price for. */
export function noPriceText(): string {
  return t`no price`;
}
