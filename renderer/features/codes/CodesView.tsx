import type { AccountSummary } from '../../../shared/ipc';

export function CodesView({ account }: { account: AccountSummary }) {
  return <p>Codes for {account.name}</p>;
}
