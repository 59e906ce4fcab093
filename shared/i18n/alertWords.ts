/**
 * The words of a position alert, for both processes: the renderer's toasts and alert log, and the
 * desktop notification and tray tooltip the main process raises. Message descriptors only (data),
 * extracted into the renderer's first-paint catalogs; each side passes its own Lingui instance with
 * those catalogs loaded, so a notification reads in the same language as the page.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { AlertKind, AlertRisk, AlertsStatus, PositionAlert } from '../model/alerts';

const TITLES: Record<AlertKind, MessageDescriptor> = {
  liquidation: /*i18n*/ { id: 'alerts.title.liquidation', message: '{market}: position in liquidation' },
  margin_call: /*i18n*/ { id: 'alerts.title.margin_call', message: '{market}: position in margin call' },
  threshold: /*i18n*/ { id: 'alerts.title.threshold', message: '{market}: {distance} % from liquidation' },
  price: /*i18n*/ { id: 'alerts.title.price', message: '{direction, select, above {{market}: price above {threshold}} other {{market}: price below {threshold}}}' },
  margin_fraction: /*i18n*/ {
    id: 'alerts.title.margin_fraction',
    message: '{direction, select, above {{account}: margin fraction above {threshold}} other {{account}: margin fraction below {threshold}}}',
  },
  at_risk: /*i18n*/ { id: 'alerts.title.at_risk', message: '{count, plural, one {# position already at risk} other {# positions already at risk}}' },
};

const BODIES: Record<AlertKind, MessageDescriptor> = {
  liquidation: /*i18n*/ { id: 'alerts.body.liquidation', message: 'Position #{positionId} on {market} ({account}) entered liquidation.' },
  margin_call: /*i18n*/ { id: 'alerts.body.margin_call', message: 'Position #{positionId} on {market} ({account}) entered margin call.' },
  threshold: /*i18n*/ {
    id: 'alerts.body.threshold',
    message: 'Position #{positionId} on {market} ({account}) is {distance} % from its liquidation price, below your {threshold} % alert.',
  },
  price: /*i18n*/ {
    id: 'alerts.body.price',
    message: '{direction, select, above {The last price of {market} is {value}, above your alert at {threshold} ({account}).} other {The last price of {market} is {value}, below your alert at {threshold} ({account}).}}',
  },
  margin_fraction: /*i18n*/ {
    id: 'alerts.body.margin_fraction',
    message: '{direction, select, above {The margin fraction of {account} is {value}, above your alert at {threshold}.} other {The margin fraction of {account} is {value}, below your alert at {threshold}.}}',
  },
  at_risk: /*i18n*/ {
    id: 'alerts.body.at_risk',
    message: 'In liquidation: {liquidation}. In margin call: {marginCall}. Accounts: {account}.',
  },
};

/** Only outside the app: a notification may be seen while the window is hidden. */
const REVIEW_IN_APP: MessageDescriptor = /*i18n*/ { id: 'alerts.notification.review', message: 'Open WhiteBIT Desk to review it.' };

const KINDS: Record<AlertKind, MessageDescriptor> = {
  liquidation: /*i18n*/ { id: 'alerts.kind.liquidation', message: 'Liquidation' },
  margin_call: /*i18n*/ { id: 'alerts.kind.margin_call', message: 'Margin call' },
  threshold: /*i18n*/ { id: 'alerts.kind.threshold', message: 'Near liquidation' },
  price: /*i18n*/ { id: 'alerts.kind.price', message: 'Price' },
  margin_fraction: /*i18n*/ { id: 'alerts.kind.margin_fraction', message: 'Margin fraction' },
  at_risk: /*i18n*/ { id: 'alerts.kind.at_risk', message: 'Already at risk' },
};

/** Notifications held back in a storm of alerts (electron/services/alerts/notificationGate.ts), as one. */
const SUMMARY_TITLE: MessageDescriptor = /*i18n*/ { id: 'alerts.summary.title', message: '{count, plural, one {# more alert} other {# more alerts}}' };
const SUMMARY_BODY: MessageDescriptor = /*i18n*/ { id: 'alerts.summary.body', message: 'Alerts fired in quick succession. The latest: {latest}. Open WhiteBIT Desk to review them.' };

const STATUS: Record<AlertRisk | 'off', MessageDescriptor> = {
  off: /*i18n*/ { id: 'alerts.status.off', message: 'Position alerts are off' },
  unknown: /*i18n*/ { id: 'alerts.status.unknown', message: 'Position alerts: not checked yet' },
  none: /*i18n*/ { id: 'alerts.status.none', message: 'Position alerts: no position at risk' },
  near: /*i18n*/ { id: 'alerts.status.near', message: '{count, plural, one {# position near liquidation} other {# positions near liquidation}}' },
  margin_call: /*i18n*/ { id: 'alerts.status.margin_call', message: '{count, plural, one {# position in margin call} other {# positions in margin call}}' },
  liquidation: /*i18n*/ { id: 'alerts.status.liquidation', message: '{count, plural, one {# position in liquidation} other {# positions in liquidation}}' },
};

