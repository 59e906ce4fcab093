import { t } from '@lingui/core/macro';
import { formatAmount } from '../../format';
/**
 * Distance from a position's base price to its liquidation price, in percent, decimal math only.
 * The sign alone is easy to misread, so the result also says in words which way the price must move.
 */
import { compare, isLooseDecimalString, percentChange } from '../../../shared/money/decimal';

export interface LiquidationDistance {
  /** Absolute distance in percent, two decimals, e.g. "12.34". */
  percent: string;
  /** Where the liquidation price lies relative to the base price. */
  direction: 'below' | 'above' | 'at';
  /** e.g. "liquidation 12.34 % below base". */
  text: string;
}

/** Null when either price is missing: a pending position has no base price yet (docs/exchange-api.md). */
export function liquidationDistance(basePrice: string | null, liquidationPrice: string | null): LiquidationDistance | null {
  if (basePrice === null || liquidationPrice === null) return null;
  if (!isLooseDecimalString(basePrice) || !isLooseDecimalString(liquidationPrice)) return null;
  const change = percentChange(basePrice, liquidationPrice, 2);
  if (change === null) return null;
  const direction = compare(liquidationPrice, basePrice) < 0 ? 'below' : compare(liquidationPrice, basePrice) > 0 ? 'above' : 'at';
  const percent = change.startsWith('-') ? change.slice(1) : change;
  const shown = formatAmount(percent);
  const text = direction === 'at' ? t`liquidation at the base price` : direction === 'below' ? t`liquidation ${shown} % below base` : t`liquidation ${shown} % above base`;
  return { percent, direction, text };
}
