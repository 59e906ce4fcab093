import { t } from '@lingui/core/macro';
import type { ResponseOf } from '../../../shared/ipc';
import { Combobox, Field, TextInputField } from '../../components';
import { formatLocales } from '../../i18n';
import { countryOptions } from './countries';
import { VASP_NOT_LISTED, type FieldName, type FormValues, type TextField } from './formModel';

export type VaspList = ResponseOf<'withdrawals.vasps'>;

/**
 * Travel Rule details for a crypto withdrawal from an EEA account (docs/exchange-api.md "Withdraw-pay request"):
 * who receives the funds and, for a hosted wallet, on which platform. The words are ours.
 */
export function TravelRuleFields(props: {
  values: FormValues;
  set: (field: TextField, value: string) => void;
  setVasp: (vaspId: string) => void;
  errorFor: (field: FieldName) => string | undefined;
  blur: (field: FieldName) => void;
  vasps: VaspList | undefined;
  vaspsLoading: boolean;
}) {
  const { values, set, errorFor, blur, vasps } = props;
  const listed = vasps?.available && vasps.vasps.length > 0 ? vasps.vasps : null;
  const typingName = !listed || values.vaspId === VASP_NOT_LISTED;
  const text = (field: TextField & FieldName, label: string, hint?: string) => (
    <TextInputField key={field} label={label} hint={hint} error={errorFor(field)} value={values[field]} onChange={(value) => set(field, value)} onBlur={() => blur(field)} />
  );
  const countries = countryOptions(formatLocales());
  const country = (field: 'residenceCountry' | 'addrCountry', label: string) => {
    const value = values[field];
    // A code from an older draft that is not in the list stays visible, so nothing is lost silently.
    const options = value && !countries.some((c) => c.value === value) ? [{ value, label: value }, ...countries] : countries;
    return (
      <Combobox
        key={field}
        label={label}
        error={errorFor(field)}
        hint={t`Type the country’s name or its code.`}
        placeholder={t`Search countries…`}
        options={options}
        noMatch={t`No country matches.`}
        value={value}
        onChange={(code) => set(field, code)}
        onBlur={() => blur(field)}
      />
    );
  };

  return (
    <fieldset className="card__section withdraw-form__extras" aria-labelledby="travel-rule-title" data-testid="travel-rule-section">
      <legend className="withdraw-form__title" id="travel-rule-title">
        {t`Travel Rule details`}
      </legend>
      <p className="field__hint">
        {t`This is an EEA account: for crypto withdrawals the exchange must know who receives the funds (EU Travel Rule). These details are sent with the withdrawal.`}
      </p>
      <div className="withdraw-form__grid">
        <Field label={t`Receiving wallet`} error={errorFor('walletType')}>
          {(control) => (
            <select {...control} value={values.walletType} onChange={(e) => set('walletType', e.target.value)} onBlur={() => blur('walletType')}>
              <option value="">{t`Choose…`}</option>
              <option value="hosted">{t`Hosted by an exchange or custodian`}</option>
              <option value="unhosted">{t`Unhosted (own hardware or software wallet)`}</option>
            </select>
          )}
        </Field>

        {values.walletType === 'hosted' && listed ? (
          <Field label={t`Receiving platform (VASP)`} error={typingName ? undefined : errorFor('vasp')}>
            {(control) => (
              <select {...control} value={values.vaspId} onChange={(e) => props.setVasp(e.target.value)} onBlur={() => blur('vasp')}>
                <option value="">{t`Choose the platform…`}</option>
                {listed.map((v) => (
                  <option key={v.vaspId} value={v.vaspId}>
                    {v.name}
                  </option>
                ))}
                <option value={VASP_NOT_LISTED}>{t`Not in the list`}</option>
              </select>
            )}
          </Field>
        ) : null}
        {values.walletType === 'hosted' && typingName ? (
          <Field
            label={t`Platform name`}
            error={errorFor('vasp')}
            hint={props.vaspsLoading ? t`Loading the exchange’s list of platforms…` : listed ? t`Type the name of the exchange or custodian.` : vaspListNote(vasps)}
          >
            {(control) => (
              <input {...control} type="text" autoComplete="off" value={values.vaspName} onChange={(e) => set('vaspName', e.target.value)} onBlur={() => blur('vasp')} />
            )}
          </Field>
        ) : null}

        <Field label={t`Beneficiary is`} error={errorFor('beneficiaryType')}>
          {(control) => (
            <select {...control} value={values.beneficiaryType} onChange={(e) => set('beneficiaryType', e.target.value)} onBlur={() => blur('beneficiaryType')}>
              <option value="">{t`Choose…`}</option>
              <option value="individual">{t`A person`}</option>
              <option value="entity">{t`A company or organisation`}</option>
            </select>
          )}
        </Field>
        {values.beneficiaryType === 'individual' ? (
          <>
            {text('trFirstName', t`First name`)}
            {text('trLastName', t`Last name`)}
          </>
        ) : null}
        {values.beneficiaryType === 'entity' ? text('trFullName', t`Full legal name`) : null}
        {country('residenceCountry', t`Country of residence`)}
        {country('addrCountry', t`Country`)}
        {text('addrCity', t`City`)}
        {text('addrLine1', t`Street address`)}
        {text('addrPostCode', t`Post code (optional)`)}
      </div>
    </fieldset>
  );
}

/** Why the platform list is missing or short, when it is. */
function vaspListNote(vasps: VaspList | undefined): string {
  if (vasps?.regionUnavailable) return t`The exchange keeps no list of platforms for this account’s region. Type the name of the exchange or custodian.`;
  if (vasps && vasps.unreadable > 0) return t`Entries of the exchange’s list that could not be read: ${vasps.unreadable}. Type the name if yours is missing.`;
  return t`Type the name of the exchange or custodian.`;
}
