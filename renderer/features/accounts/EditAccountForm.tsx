import { useState, type FormEvent } from 'react';
import type { RequestOf } from '../../../shared/ipc';
import type { AccountSummary } from '../../../shared/model/accounts';
import { useChannelMutation } from '../../api/queries';
import { ErrorPanel, FormActions } from '../../components';
import { AccountPlaceFields, placeRequest, type AccountPlace } from './AccountPlaceFields';
import { useRequestCheck } from './fieldErrors';

/**
 * Rename an account or move it to another server, checked by the same rules as a new account. The
 * key and secret stay as they are; a new server makes the app build a fresh client for it.
 */
export function EditAccountForm({ account, onDone }: { account: AccountSummary; onDone: () => void }) {
  const [place, setPlace] = useState<AccountPlace>({ name: account.name, region: account.region, baseUrl: account.region === 'custom' ? account.baseUrl : '' });
  const update = useChannelMutation('accounts.update', { invalidates: ['accounts.list'], onSuccess: onDone });
  const { errors, check, setLocalErrors } = useRequestCheck('accounts.update', update.error?.error ?? null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const payload: RequestOf<'accounts.update'> = { accountId: account.id, ...placeRequest(place) };
    if (!check(payload)) return;
    // The channel lets an edit keep the stored custom address; here the field is shown, so it must be filled.
    if (place.region === 'custom' && place.baseUrl.trim() === '') {
      setLocalErrors({ baseUrl: ['A custom region needs a base URL'] });
      return;
    }
    update.mutate(payload);
  }

  return (
    <form className="form" onSubmit={onSubmit} aria-label={`Edit ${account.name}`} noValidate>
      <div className="form__grid">
        <AccountPlaceFields place={place} onChange={setPlace} errors={errors} />
      </div>
      <FormActions submit={update.isPending ? 'Saving…' : 'Save'} disabled={update.isPending} cancel="Cancel" onCancel={onDone} />
      {update.error && !update.error.error.fields ? <ErrorPanel error={update.error.error} compact /> : null}
    </form>
  );
}
