import { useRef, useState, type FormEvent } from 'react';
import { REGIONS } from '../../../shared/api/endpoints';
import { CHANNELS, type RequestOf } from '../../../shared/ipc';
import { type RegionName } from '../../../shared/model/accounts';
import { ErrorPanel, Field, TextInputField } from '../../components';
import { describeFieldError, fieldErrorsFromAppError, fieldErrorsFromIssues, type FieldErrors } from './fieldErrors';
import { KeyFields, takeSecret } from './KeyFields';
import { PermissionReportView } from './PermissionReportView';
import { useSecretSubmit } from './useSecretSubmit';

const REGION_OPTIONS: ReadonlyArray<{ value: RegionName; label: string }> = [
  { value: 'global', label: `Global (${new URL(REGIONS.global).host})` },
  { value: 'eu', label: `EU (${new URL(REGIONS.eu).host})` },
  { value: 'custom', label: 'Custom' },
];

export function AddAccountForm() {
  const [name, setName] = useState('');
  const [region, setRegion] = useState<RegionName>('global');
  const [baseUrl, setBaseUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const secretRef = useRef<HTMLInputElement | null>(null);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const add = useSecretSubmit('accounts.add');
  const errors: FieldErrors = { ...fieldErrorsFromAppError(add.error), ...localErrors };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    add.reset();
    const payload: RequestOf<'accounts.add'> = {
      name,
      region,
      ...(region === 'custom' && baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {}),
      apiKey,
      // Taking the secret empties its input: it is never left on screen after a submit.
      apiSecret: takeSecret(secretRef),
    };
    const checked = CHANNELS['accounts.add'].request.safeParse(payload);
    if (!checked.success) {
      setLocalErrors(fieldErrorsFromIssues(checked.error.issues));
      return;
    }
    setLocalErrors({});
    const saved = await add.submit(payload);
    if (saved) {
      setName('');
      setApiKey('');
      setBaseUrl('');
    }
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
        <TextInputField label="Name" value={name} maxLength={64} onChange={setName} error={errors.name?.map((m) => describeFieldError('Name', m))} />
        <Field label="Region">
          {(control) => (
            <select {...control} value={region} onChange={(e) => setRegion(e.target.value as RegionName)}>
              {REGION_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {region === 'custom' ? (
          <Field label="Base URL" className="form__wide" error={errors.baseUrl?.map((m) => describeFieldError('Base URL', m))}>
            {(control) => <input {...control} type="url" placeholder="https://…" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} />}
          </Field>
        ) : null}
        <KeyFields apiKey={apiKey} onApiKeyChange={setApiKey} secretRef={secretRef} errors={errors} />
      </div>
      <div className="toolbar">
        <button type="submit" className="button button--primary" disabled={add.pending}>
          {add.pending ? 'Testing…' : 'Test & save'}
        </button>
      </div>
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
