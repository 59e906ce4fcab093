import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../shared/ipc';
import type { AccountSummary } from '../../../shared/model/accounts';
import { channelQueryKey, useChannelMutation } from '../../api/queries';
import { ErrorPanel } from '../../components';
import { notificationAccess, requestNotificationAccess, type NotificationAccess } from './desktopNotifications';

const ACCESS_NOTES: Partial<Record<NotificationAccess, string>> = {
  denied: 'Desktop notifications are blocked for this app. Allow them in your system or browser settings; the warning banner in this view still works.',
  unsupported: 'This window cannot show desktop notifications; the warning banner in this view still works.',
};

/** The per-account opt-in, stored with the account (accounts.update), asking for permission on the way in. */
export function NotifyToggle({ account }: { account: AccountSummary }) {
  const [access, setAccess] = useState<NotificationAccess>(() => notificationAccess());
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

  const onChange = async (wanted: boolean) => {
    // Ask while the click still counts as a user gesture; browsers ignore requests made later.
    const permission = wanted ? requestNotificationAccess() : null;
    setChoice(wanted);
    update.mutate({ accountId: account.id, notifyPositions: wanted }, { onSettled: () => setChoice(null) });
    if (permission) setAccess(await permission);
  };

  const note = checked ? ACCESS_NOTES[access] : undefined;
  return (
    <div className="notify-toggle">
      <label className="checkbox">
        <input type="checkbox" checked={checked} disabled={update.isPending} onChange={(e) => void onChange(e.target.checked)} />
        Notify me when a position enters margin call or liquidation
      </label>
      {note ? <p className="field__hint notify-toggle__note">{note}</p> : null}
      {update.error ? <ErrorPanel error={update.error.error} compact /> : null}
    </div>
  );
}
