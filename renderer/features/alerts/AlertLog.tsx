import { t } from '@lingui/core/macro';
import { describeAlertsStatus, type AlertKind } from '../../../shared/model/alerts';
import { ErrorPanel } from '../../components';
import { useAlertLog } from './useAlertLog';
import './alerts.css';

const KIND_WORDS: Record<AlertKind, string> = { liquidation: t`Liquidation`, margin_call: t`Margin call`, threshold: t`Near liquidation` };

const timeOf = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' });

/** What the position watcher raised since the app started, newest first, and when it last looked. */
export function AlertLog() {
  const query = useAlertLog();
  if (query.error) return <ErrorPanel error={query.error.error} compact />;
  const data = query.data;
  if (!data) return null;
  const { alerts, status } = data;
  return (
    <section className="alert-log" aria-label={t`Alert log`}>
      <h2 className="alert-log__title">{t`Alert log`}</h2>
      <p className="alert-log__status" data-testid="alerts-status">
        {describeAlertsStatus(status)}
        {status.checkedAt !== null ? ` · last checked ${timeOf(status.checkedAt)}` : ''}
        {status.failedAccounts.length > 0 ? ` · the last check of ${status.failedAccounts.length === 1 ? 'one account' : `${status.failedAccounts.length} accounts`} failed` : ''}
      </p>
      {alerts.length === 0 ? (
        <p className="alert-log__empty">{status.watching ? t`No alerts since the app started.` : t`Switch on alerts for an account to be told about risky positions, even while the window is closed.`}</p>
      ) : (
        <ol className="alert-log__list">
          {alerts.map((alert) => (
            <li key={alert.id} className={`alert-log__item alert-log__item--${alert.kind}`} data-testid="alert-log-item">
              <time dateTime={new Date(alert.at).toISOString()}>{timeOf(alert.at)}</time>
              <span className="alert-log__kind">{KIND_WORDS[alert.kind]}</span>
              <span>{alert.title}</span>
              <span className="alert-log__account">{alert.accountName}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
