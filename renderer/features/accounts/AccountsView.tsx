import { t } from '@lingui/core/macro';
import type { AccountSummary } from '../../../shared/model/accounts';
import { useAccounts } from '../../api/queries';
import { EmptyState, ErrorPanel, Skeleton, View } from '../../components';
import { AccountCard } from './AccountCard';
import { AddAccountForm } from './AddAccountForm';
import './accounts.css';

/** Works without any account too: it is where the first one is added. */
export function AccountsView(_props: { account: AccountSummary | null }) {
  const { accounts, activeAccountId, query } = useAccounts();
  return (
    <View name="accounts" title={t`Accounts`} subtitle={t`API keys this app uses. Secrets live only in your system keychain and are never shown again.`}>
      {query.isPending ? (
        <Skeleton rows={3} label={t`Loading accounts`} />
      ) : query.error ? (
        <ErrorPanel error={query.error.error} onRetry={() => void query.refetch()} />
      ) : accounts.length === 0 ? (
        <div className="card">
          <EmptyState title={t`No accounts yet`}>{t`Add your first API key below.`}</EmptyState>
        </div>
      ) : (
        <ul className="account-list" aria-label={t`Accounts`}>
          {accounts.map((a) => (
            <AccountCard key={a.id} account={a} isActive={a.id === activeAccountId} />
          ))}
        </ul>
      )}
      <AddAccountForm />
    </View>
  );
}
