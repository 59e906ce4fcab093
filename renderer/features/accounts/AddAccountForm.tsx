import { useState, type FormEvent } from 'react';
import { ErrorPanel, FormActions } from '../../components';
import { AccountPlaceFields, placeRequest, type AccountPlace } from './AccountPlaceFields';
import { KeyFields } from './KeyFields';
import { PermissionReportView } from './PermissionReportView';
import { useSecretSubmit } from './useSecretSubmit';

export function AddAccountForm() {
  const [place, setPlace] = useState<AccountPlace>({ name: '', region: 'global', baseUrl: '' });
  const add = useSecretSubmit('accounts.add');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (await add.send(placeRequest(place))) setPlace({ name: '', region: place.region, baseUrl: '' });
  }

  return (
    <form className="card card__section form" onSubmit={onSubmit} aria-labelledby="add-account-title" noValidate>
      <h2 className="section-title" id="add-account-title">
        Add an account
      </h2>
      <p className="field__hint">
        Create an API key in the exchange&rsquo;s API settings. A read-only key is enough for balances, codes and positions; withdrawals need the
        withdrawal permission.
      </p>
      <div className="form__grid">
        <AccountPlaceFields place={place} onChange={setPlace} errors={add.errors} />
        <KeyFields {...add.keyFields} />
      </div>
      <FormActions submit={add.pending ? 'Testing…' : 'Test & save'} disabled={add.pending} />
      {add.error && add.error.kind !== 'validation' ? <ErrorPanel error={add.error} /> : null}
      {add.error?.kind === 'validation' && !add.error.fields ? <ErrorPanel error={add.error} /> : null}
      {add.result ? (
        <div className="form__result" role="status">
          <p className="form__success">Saved &ldquo;{add.result.account.name}&rdquo;. The secret is in your system keychain.</p>
          <PermissionReportView report={add.result.report} title={`What the key for ${add.result.account.name} can reach`} />
        </div>
      ) : null}
    </form>
  );
}
