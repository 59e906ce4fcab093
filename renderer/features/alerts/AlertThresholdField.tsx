import { t } from '@lingui/core/macro';
import { useState } from 'react';
import type { AccountSummary } from '../../../shared/model/accounts';
import { AlertThreshold } from '../../../shared/model/alerts';
import { useChannelMutation } from '../../api/queries';
import { ErrorPanel, Field } from '../../components';
import { describeFieldError, fieldErrorsFromAppError } from '../accounts/fieldErrors';


/**
 * The account's distance alert: empty switches it off; otherwise checked here with the contract's
 * own rule (0 < t ≤ 50, 2 decimals) before it is sent, and again by the main process.
 */
export function AlertThresholdField({ account }: { account: AccountSummary }) {
  const [text, setText] = useState(account.alertThresholdPercent ?? '');
  const [localError, setLocalError] = useState<string | undefined>(undefined);
  const update = useChannelMutation('accounts.update', { invalidates: ['accounts.list'] });
  const serverErrors = fieldErrorsFromAppError(update.error?.error ?? null).alertThresholdPercent;
  const error = localError ?? serverErrors?.map((m) => describeFieldError(t`The threshold`, m));

  const save = () => {
    const trimmed = text.trim();
    let value: string | null = null;
    if (trimmed !== '') {
      const parsed = AlertThreshold.safeParse(trimmed);
      if (!parsed.success) {
        setLocalError(describeFieldError(t`The threshold`, parsed.error.issues[0]?.message ?? 'invalid'));
        return;
      }
      value = parsed.data;
    }
    setLocalError(undefined);
    update.mutate({ accountId: account.id, alertThresholdPercent: value });
  };

  const saved = (account.alertThresholdPercent ?? '') === text.trim();
  return (
    <form
      className="alert-threshold"
      aria-label={t`Distance alert for ${account.name}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Field
        label={t`Alert below distance to liquidation (%)`}
        error={error}
        hint={account.notifyPositions ? t`Empty: no distance alert. Alerts once per crossing; again after the distance is 1 point above it.` : t`Takes effect once notifications are on for this account.`}
      >
        {(control) => <input {...control} className="input" inputMode="decimal" placeholder={t`e.g. 10`} value={text} maxLength={6} onChange={(e) => setText(e.target.value)} />}
      </Field>
      <button type="submit" className="button" disabled={update.isPending || saved}>
        {update.isPending ? t`Saving…` : t`Save`}
      </button>
      {update.error && !serverErrors ? <ErrorPanel error={update.error.error} compact /> : null}
    </form>
  );
}
