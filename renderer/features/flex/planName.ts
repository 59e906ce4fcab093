import { t } from '@lingui/core/macro';
import type { FlexPlan } from '../../../shared/api/schemas';
import { formatAmount } from '../../format/format';
import { maxRatePercent } from './rate';

/**
 * A flex plan by what a person chooses it for: its asset, its term (flex plans have none: funds come
 * back on request) and its best rate. The plan's id is only ever a tooltip.
 */
export function flexPlanName(plan: Pick<FlexPlan, 'ticker' | 'maxRate'>): string {
  const percent = maxRatePercent(plan.maxRate);
  return percent === null ? t`${plan.ticker} flex plan, no fixed term` : t`${plan.ticker} flex plan, no fixed term, up to ${formatAmount(percent)} % a year`;
}
