import { plural, t } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { alertKindName, alertsStatusLine, alertTitle } from '../../../shared/i18n/alertWords';
import { ErrorPanel } from '../../components';
import { formatEpochMs } from '../../format/format';
import { useAlertLog } from './useAlertLog';
import { ALERT_LOG_ID } from '../../shell/toasts/openAlertLog';
import './alerts.css';

const timeOf = (ms: number) => formatEpochMs(ms);

const failedLine = (count: number) => plural(count, { one: 'the last check of one account failed', other: 'the last check of # accounts failed' });

/** What the position watcher raised since the app started, newest first, and when it last looked. */
export function AlertLog() {
  const query = useAlertLog();
  if (query.error) return <ErrorPanel error={query.error.error} compact />;
  const data = query.data;
  if (!data) return null;
  const { alerts, status } = data;
  return (
    <section className="alert-log" id={ALERT_LOG_ID} tabIndex={-1} aria-label={t`Alert log`}>
      <h2 className="alert-log__title">{t`Alert log`}</h2>
      <p className="alert-log__status" data-testid="alerts-status">
        {alertsStatusLine(i18n, status)}
        {status.checkedAt !== null ? ` · ${t`last checked ${timeOf(status.checkedAt)}`}` : ''}
        {status.failedAccounts.length > 0 ? ` · ${failedLine(status.failedAccounts.length)}` : ''}
      </p>
      {alerts.length === 0 ? (
        <p className="alert-log__empty">{status.watching ? t`No alerts since the app started.` : t`Switch on alerts for an account to be told about risky positions, even while the window is closed.`}</p>
      ) : (
        <ol className="alert-log__list">
          {alerts.map((alert) => (
            <li key={alert.id} className={`alert-log__item alert-log__item--${alert.kind}`} data-testid="alert-log-item">
              <time dateTime={new Date(alert.at).toISOString()}>{timeOf(alert.at)}</time>
              <span className="alert-log__kind">{alertKindName(i18n, alert.kind)}</span>
              <span>{alertTitle(i18n, alert)}</span>
              <span className="alert-log__account">{alert.accountName}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
