import { t } from '@lingui/core/macro';
import { useRef, useState, type FormEvent } from 'react';
import { CHANNELS, type RequestOf } from '../../../shared/ipc';
import { ErrorPanel } from '../../components';
import { AccountPlaceFields, placeRequest, type AccountPlace } from './AccountPlaceFields';
import { fieldErrorsFromAppError, fieldErrorsFromIssues, type FieldErrors } from './fieldErrors';
import { clearSecret, KeyFields, readSecret } from './KeyFields';
import { PermissionReportView } from './PermissionReportView';
import { useSecretSubmit } from './useSecretSubmit';

export function AddAccountForm() {
  const [place, setPlace] = useState<AccountPlace>({ name: '', region: 'global', baseUrl: '' });
  const [apiKey, setApiKey] = useState('');
  const secretRef = useRef<HTMLInputElement | null>(null);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const add = useSecretSubmit('accounts.add');
  const errors: FieldErrors = { ...fieldErrorsFromAppError(add.error), ...localErrors };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    add.reset();
    const payload: RequestOf<'accounts.add'> = {
      ...placeRequest(place),
      apiKey,
      apiSecret: readSecret(secretRef),
    };
    const checked = CHANNELS['accounts.add'].request.safeParse(payload);
    if (!checked.success) {
      setLocalErrors(fieldErrorsFromIssues(checked.error.issues));
      return;
    }
    setLocalErrors({});
    const saved = await add.submit(payload);
    if (saved) {
      clearSecret(secretRef);
      setPlace({ name: '', region: place.region, baseUrl: '' });
      setApiKey('');
    }
  }

  return (
    <form className="card card__section form" onSubmit={onSubmit} aria-labelledby="add-account-title" noValidate>
      <h2 className="section-title" id="add-account-title">
        {t`Add an account`}
      </h2>
      <p className="field__hint">
        {t`Create an API key in the exchange’s API settings. A read-only key is enough for balances, codes and positions; withdrawals need the withdrawal permission.`}
      </p>
      <div className="form__grid">
        <AccountPlaceFields place={place} onChange={setPlace} errors={errors} />
        <KeyFields apiKey={apiKey} onApiKeyChange={setApiKey} secretRef={secretRef} errors={errors} />
      </div>
      <div className="toolbar">
        <button type="submit" className="button button--primary" disabled={add.pending}>
          {add.pending ? t`Testing…` : t`Test & save`}
        </button>
      </div>
      {add.error && add.error.kind !== 'validation' ? <ErrorPanel error={add.error} /> : null}
      {add.error?.kind === 'validation' && !add.error.fields ? <ErrorPanel error={add.error} /> : null}
      {add.result ? (
        <div className="form__result" role="status">
          <p className="form__success">{t`Saved “${add.result.account.name}”. The secret is in your system keychain.`}</p>
          <PermissionReportView report={add.result.report} title={t`What the key for ${add.result.account.name} can reach`} />
        </div>
      ) : null}
    </form>
  );
}
