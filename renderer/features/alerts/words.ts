/** How the Alerts view words an alert's rule, its state and the main process's field codes. */
import { t } from '@lingui/core/macro';
import { MAX_PRICE_ALERTS_PER_ACCOUNT, type PriceAlertRule } from '../../../shared/model/priceAlerts';
import { formatAmount } from '../../format/format';

export function kindName(kind: PriceAlertRule['kind']): string {
  if (kind === 'price') return t`Market price`;
  if (kind === 'distance') return t`Distance to liquidation`;
  return t`Margin fraction`;
}

export function directionName(direction: 'above' | 'below'): string {
  return direction === 'above' ? t`Above` : t`Below`;
}

/** One line: what is watched, e.g. "BTC_USDT above 50,000" or "Any position below 10 %". */
export function ruleLine(rule: PriceAlertRule): string {
  const line = formatAmount(rule.threshold);
  if (rule.kind === 'price') {
    const market = rule.market;
    return rule.direction === 'above' ? t`${market} above ${line}` : t`${market} below ${line}`;
  }
  if (rule.kind === 'distance') {
    const market = rule.market;
    return market === null ? t`Any position: distance to liquidation below ${line} %` : t`${market}: distance to liquidation below ${line} %`;
  }
  return rule.direction === 'above' ? t`Margin fraction above ${line}` : t`Margin fraction below ${line}`;
}

/** The words for a field code the main process refused with (shared/model/priceAlerts.ts). */
export function fieldCodeWords(code: string): string {
  switch (code) {
    case 'unknown_market':
      return t`The exchange does not list this market.`;
    case 'markets_unavailable':
      return t`The exchange’s market list could not be read. Try again.`;
    case 'unknown_account':
      return t`This account no longer exists.`;
    case 'too_many_alerts': {
      const most = MAX_PRICE_ALERTS_PER_ACCOUNT;
      return t`This account already has ${most} alerts, the most it can keep. Delete some to set another.`;
    }
    case 'unreadable_alert':
      return t`This alert could not be read. Delete it and set it again.`;
    default:
      return t`This value was refused.`;
  }
}