const PRICE_ALERTS_ARMED: MessageDescriptor = /*i18n*/ {
  id: 'alerts.status.price_armed',
  message: '{count, plural, one {# price alert armed} other {# price alerts armed}}',
};

/** Lingui takes a descriptor's values inside it. */
function say(words: I18n, descriptor: MessageDescriptor, values?: Record<string, unknown>): string {
  return words._(values ? { ...descriptor, values } : descriptor);
}

/** A percentage the exchange gave as a decimal string, in the language's number style, exactly. */
function alertPercent(i18n: I18n, value: string | null): string {
  if (value === null) return '?';
  // Intl formats a numeric string without going through a binary number.
  return new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 20 }).format(value as `${number}`);
}

type AlertFacts = Pick<PositionAlert, 'kind' | 'market' | 'positionId' | 'accountName' | 'distancePercent' | 'thresholdPercent' | 'watch' | 'atRisk'>;

function valuesOf(i18n: I18n, alert: Omit<AlertFacts, 'kind'>) {
  // A price or margin fraction alert names its own line and the value that crossed it.
  const watched = alert.watch ? { direction: alert.watch.direction, value: alertPercent(i18n, alert.watch.value) } : { direction: 'other', value: '?' };
  const atRisk = alert.atRisk
    ? { count: alert.atRisk.liquidation + alert.atRisk.marginCall, liquidation: String(alert.atRisk.liquidation), marginCall: String(alert.atRisk.marginCall) }
    : {};
  return {
    ...atRisk,
    market: alert.market,
    positionId: String(alert.positionId),
    account: alert.atRisk ? alert.atRisk.accounts.join(', ') : alert.accountName,
    distance: alertPercent(i18n, alert.distancePercent),
    threshold: alertPercent(i18n, alert.watch && !alert.thresholdPercent ? alert.watch.threshold : alert.thresholdPercent),
    ...watched,
  };
}

export function alertTitle(i18n: I18n, alert: AlertFacts): string {
  return say(i18n, TITLES[alert.kind], valuesOf(i18n, alert));
}

/** The sentence shown inside the app. */
export function alertBody(i18n: I18n, alert: AlertFacts): string {
  return say(i18n, BODIES[alert.kind], valuesOf(i18n, alert));
}

/** The desktop notification: the same title, and the body with a pointer back to the app. */
export function alertNotification(i18n: I18n, alert: AlertFacts): { title: string; body: string } {
  return { title: alertTitle(i18n, alert), body: `${alertBody(i18n, alert)} ${say(i18n, REVIEW_IN_APP)}` };
}

/** One notification standing for `count` held back, naming the newest. */
export function alertsSummaryNotification(i18n: I18n, count: number, latest: AlertFacts): { title: string; body: string } {
  return { title: say(i18n, SUMMARY_TITLE, { count }), body: say(i18n, SUMMARY_BODY, { latest: alertTitle(i18n, latest) }) };
}

export function alertKindName(i18n: I18n, kind: AlertKind): string {
  return say(i18n, KINDS[kind]);
}

/** One line for a tooltip or a status strip, e.g. "2 positions in liquidation". */
export function alertsStatusLine(i18n: I18n, status: AlertsStatus): string {
  if (!status.watching) return say(i18n, STATUS.off);
  return say(i18n, STATUS[status.worst], { count: status.count });
}

/** The tray's tooltip: the position watcher's line, and the armed price alerts when there are any. */
export function trayStatusLine(i18n: I18n, status: AlertsStatus): string {
  const positions = alertsStatusLine(i18n, status);
  return status.priceAlertsArmed > 0 ? `${positions} · ${say(i18n, PRICE_ALERTS_ARMED, { count: status.priceAlertsArmed })}` : positions;
}

const TRAY_SHOW: MessageDescriptor = /*i18n*/ { id: 'alerts.tray.show', message: 'Show {product}' };
const TRAY_QUIT: MessageDescriptor = /*i18n*/ { id: 'alerts.tray.quit', message: 'Quit' };

/** The tray icon's menu, shown while alerts are on or price alerts armed. */
export function trayMenuWords(i18n: I18n, product: string): { show: string; quit: string } {
  return { show: say(i18n, TRAY_SHOW, { product }), quit: say(i18n, TRAY_QUIT) };
}
