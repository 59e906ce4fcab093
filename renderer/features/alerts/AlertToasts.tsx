import { t } from '@lingui/core/macro';
import { useState } from 'react';
import type { PositionAlert } from '../../../shared/model/alerts';
import { useBridgeEvent } from '../../api/queries';
import { useUi } from '../../state/ui';
import './alerts.css';

const MAX_TOASTS = 4;

/**
 * The alerts the main process raises, as they arrive, in any view: a liquidation is announced at
 * once (role="alert"), a margin call or a crossed distance politely (role="status"). In Electron
 * the main process also shows a desktop notification; in browser mode this is where alerts show.
 */
export function AlertToasts() {
  const [toasts, setToasts] = useState<PositionAlert[]>([]);
  const setView = useUi((s) => s.setView);
  useBridgeEvent('alerts.fired', (alert) => setToasts((shown) => [alert, ...shown].slice(0, MAX_TOASTS)));
  const dismiss = (id: string) => setToasts((shown) => shown.filter((t) => t.id !== id));

  return (
    <div className="alert-toasts" role="region" aria-label={t`Position alerts`}>
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`alert-toast alert-toast--${toast.kind}`}
          role={toast.kind === 'liquidation' ? 'alert' : 'status'}
          data-testid="alert-toast"
        >
          <div className="alert-toast__text">
            <p className="alert-toast__title">{toast.title}</p>
            <p className="alert-toast__body">{toast.body}</p>
          </div>
          <div className="alert-toast__actions">
            <button type="button" className="button button--small" onClick={() => setView('positions')}>
              {t`Open Positions`}
            </button>
            <button type="button" className="button button--ghost button--small" aria-label={t`Dismiss: ${toast.title}`} onClick={() => dismiss(toast.id)}>
              {t`Dismiss`}
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
