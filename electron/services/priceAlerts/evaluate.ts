/**
 * One observation of the value an alert watches -> what changes: pure, so the crossing rules are
 * tested without sockets, timers or a database.
 *
 *  - An armed alert fires when the value crosses its line: `above` fires on a value above the line,
 *    `below` on one below it, but only once the value has been seen on the other side since the
 *    alert was armed. An alert set (or re-armed) while already past its line waits for the value
 *    to come back first: it announces crossings, not states.
 *  - A fired `every` alert re-arms once the value is back past the line by the re-arm band.
 *  - A fired `once` alert stays fired until the person re-arms it.
 */
import { ALERT_REARM_MARGIN } from '../../../shared/model/alerts';
import type { PriceAlert, PriceAlertRule } from '../../../shared/model/priceAlerts';
import { add, compare, mul, sub } from '../../../shared/money/decimal';

/**
 * How far back past the line a fired alert's value must go before it can fire again. A price
 * trades a tick either side of a round number for minutes; without this band each of those ticks
 * would be a fresh crossing and a notification. 0.1 % of the line is wider than a market's tick
 * noise and narrow enough that a real move back and forth alerts again. Distances use the position
 * alerts' band (percentage points), so both kinds of distance alert behave alike.
 */
export const REARM_BAND_FRACTION = '0.001';

export function rearmBand(rule: PriceAlertRule): string {
  return rule.kind === 'distance' ? ALERT_REARM_MARGIN : mul(rule.threshold, REARM_BAND_FRACTION);
}

/** True when `value` is past the line on the side the alert is about. */
function isPast(rule: PriceAlertRule, value: string): boolean {
  const order = compare(value, rule.threshold);
  return rule.direction === 'above' ? order > 0 : order < 0;
}

/** True when `value` is back past the line by the band (far enough to re-arm). */
export function isBackBeyondBand(rule: PriceAlertRule, value: string): boolean {
  const band = rearmBand(rule);
  return rule.direction === 'above' ? compare(value, sub(rule.threshold, band)) <= 0 : compare(value, add(rule.threshold, band)) >= 0;
}

/** In-memory only: whether the value has been seen on the near side since the alert was armed. */
export interface AlertMemo {
  seenBefore: boolean;
}

export type Outcome = { change: 'none' } | { change: 'fired' } | { change: 'rearmed' };

export function evaluate(alert: Pick<PriceAlert, 'rule' | 'rearm' | 'state'>, memo: AlertMemo, value: string): { memo: AlertMemo; outcome: Outcome } {
  const past = isPast(alert.rule, value);
  if (alert.state === 'armed') {
    if (!past) return { memo: { seenBefore: true }, outcome: { change: 'none' } };
    if (memo.seenBefore) return { memo: { seenBefore: false }, outcome: { change: 'fired' } };
    return { memo, outcome: { change: 'none' } };
  }
  if (alert.rearm === 'every' && isBackBeyondBand(alert.rule, value)) return { memo: { seenBefore: true }, outcome: { change: 'rearmed' } };
  return { memo, outcome: { change: 'none' } };
}
