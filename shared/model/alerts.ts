/**
 * Position alerts as both processes see them: the per-account threshold a person sets, what the
 * main-process watcher raised (`alerts.fired`, the `alerts.log` channel) and its overall state
 * (`alerts.status`: the worst risk, which the tray icon shows). Codes and values only: both sides
 * word them through shared/i18n/alertWords.ts.
 */
import { z } from 'zod';
import { compare } from '../money/decimal';
import { FIELD_PROBLEM } from './fieldProblems';

export const ALERT_THRESHOLD_MAX = '50';

/**
 * Alert when a position's distance to liquidation falls below this many percent: a decimal string
 * with at most 2 decimals, more than 0 and at most 50 (e.g. "10" or "7.5").
 */
export const AlertThreshold = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (!/^\d{1,2}(\.\d{1,2})?$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: FIELD_PROBLEM.percentFormat });
    } else if (compare(value, '0') <= 0 || compare(value, ALERT_THRESHOLD_MAX) > 0) {
      ctx.addIssue({ code: 'custom', message: FIELD_PROBLEM.percentRange });
    }
  });

/** Above the threshold by this many percentage points before a crossed threshold alerts again. */
export const ALERT_REARM_MARGIN = '1';

/**
 * `price` and `margin_fraction` come from the alerts a person sets in the Alerts view
 * (shared/model/priceAlerts.ts); `at_risk` is the one summary of positions already in liquidation or
 * margin call when the watcher first sees an account (alerts switched on, app started, account added).
 */
export type AlertKind = 'liquidation' | 'margin_call' | 'threshold' | 'price' | 'margin_fraction' | 'at_risk';

/** What an `at_risk` summary counts, over the accounts it names. */
export interface AlertAtRisk {
  liquidation: number;
  marginCall: number;
  /** The accounts' names, in the watcher's order. */
  accounts: string[];
}

/** What a set alert (Alerts view) adds: which one, its line and the value that crossed it. */
export interface AlertWatch {
  ruleId: string;
  /** An `every` alert's notifications are limited to one a minute; a `once` alert re-armed by hand is news again. */
  rearm?: 'once' | 'every';
  direction: 'above' | 'below';
  threshold: string;
  value: string;
}

export interface PositionAlert {
  /** Unique within one run of the app. */
  id: string;
  kind: AlertKind;
  accountId: string;
  accountName: string;
  positionId: number;
  market: string;
  /** The distance to liquidation when it fired (percent), null when unknown. */
  distancePercent: string | null;
  /** The account's threshold for a `threshold` alert; null otherwise. */
  thresholdPercent: string | null;
  /** Unix ms. */
  at: number;
  /** Set for alerts from the Alerts view; `positionId` is then 0 unless a position crossed. */
  watch?: AlertWatch;
  /** Set for an `at_risk` summary (`positionId` 0, `market` empty). */
  atRisk?: AlertAtRisk;
}

/** The worst risk among the watched accounts' positions; the tray icon shows it. */
export type AlertRisk = 'liquidation' | 'margin_call' | 'near' | 'none' | 'unknown';

export interface AlertsStatus {
  /** True while at least one account has alerts on (the watcher runs). */
  watching: boolean;
  worst: AlertRisk;
  /** Positions behind `worst` (0 for none/unknown). */
  count: number;
  /** When the last refresh finished (Unix ms), null before the first. */
  checkedAt: number | null;
  /** Accounts whose last refresh failed (their earlier state is kept). */
  failedAccounts: string[];
  /**
   * Price alerts set in the Alerts view that can still fire. They are watched whether or not a
   * window is open, so they keep the app in the tray just as position alerts do.
   */
  priceAlertsArmed: number;
}
