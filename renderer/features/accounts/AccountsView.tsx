import type { AccountSummary } from '../../../shared/ipc';

export function AccountsView({ account }: { account: AccountSummary }) {
  return <p>Accounts for {account.name}</p>;
}
