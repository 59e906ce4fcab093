import { t } from '@lingui/core/macro';
import type { AccountSummary } from '../../../shared/model/accounts';
import { useUi } from '../../state/ui';

/**
 * Whether this account's position alerts are on. They are switched in one place, the account's card
 * in Accounts (with the distance threshold), so this only says so and leads there.
 */
export function AlertsState({ account }: { account: AccountSummary }) {
  const setView = useUi((s) => s.setView);
  return (
    <p className="notify-toggle__note" data-testid="alerts-state">
      {account.notifyPositions ? t`Alerts about margin calls and liquidations are on for this account.` : t`Alerts about margin calls and liquidations are off for this account.`}{' '}
      <button type="button" className="button button--ghost button--small" onClick={() => setView('accounts')}>
        {t`Change in Accounts`}
      </button>
    </p>
  );
}
