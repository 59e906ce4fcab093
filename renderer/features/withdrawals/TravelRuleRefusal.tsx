import { t } from '@lingui/core/macro';
import type { AppError } from '../../../shared/errors';
import type { AccountSummary } from '../../../shared/model/accounts';
import { useChannelMutation } from '../../api/queries';
import { ErrorPanel } from '../../components';

/** The exchange refused a withdrawal for want of Travel Rule details (a field error on `travelRule` or below it). */
export function isTravelRuleRefusal(error: AppError | null | undefined): boolean {
  if (!error || error.kind !== 'validation') return false;
  return Object.keys(error.fields ?? {}).some((path) => path === 'travelRule' || path.startsWith('travelRule.'));
}

/**
 * The exchange treats the account as an EEA one (docs/exchange-api.md "Withdraw-pay request") but the
 * person has not ticked "EEA account", so the form never asked for Travel Rule details. Says so, and
 * offers to tick it here; `onTicked` then brings the form back, now with the Travel Rule section.
 */
export function TravelRuleRefusal({ account, onTicked }: { account: AccountSummary; onTicked: () => void }) {
  const tick = useChannelMutation('accounts.update', { invalidates: ['accounts.list'], onSuccess: onTicked });
  if (account.eea) return null;
  return (
    <div className="withdraw-alert" role="alert" data-testid="travel-rule-refusal">
      <p>
        {t`The exchange wants Travel Rule details (who receives the funds) with crypto withdrawals from this account: it is an account of the European Economic Area (EEA). The form asks for these details only when “EEA account” is ticked for the account on the Accounts page, and it is not ticked for ${account.name}.`}
      </p>
      <p>
        <button type="button" className="button button--primary" disabled={tick.isPending} onClick={() => tick.mutate({ accountId: account.id, eea: true })}>
          {tick.isPending ? t`Saving…` : t`Tick “EEA account” and fill in the details`}
        </button>
      </p>
      {tick.error ? <ErrorPanel error={tick.error.error} compact /> : null}
    </div>
  );
}
