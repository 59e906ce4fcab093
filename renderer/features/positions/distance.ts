/**
 * The words for a position's distance to liquidation (shared/model/liquidationDistance.ts is the
 * figure): the risk table and the position cards both say it this way, so one page never shows two
 * different distances.
 */
import { t } from '@lingui/core/macro';
import { dec } from '../../../shared/money/decimal';
import { isPastLiquidation } from '../../../shared/model/liquidationDistance';
import { formatAmount } from '../../format/format';

/** "12.34 %", in the person's digits. */
function percentText(percent: string): string {
  return `${formatAmount(percent)}\u00a0%`;
}

/** The figure a table cell shows: "12.34 %", or "−2.1 %" once past the liquidation price. */
export function distanceFigure(percent: string): string {
  return isPastLiquidation(percent) && !dec(percent).isZero() ? `\u2212${percentText(dec(percent).abs().toFixed())}` : percentText(percent);
}

/** The whole sentence: "12.34 % to liquidation", "past liquidation by 2.1 %", "at the liquidation price". */
export function distanceText(percent: string): string {
  const d = dec(percent);
  if (d.isZero()) return t`at the liquidation price`;
  const shown = percentText(d.abs().toFixed());
  return d.isNegative() ? t`past liquidation by ${shown}` : t`${shown} to liquidation`;
}
