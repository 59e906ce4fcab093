import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../shared/ipc';
import type { AccountSummary } from '../../../shared/model/accounts';
import { channelQueryKey, useChannelMutation } from '../../api/queries';
import { ErrorPanel } from '../../components';

/**
 * The per-account opt-in, stored with the account (accounts.update). The main process watches and
 * notifies (a desktop notification in the app, an alert in the page in browser mode).
 */
export function NotifyToggle({ account }: { account: AccountSummary }) {
  const queryClient = useQueryClient();
  const update = useChannelMutation('accounts.update', {
    invalidates: ['accounts.list'],
    // Put the saved account in the cache at once, so the box does not flick back while the list reloads.
    onSuccess: (saved) => {
      queryClient.setQueryData<ResponseOf<'accounts.list'>>(channelQueryKey('accounts.list', {}), (list) =>
        list ? { ...list, accounts: list.accounts.map((a) => (a.id === saved.id ? saved : a)) } : list,
      );
    },
  });
  // Set in the click itself so the box never snaps back while the save is on its way (the
  // mutation's pending state arrives a tick later); cleared when the save settles.
  const [choice, setChoice] = useState<boolean | null>(null);
  const checked = choice ?? account.notifyPositions;

  const onChange = (wanted: boolean) => {
    setChoice(wanted);
    update.mutate({ accountId: account.id, notifyPositions: wanted }, { onSettled: () => setChoice(null) });
  };

  return (
    <div className="notify-toggle">
      <label className="checkbox">
        <input type="checkbox" checked={checked} disabled={update.isPending} onChange={(e) => onChange(e.target.checked)} />
        {t`Notify me when a position enters margin call or liquidation`}
      </label>
      {update.error ? <ErrorPanel error={update.error.error} compact /> : null}
    </div>
  );
}
