import { t } from '@lingui/core/macro';
import { useAccounts } from '../../api/queries';
import { useUi } from '../../state/ui';

/**
 * The one "this account or all accounts" choice, shared by Balances and History: until a person
 * picks, every account together once more than one (Demo aside) is set up.
 */
export function useAccountScope(): { realAccounts: number; chosen: boolean | null; setAllAccounts: (all: boolean) => void } {
  const realAccounts = useAccounts().accounts.filter((a) => !a.isDemo).length;
  const chosen = useUi((s) => s.balances.allAccounts);
  const setUi = useUi((s) => s.setBalances);
  return { realAccounts, chosen, setAllAccounts: (all) => setUi({ allAccounts: all }) };
}

export function AccountScopeSelect({ label, ariaLabel, accountName, allAccounts, onChange }: { label: string; ariaLabel: string; accountName: string; allAccounts: boolean; onChange: (all: boolean) => void }) {
  return (
    <label className="field field--inline">
      <span className="field__label">{label}</span>
      <select aria-label={ariaLabel} value={allAccounts ? 'all' : 'active'} onChange={(e) => onChange(e.target.value === 'all')}>
        <option value="active">{accountName}</option>
        <option value="all">{t`All accounts`}</option>
      </select>
    </label>
  );
}
