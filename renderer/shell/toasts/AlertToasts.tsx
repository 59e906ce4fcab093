import { plural, t } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { useState } from 'react';
import { alertBody, alertKindName, alertTitle } from '../../../shared/i18n/alertWords';
import type { AlertKind, PositionAlert } from '../../../shared/model/alerts';
import { useBridgeEvent } from '../../api/queries';
import { useLeaveAfter } from './useLeaveAfter';
import { useUi } from '../../state/ui';
import { openAlertLog } from './openAlertLog';
import './toasts.css';

/**
 * How long an alert toast stays: longer than a background toast, as it may need acting on; every
 * alert stays in the alert log after its toast has gone.
 */
export const ALERT_TOAST_LIFETIME_MS = 30_000;

/** Toasts of set alerts (Alerts view) shown at once; the rest are counted. */
const SHOWN_WATCH_TOASTS = 2;

/** A set alert (Alerts view) has its own toast; a position's alerts share one line of the summary. */
const alertKey = (alert: Pick<PositionAlert, 'accountId' | 'positionId' | 'watch'>) => (alert.watch ? `watch:${alert.watch.ruleId}` : `${alert.accountId}:${alert.positionId}`);

/** The newest alert of each key first; a later alert for the same key rewrites it. */
const upsert = (alert: PositionAlert) => (shown: PositionAlert[]) => [alert, ...shown.filter((toast) => alertKey(toast) !== alertKey(alert))];

/**
 * The alerts the main process raises, as they arrive, in any view. Position alerts collapse into one
 * summary toast (a margin call that became a liquidation counts once, as a liquidation); each set
 * alert (price, margin fraction) has its own. A liquidation is announced at once (role="alert"),
 * the rest politely (role="status"). Every toast leaves by itself and offers the alert log one
 * click away. On Positions the summary is read out but not drawn: the table and its risk banner
 * show the same positions, and a toast would cover the very rows it names.
 */
export function AlertToasts() {
  const [risks, setRisks] = useState<PositionAlert[]>([]);
  const [watches, setWatches] = useState<PositionAlert[]>([]);
  const view = useUi((s) => s.view);
  const setView = useUi((s) => s.setView);
  useBridgeEvent('alerts.fired', (alert) => (alert.watch ? setWatches : setRisks)(upsert(alert)));
  const hidden = watches.length - SHOWN_WATCH_TOASTS;

  return (
    <div className="alert-toasts" role="region" aria-label={t`Position alerts`}>
      {risks.length > 0 ? (
        <AlertToast
          key="risks"
          words={riskSummary(risks)}
          kind={worstKind(risks)}
          drawn={view !== 'positions'}
          restartKey={risks}
          onDismiss={() => setRisks([])}
          goTo={view !== 'positions' ? { label: t`Open Positions`, open: () => setView('positions') } : null}
          testId="alert-toast"
        />
      ) : null}
      {watches.slice(0, SHOWN_WATCH_TOASTS).map((alert) => (
        <AlertToast
          key={alertKey(alert)}
          words={{ title: alertTitle(i18n, alert), body: alertBody(i18n, alert) }}
          kind={alert.kind}
          drawn
          restartKey={alert}
          onDismiss={() => setWatches((shown) => shown.filter((toast) => alertKey(toast) !== alertKey(alert)))}
          goTo={view !== 'alerts' ? { label: t`Open Alerts`, open: () => setView('alerts') } : null}
          testId="alert-toast"
        />
      ))}
      {hidden > 0 ? (
        <AlertToast
          key="more"
          words={{ title: plural(hidden, { one: '# more alert fired', other: '# more alerts fired' }), body: '' }}
          kind="more"
          drawn
          restartKey={hidden}
          onDismiss={() => setWatches([])}
          goTo={null}
          testId="alert-toasts-more"
        />
      ) : null}
    </div>
  );
}

interface Words {
  title: string;
  body: string;
}

/**
 * How many positions of each kind an alert stands for: one for a position's own alert; for the
 * summary of positions already at risk when an account was first watched, every position it counts.
 */
function positionsByKind(alert: PositionAlert): (readonly [AlertKind, number])[] {
  if (alert.kind === 'at_risk' && alert.atRisk) return [['liquidation', alert.atRisk.liquidation], ['margin_call', alert.atRisk.marginCall]];
  return [[alert.kind, 1]];
}

/** One alert: its own words. Several: how many positions, and how many of each kind, worst first. */
function riskSummary(risks: readonly PositionAlert[]): Words {
  if (risks.length === 1) return { title: alertTitle(i18n, risks[0]!), body: alertBody(i18n, risks[0]!) };
  const all = risks.flatMap(positionsByKind);
  const counts = RISK_ORDER.map((kind) => [kind, all.filter(([k]) => k === kind).reduce((n, [, count]) => n + count, 0)] as const).filter(([, count]) => count > 0);
  const positions = all.reduce((n, [, count]) => n + count, 0);
  return {
    title: plural(positions, { one: '# position alerted', other: '# positions alerted' }),
    body: counts.map(([kind, count]) => `${alertKindName(i18n, kind)}: ${count}`).join(' \u00b7 '),
  };
}

const RISK_ORDER: readonly AlertKind[] = ['liquidation', 'margin_call', 'threshold'];

function worstKind(risks: readonly PositionAlert[]): AlertKind {
  const kinds = risks.flatMap(positionsByKind).filter(([, count]) => count > 0).map(([kind]) => kind);
  return RISK_ORDER.find((kind) => kinds.includes(kind)) ?? risks[0]!.kind;
}

function AlertToast(props: {
  words: Words;
  kind: AlertKind | 'more';
  /** False: read out but not drawn (visually hidden). */
  drawn: boolean;
  restartKey: unknown;
  onDismiss(): void;
  goTo: { label: string; open(): void } | null;
  testId: string;
}) {
  const { words, kind } = props;
  const leaving = useLeaveAfter(ALERT_TOAST_LIFETIME_MS, props.onDismiss, props.restartKey);
  const role = kind === 'liquidation' ? 'alert' : 'status';
  if (!props.drawn) {
    return (
      <div className="visually-hidden" role={role} data-testid={props.testId}>
        {words.title}. {words.body}
      </div>
    );
  }
  return (
    <div
      className={`alert-toast alert-toast--${kind}`}
      role={role}
      data-testid={props.testId}
      {...leaving}
    >
      <div className="alert-toast__text">
        <p className="alert-toast__title">{words.title}</p>
        {words.body ? <p className="alert-toast__body">{words.body}</p> : null}
        <button type="button" className="link-button alert-toast__log" onClick={openAlertLog}>
          {t`See the alert log`}
        </button>
      </div>
      <div className="alert-toast__actions">
        {props.goTo ? (
          <button type="button" className="button button--small" onClick={props.goTo.open}>
            {props.goTo.label}
          </button>
        ) : null}
        <button type="button" className="button button--ghost button--small" aria-label={t`Dismiss: ${words.title}`} onClick={props.onDismiss}>
          {t`Dismiss`}
        </button>
      </div>
    </div>
  );
}
