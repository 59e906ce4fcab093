import { t } from '@lingui/core/macro';
import type { ExtrasRequired } from '../../../shared/api/withdrawRequest';
import { TextInputField } from '../../components';
import type { FieldName, FormValues, TextField } from './formModel';

/**
 * The payout fields the chosen fiat provider requires (docs/exchange-api.md): beneficiary for USD/EUR, the bank
 * BIC for SEPA-type providers, the customer's IP for USD/EUR via VISAMASTER. Each appears only when
 * required. The words are ours.
 */
export function FiatFields(props: {
  required: ExtrasRequired;
  values: FormValues;
  set: (field: TextField, value: string) => void;
  errorFor: (field: FieldName) => string | undefined;
  blur: (field: FieldName) => void;
}) {
  const { required, values, set, errorFor, blur } = props;
  if (!required.beneficiary && !required.bankBic && !required.customerIp) return null;
  const text = (field: 'fiatFirstName' | 'fiatLastName' | 'bankBic', label: string, hint?: string) => (
    <TextInputField key={field} label={label} hint={hint} error={errorFor(field)} value={values[field]} onChange={(value) => set(field, value)} onBlur={() => blur(field)} />
  );
  return (
    <fieldset className="card__section withdraw-form__extras" aria-labelledby="fiat-fields-title" data-testid="fiat-fields">
      <legend className="withdraw-form__title" id="fiat-fields-title">
        {t`Payout details`}
      </legend>
      <p className="field__hint">{t`The payment provider needs these details for this payout.`}</p>
      <div className="withdraw-form__grid">
        {required.beneficiary ? (
          <>
            {text('fiatFirstName', t`Beneficiary first name`, t`As on the bank account or card; Latin letters.`)}
            {text('fiatLastName', t`Beneficiary last name`)}
          </>
        ) : null}
        {required.bankBic ? text('bankBic', t`Bank BIC (SWIFT)`, t`8 or 11 characters, e.g. DEUTDEFF.`) : null}
        {required.customerIp ? (
          <TextInputField
            label={t`Your IP address`}
            className="withdraw-form__wide"
            hint={<CustomerIpHelp />}
            error={errorFor('customerIp')}
            value={values.customerIp}
            onChange={(value) => set('customerIp', value)}
            onBlur={() => blur('customerIp')}
          />
        ) : null}
      </div>
    </fieldset>
  );
}

/** What the card provider's "customer IP" is, why it is asked, and how to find it: people rarely know. */
function CustomerIpHelp() {
  return (
    <span data-testid="customer-ip-help">
      {t`The public IP address of the internet connection you use now: the address websites see, such as 203.0.113.7 or 2001:db8::7, not a home-network one starting 192.168. or 10.`}{' '}
      {t`Why: the card provider checks card payouts for fraud and compares it with where the card holder usually is; the exchange passes it on and the payout is refused without it.`}{' '}
      {t`How to find it: your router’s status page shows it as the WAN or internet address, or search “what is my IP” in a browser on this connection.`}
    </span>
  );
}
