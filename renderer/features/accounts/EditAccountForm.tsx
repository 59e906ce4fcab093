import { useState, type FormEvent } from 'react';
import { CHANNELS, type RequestOf } from '../../../shared/ipc';
import type { AccountSummary, RegionName } from '../../../shared/model/accounts';
import { useChannelMutation } from '../../api/queries';
import { ErrorPanel } from '../../components';
import { REGION_OPTIONS } from './AddAccountForm';
import { describeFieldError, fieldErrorsFromAppError, fieldErrorsFromIssues, type FieldErrors } from './fieldErrors';

/**
 * Rename an account or move it to another server, checked by the same rules as a new account. The
 * key and secret stay as they are; a new server makes the app build a fresh client for it.
 */
export function EditAccountForm({ account, onDone }: { account: AccountSummary; onDone: () => void }) {
  const [name, setName] = useState(account.name);
  const [region, setRegion] = useState<RegionName>(account.region);
  const [baseUrl, setBaseUrl] = useState(account.region === 'custom' ? account.baseUrl : '');
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const update = useChannelMutation('accounts.update', { invalidates: ['accounts.list'], onSuccess: onDone });
  const errors: FieldErrors = { ...fieldErrorsFromAppError(update.error?.error ?? null), ...localErrors };
  const id = (field: string) => `edit-${account.id}-${field}`;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const payload: RequestOf<'accounts.update'> = {
      accountId: account.id,
      name,
      region,
      ...(region === 'custom' ? { baseUrl: baseUrl.trim() } : {}),
    };
    const checked = CHANNELS['accounts.update'].request.safeParse(payload);
    if (!checked.success) {
      setLocalErrors(fieldErrorsFromIssues(checked.error.issues));
      return;
    }
    if (region === 'custom' && baseUrl.trim() === '') {
      setLocalErrors({ baseUrl: ['A custom region needs a base URL'] });
      return;
    }
    setLocalErrors({});
    update.mutate(payload);
  }

  return (
    <form className="form" onSubmit={onSubmit} aria-label={`Edit ${account.name}`} noValidate>
      <div className="form__grid">
        <div className="field">
          <label className="field__label" htmlFor={id('name')}>
            Name
          </label>
          <input id={id('name')} type="text" value={name} maxLength={64} aria-invalid={Boolean(errors.name)} onChange={(e) => setName(e.target.value)} />
          {errors.name?.map((m) => (
            <span key={m} className="field__error">
              {describeFieldError('Name', m)}
            </span>
          ))}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={id('region')}>
            Region
          </label>
          <select id={id('region')} value={region} onChange={(e) => setRegion(e.target.value as RegionName)}>
            {REGION_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        {region === 'custom' ? (
          <div className="field form__wide">
            <label className="field__label" htmlFor={id('base-url')}>
              Base URL
            </label>
            <input id={id('base-url')} type="url" placeholder="https://…" value={baseUrl} aria-invalid={Boolean(errors.baseUrl)} onChange={(e) => setBaseUrl(e.target.value)} />
            {errors.baseUrl?.map((m) => (
              <span key={m} className="field__error">
                {describeFieldError('Base URL', m)}
              </span>
            ))}
          </div>
        ) : null}
      </div>
      <div className="toolbar">
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
      {update.error && !update.error.error.fields ? <ErrorPanel error={update.error.error} compact /> : null}
    </form>
  );
}
