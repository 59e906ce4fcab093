import { useRef, useState, type FormEvent } from 'react';
import type { RequestOf } from '../../../shared/ipc';
import { type AccountSummary } from '../../../shared/model/accounts';
import { ErrorPanel, FormActions } from '../../components';
import { useRequestCheck } from './fieldErrors';
import { clearSecret, KeyFields, readSecret } from './KeyFields';
import { PermissionReportView } from './PermissionReportView';
import { useSecretSubmit } from './useSecretSubmit';

export function ReplaceKeyForm({ account, onCancel }: { account: AccountSummary; onCancel(): void }) {
  const [apiKey, setApiKey] = useState('');
  const secretRef = useRef<HTMLInputElement | null>(null);
  const setKey = useSecretSubmit('accounts.setKey');
  const { errors, check } = useRequestCheck('accounts.setKey', setKey.error);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setKey.reset();
    const payload: RequestOf<'accounts.setKey'> = { accountId: account.id, apiKey, apiSecret: readSecret(secretRef) };
    if (!check(payload)) return;
    if (await setKey.submit(payload)) {
      clearSecret(secretRef);
      setApiKey('');
    }
  }

  return (
    <form className="form replace-key" onSubmit={onSubmit} aria-label={`Replace key of ${account.name}`} noValidate>
      <div className="form__grid">
        <KeyFields apiKey={apiKey} onApiKeyChange={setApiKey} secretRef={secretRef} errors={errors} />
      </div>
      <FormActions submit={setKey.pending ? 'Testing…' : 'Test & save'} disabled={setKey.pending} cancel={setKey.result ? 'Close' : 'Cancel'} onCancel={onCancel} />
      {setKey.error && !(setKey.error.kind === 'validation' && setKey.error.fields) ? <ErrorPanel error={setKey.error} /> : null}
      {setKey.result ? (
        <div className="form__result" role="status">
          <p className="form__success">Key replaced. The new secret is in your system keychain.</p>
          <PermissionReportView report={setKey.result.report} />
        </div>
      ) : null}
    </form>
  );
}
