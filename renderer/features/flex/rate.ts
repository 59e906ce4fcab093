/**
 * `maxRate` has no documented unit and every documented example is a fraction (0.15, 0.12,
 * 0.0030). docs/exchange-api.md's decision: a fraction of 1, shown as a percent (0.15 -> 15 %). Exact decimal
 * math: "0.0030" becomes "0.3", never 0.30000000000000004.
 */
import { t } from '@lingui/core/macro';
import { dec, isLooseDecimalString, toPlain } from '../../../shared/money/decimal';

/** The rate in percent as a plain decimal string, or null when the exchange sent no decimal. */
export function maxRatePercent(fraction: string): string | null {
  if (!isLooseDecimalString(fraction)) return null;
  return toPlain(dec(fraction).times(100));
}

/** The tooltip of a shown rate: the exchange's own figure, and how it was read. */
export function rateTitle(fraction: string): string {
  return t`The exchange sends ${fraction}, read as a fraction of 1`;
}

/** Investment status as documented: 1 active, 0 closed. The words are ours. */
export function investmentStatusWords(status: number): { label: string; tone: 'positive' | 'neutral' | 'info' } {
  if (status === 1) return { label: t`Active`, tone: 'positive' };
  if (status === 0) return { label: t`Closed`, tone: 'neutral' };
  return { label: t`Status ${status}`, tone: 'info' };
}
