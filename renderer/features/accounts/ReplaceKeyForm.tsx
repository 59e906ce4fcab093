import { t } from '@lingui/core/macro';
import type { FormEvent } from 'react';
import { type AccountSummary } from '../../../shared/model/accounts';
import { FormActions } from '../../components';
import { KeyFields } from './KeyFields';
import { KeyRefusal } from './KeyRefusal';
import { PermissionReportView } from './PermissionReportView';
import { useSecretSubmit } from './useSecretSubmit';

export function ReplaceKeyForm({ account, onCancel }: { account: AccountSummary; onCancel(): void }) {
  const setKey = useSecretSubmit('accounts.setKey');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void setKey.send({ accountId: account.id });
  }

  return (
    <form className="form replace-key" onSubmit={onSubmit} aria-label={t`Replace key of ${account.name}`} noValidate>
      <div className="form__grid">
        <KeyFields {...setKey.keyFields} />
      </div>
      <FormActions submit={setKey.pending ? t`Testing…` : t`Test & save`} disabled={setKey.pending} cancel={setKey.result ? t`Close` : t`Cancel`} onCancel={onCancel} />
      {setKey.error && !(setKey.error.kind === 'validation' && setKey.error.fields) ? <KeyRefusal error={setKey.error} /> : null}
      {setKey.result ? (
        <div className="form__result" role="status">
          <p className="form__success">{t`Key replaced. The new secret is in your system keychain.`}</p>
          <PermissionReportView report={setKey.result.report} />
        </div>
      ) : null}
    </form>
  );
}
