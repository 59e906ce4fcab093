/**
 * Signs and tones for amounts that can be negative (PnL, amount of a short). Colour is never the
 * only signal: the text always carries an explicit "+" or "-".
 */
import { compare, isLooseDecimalString } from '../../../shared/money/decimal';
import { formatAmount } from '../../format/format';

export type SignTone = 'positive' | 'negative' | 'neutral';

export function signTone(value: string): SignTone {
  if (!isLooseDecimalString(value)) return 'neutral';
  const c = compare(value, '0');
  return c > 0 ? 'positive' : c < 0 ? 'negative' : 'neutral';
}

/** "+1,234.5", "-0.42", "0"; a value that is not a decimal is returned untouched. */
export function formatSigned(value: string): string {
  const tone = signTone(value);
  if (tone === 'positive') return `+${formatAmount(value.replace(/^\+/, ''))}`;
  if (tone === 'neutral' && isLooseDecimalString(value)) return '0';
  return formatAmount(value);
}

export function isPerpetual(market: string): boolean {
  return market.endsWith('_PERP');
}

/** The currency PnL and margin are counted in: the quote of a spot-style market; unknown for futures. */
export function moneyCurrency(market: string): string | null {
  if (isPerpetual(market)) return null;
  const parts = market.split('_');
  return parts.length === 2 && parts[1] ? parts[1] : null;
}
