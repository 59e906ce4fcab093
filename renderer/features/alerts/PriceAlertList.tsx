import { t } from '@lingui/core/macro';
import type { AccountSummary } from '../../../shared/model/accounts';
import type { PriceAlert, PriceAlertView } from '../../../shared/model/priceAlerts';
import { useChannelMutation } from '../../api/queries';
import { Badge, ErrorPanel } from '../../components';
import { formatAmount, formatEpochMs } from '../../format/format';
import { ruleLine } from './words';

/** The value an alert watches, as last seen, in the alert's own unit. */
function currentText(alert: PriceAlertView): string {
  if (!alert.current) return t`not seen yet`;
  const value = formatAmount(alert.current.value);
  return alert.rule.kind === 'distance' ? `${value} %` : value;
}

function lastFired(ms: number): string {
  const when = formatEpochMs(ms);
  return t`last fired ${when}`;
}

/** Every kept alert: what it watches, the value now, its state; edit, re-arm and delete in place. */
export function PriceAlertList(props: { alerts: PriceAlertView[]; accounts: AccountSummary[]; onEdit: (alert: PriceAlert) => void; editingId: string | null }) {
  const rearm = useChannelMutation('priceAlerts.rearm', { invalidates: ['priceAlerts.list'] });
  const remove = useChannelMutation('priceAlerts.delete', { invalidates: ['priceAlerts.list'] });
  const failure = rearm.error ?? remove.error;
  const accountName = (id: string) => props.accounts.find((a) => a.id === id)?.name ?? id;

  if (props.alerts.length === 0) return <p className="price-alerts__empty">{t`No alerts yet. Add one above: it is checked even while the window is closed.`}</p>;
  return (
    <>
      {failure ? <ErrorPanel error={failure.error} compact /> : null}
      <ul className="price-alerts__list" aria-label={t`Your alerts`}>
        {props.alerts.map((alert) => {
          const line = ruleLine(alert.rule);
          return (
            <li key={alert.id} className="card price-alerts__item" aria-label={line} data-testid="price-alert" data-state={alert.state}>
              <div className="price-alerts__what">
                <span className="price-alerts__line">{line}</span>
                <span className="price-alerts__account">{accountName(alert.rule.accountId)}</span>
              </div>
              <div className="price-alerts__now">
                <span className="field__hint">{t`Now`}</span> <span data-testid="price-alert-current">{currentText(alert)}</span>
              </div>
              <div className="price-alerts__state">
                {alert.state === 'armed' ? <Badge tone="positive">{t`Armed`}</Badge> : <Badge tone="warning">{t`Fired`}</Badge>}
                <span className="field__hint">{alert.rearm === 'every' ? t`every crossing` : t`once`}</span>
                {alert.lastFiredAt !== null ? <span className="field__hint">{lastFired(alert.lastFiredAt)}</span> : null}
              </div>
              <div className="price-alerts__actions">
                {alert.state === 'fired' ? (
                  <button type="button" className="button button--small" disabled={rearm.isPending} onClick={() => rearm.mutate({ id: alert.id })} aria-label={t`Re-arm: ${line}`}>
                    {t`Re-arm`}
                  </button>
                ) : null}
                <button type="button" className="button button--ghost button--small" disabled={props.editingId === alert.id} onClick={() => props.onEdit(alert)} aria-label={t`Edit: ${line}`}>
                  {t`Edit`}
                </button>
                <button type="button" className="button button--ghost button--small" disabled={remove.isPending} onClick={() => remove.mutate({ id: alert.id })} aria-label={t`Delete: ${line}`}>
                  {t`Delete`}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
