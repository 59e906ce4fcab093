import { t } from '@lingui/core/macro';
import { useRef, useState, type FormEvent } from 'react';
import { CHANNELS, type RequestOf } from '../../../shared/ipc';
import { type AccountSummary } from '../../../shared/model/accounts';
import { ErrorPanel } from '../../components';
import { fieldErrorsFromAppError, fieldErrorsFromIssues, type FieldErrors } from './fieldErrors';
import { clearSecret, KeyFields, readSecret } from './KeyFields';
import { PermissionReportView } from './PermissionReportView';
import { useSecretSubmit } from './useSecretSubmit';

export function ReplaceKeyForm({ account, onCancel }: { account: AccountSummary; onCancel(): void }) {
  const [apiKey, setApiKey] = useState('');
  const secretRef = useRef<HTMLInputElement | null>(null);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const setKey = useSecretSubmit('accounts.setKey');
  const errors: FieldErrors = { ...fieldErrorsFromAppError(setKey.error), ...localErrors };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setKey.reset();
    const payload: RequestOf<'accounts.setKey'> = { accountId: account.id, apiKey, apiSecret: readSecret(secretRef) };
    const checked = CHANNELS['accounts.setKey'].request.safeParse(payload);
    if (!checked.success) {
      setLocalErrors(fieldErrorsFromIssues(checked.error.issues));
      return;
    }
    setLocalErrors({});
    if (await setKey.submit(payload)) {
      clearSecret(secretRef);
      setApiKey('');
    }
  }

  return (
    <form className="form replace-key" onSubmit={onSubmit} aria-label={t`Replace key of ${account.name}`} noValidate>
      <div className="form__grid">
        <KeyFields apiKey={apiKey} onApiKeyChange={setApiKey} secretRef={secretRef} errors={errors} />
      </div>
      <div className="toolbar">
        <button type="submit" className="button button--primary" disabled={setKey.pending}>
          {setKey.pending ? t`Testing…` : t`Test & save`}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {setKey.result ? t`Close` : t`Cancel`}
        </button>
      </div>
      {setKey.error && !(setKey.error.kind === 'validation' && setKey.error.fields) ? <ErrorPanel error={setKey.error} /> : null}
      {setKey.result ? (
        <div className="form__result" role="status">
          <p className="form__success">{t`Key replaced. The new secret is in your system keychain.`}</p>
          <PermissionReportView report={setKey.result.report} />
        </div>
      ) : null}
    </form>
  );
}
