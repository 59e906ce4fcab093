import { plural, t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PriceAlert } from '../../../shared/model/priceAlerts';
import { channelQueryKey, useAccounts, useBridgeEvent, useChannelMutation, useChannelQuery } from '../../api/queries';
import { ErrorPanel, Skeleton, View } from '../../components';
import type { ViewProps } from '../../shell/views';
import { AlertLog } from './AlertLog';
import { PriceAlertForm } from './PriceAlertForm';
import { PriceAlertList } from './PriceAlertList';
import './priceAlerts.css';

/** The value beside each line is the main process's last one; read again this often while open. */
const LIST_REFRESH_MS = 2_000;

/**
 * Alerts in one place: the alerts a person sets (market price, distance to liquidation, margin
 * fraction) with their form, and below them the log of every alert that fired this run.
 */
export function AlertsView({ account }: ViewProps) {
  const { accounts } = useAccounts();
  const queryClient = useQueryClient();
  const list = useChannelQuery('priceAlerts.list', {}, { refetchInterval: LIST_REFRESH_MS });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: channelQueryKey('priceAlerts.list', {}) });
  useBridgeEvent('priceAlerts.changed', refresh);
  const [editing, setEditing] = useState<PriceAlert | null>(null);
  const [formKey, setFormKey] = useState(0);
  const remove = useChannelMutation('priceAlerts.delete', { invalidates: ['priceAlerts.list'] });
  const done = () => {
    setEditing(null);
    setFormKey((k) => k + 1);
  };

  return (
    <View name="price-alerts" title={t`Alerts`} subtitle={t`Be told when a price, a position’s distance to liquidation or a margin fraction crosses your line, once per crossing.`}>
      <PriceAlertForm key={`${formKey}-${editing?.id ?? 'new'}`} accounts={accounts} defaultAccountId={account.id} editing={editing} onDone={done} />
      {list.error ? (
        <ErrorPanel error={list.error.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Skeleton rows={3} />
      ) : (
        <>
          {!list.data.available ? <p className="price-alerts__notice" role="status">{t`The app’s database is not open, so alerts cannot be kept. Restart the app to try again.`}</p> : null}
          {list.data.unreadable.length > 0 ? (
            <div className="price-alerts__notice" role="status">
              <p>{plural(list.data.unreadable.length, { one: 'One kept alert could not be read; it is left as it was.', other: '# kept alerts could not be read; they are left as they were.' })}</p>
              <ul>
                {list.data.unreadable.map((u) => (
                  <li key={u.id}>
                    <code>{u.id}</code>{' '}
                    <button type="button" className="button button--ghost button--small" onClick={() => remove.mutate({ id: u.id })}>
                      {t`Delete it`}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <PriceAlertList alerts={list.data.alerts} accounts={accounts} editingId={editing?.id ?? null} onEdit={setEditing} />
        </>
      )}
      <AlertLog />
    </View>
  );
}
