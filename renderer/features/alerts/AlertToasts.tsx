import { plural, t } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { useState } from 'react';
import { alertBody, alertTitle } from '../../../shared/i18n/alertWords';
import type { PositionAlert } from '../../../shared/model/alerts';
import { useBridgeEvent } from '../../api/queries';
import { useUi } from '../../state/ui';
import './alerts.css';

/** Toasts shown at once; the rest are counted (each one is in the alert log on Positions). */
const SHOWN_TOASTS = 2;

/** A set alert (Alerts view) has its own toast; a position's alerts share one. */
const positionKey = (alert: Pick<PositionAlert, 'accountId' | 'positionId' | 'watch'>) => (alert.watch ? `watch:${alert.watch.ruleId}` : `${alert.accountId}:${alert.positionId}`);

/**
 * The alerts the main process raises, as they arrive, in any view: one toast per position, which
 * a later alert for the same position rewrites in place (a margin call that became a liquidation
 * says liquidation). A liquidation is announced at once (role="alert"), a margin call or a crossed
 * distance politely (role="status"). Two are shown, the rest counted, so the toasts never stack
 * over the table; the way to Positions is offered only from another view.
 */
export function AlertToasts() {
  const [toasts, setToasts] = useState<PositionAlert[]>([]);
  const view = useUi((s) => s.view);
  const setView = useUi((s) => s.setView);
  useBridgeEvent('alerts.fired', (alert) =>
    setToasts((shown) => {
      const at = shown.findIndex((toast) => positionKey(toast) === positionKey(alert));
      if (at === -1) return [alert, ...shown];
      return shown.map((toast, index) => (index === at ? alert : toast));
    }),
  );
  const dismiss = (key: string) => setToasts((shown) => shown.filter((toast) => positionKey(toast) !== key));
  const hidden = toasts.length - SHOWN_TOASTS;
  const elsewhere = view !== 'positions';

  return (
    <div className="alert-toasts" role="region" aria-label={t`Position alerts`}>
      {toasts.slice(0, SHOWN_TOASTS).map((toast) => {
        const title = alertTitle(i18n, toast);
        return (
          <div
            key={positionKey(toast)}
            className={`alert-toast alert-toast--${toast.kind}`}
            role={toast.kind === 'liquidation' ? 'alert' : 'status'}
            data-testid="alert-toast"
          >
            <div className="alert-toast__text">
              <p className="alert-toast__title">{title}</p>
              <p className="alert-toast__body">{alertBody(i18n, toast)}</p>
            </div>
            <div className="alert-toast__actions">
              {elsewhere && (
                <button type="button" className="button button--small" onClick={() => setView('positions')}>
                  {t`Open Positions`}
                </button>
              )}
              <button type="button" className="button button--ghost button--small" aria-label={t`Dismiss: ${title}`} onClick={() => dismiss(positionKey(toast))}>
                {t`Dismiss`}
              </button>
            </div>
          </div>
        );
      })}
      {hidden > 0 && (
        <div className="alert-toast alert-toast--more" data-testid="alert-toasts-more">
          <p className="alert-toast__body">
            {elsewhere
              ? plural(hidden, { one: '# more position alerted: see the alert log on Positions.', other: '# more positions alerted: see the alert log on Positions.' })
              : plural(hidden, { one: '# more position alerted: see the alert log below.', other: '# more positions alerted: see the alert log below.' })}
          </p>
          <button type="button" className="button button--ghost button--small" onClick={() => setToasts([])}>
            {t`Dismiss all`}
          </button>
        </div>
      )}
    </div>
  );
}
