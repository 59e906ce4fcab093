import { t } from '@lingui/core/macro';
import { useState, type FormEvent } from 'react';
import { CHANNELS, type RequestOf } from '../../../shared/ipc';
import type { AccountSummary } from '../../../shared/model/accounts';
import { useChannelMutation } from '../../api/queries';
import { ErrorPanel } from '../../components';
import { AccountPlaceFields, placeRequest, type AccountPlace } from './AccountPlaceFields';
import { fieldErrorsFromAppError, fieldErrorsFromIssues, type FieldErrors } from './fieldErrors';

/**
 * Rename an account or move it to another server, checked by the same rules as a new account. The
 * key and secret stay as they are; a new server makes the app build a fresh client for it.
 */
export function EditAccountForm({ account, onDone }: { account: AccountSummary; onDone: () => void }) {
  const [place, setPlace] = useState<AccountPlace>({ name: account.name, region: account.region, baseUrl: account.region === 'custom' ? account.baseUrl : '' });
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const update = useChannelMutation('accounts.update', { invalidates: ['accounts.list'], onSuccess: onDone });
  const errors: FieldErrors = { ...fieldErrorsFromAppError(update.error?.error ?? null), ...localErrors };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const payload: RequestOf<'accounts.update'> = { accountId: account.id, ...placeRequest(place) };
    const checked = CHANNELS['accounts.update'].request.safeParse(payload);
    if (!checked.success) {
      setLocalErrors(fieldErrorsFromIssues(checked.error.issues));
      return;
    }
    // The channel lets an edit keep the stored custom address; here the field is shown, so it must be filled.
    if (place.region === 'custom' && place.baseUrl.trim() === '') {
      setLocalErrors({ baseUrl: ['A custom region needs a base URL'] });
      return;
    }
    setLocalErrors({});
    update.mutate(payload);
  }

  return (
    <form className="form" onSubmit={onSubmit} aria-label={t`Edit ${account.name}`} noValidate>
      <div className="form__grid">
        <AccountPlaceFields place={place} onChange={setPlace} errors={errors} />
      </div>
      <div className="toolbar">
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {update.isPending ? t`Saving…` : t`Save`}
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t`Cancel`}
        </button>
      </div>
      {update.error && !update.error.error.fields ? <ErrorPanel error={update.error.error} compact /> : null}
    </form>
  );
}
