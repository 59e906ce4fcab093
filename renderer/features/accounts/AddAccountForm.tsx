import { t } from '@lingui/core/macro';
import { useState, type FormEvent } from 'react';
import { FormActions } from '../../components';
import { AccountPlaceFields, placeRequest, type AccountPlace } from './AccountPlaceFields';
import { KeyFields } from './KeyFields';
import { KeyRefusal } from './KeyRefusal';
import { PermissionReportView } from './PermissionReportView';
import { useSecretSubmit } from './useSecretSubmit';

/**
 * The result and its permission report appear below the emptied form, often below the fold: the
 * person is taken to them (focus for keyboards and screen readers, scroll for eyes). Module-level, so
 * the ref runs once per result, not on each render.
 */
function bringIntoView(element: HTMLElement | null): void {
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView?.({ block: 'start' });
}

export function AddAccountForm() {
  const [place, setPlace] = useState<AccountPlace>({ name: '', region: 'global', baseUrl: '' });
  const add = useSecretSubmit('accounts.add');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (await add.send(placeRequest(place))) setPlace({ name: '', region: place.region, baseUrl: '' });
    // A field the check refused (an address ending in /api/v4) takes the focus, so its words are read and in sight.
    else requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
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
        <AccountPlaceFields place={place} onChange={setPlace} errors={add.errors} />
        <KeyFields {...add.keyFields} />
      </div>
      <FormActions submit={add.pending ? t`Testing…` : t`Test & save`} disabled={add.pending} />
      {/* A refused add stores nothing: the account is saved only after its key passed the test. */}
      {add.error && !(add.error.kind === 'validation' && add.error.fields) ? <KeyRefusal error={add.error} /> : null}
      {add.result ? (
        <div className="form__result" role="status" tabIndex={-1} ref={bringIntoView} key={add.result.account.id} data-testid="add-account-result" aria-label={t`Result of adding ${add.result.account.name}`}>
          <p className="form__success">{t`Saved “${add.result.account.name}”. The secret is in your system keychain.`}</p>
          <PermissionReportView report={add.result.report} title={t`What the key for ${add.result.account.name} can reach`} />
        </div>
      ) : null}
    </form>
  );
}
