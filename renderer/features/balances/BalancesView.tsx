import type { AccountSummary } from '../../../shared/ipc';

export function BalancesView({ account }: { account: AccountSummary }) {
  return <p>Balances for {account.name}</p>;
}
