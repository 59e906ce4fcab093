import { providerName } from './providerNames';
import { t } from '@lingui/core/macro';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { maxReceivable, memoRequired } from '../../../shared/api/fees';
import { formatAmount } from '../../format/format';
import { FiatFields } from './FiatFields';
import { Combobox, Field, SelectField, TextInputField } from '../../components';
import {
  assetChoices,
  checkForm,
  defaultNetwork,
  errorFieldOf,
  FIELD_NAMES,
  isFiat,
  networkOptions,
  providerChoices,
  type FieldErrors,
  type FieldName,
  type FormCheck,
  type FormValues,
  type MarketData,
  type TextField,
  withdrawalInputs,
} from './formModel';
import { PreviewPanel } from './PreviewPanel';
import { FeeSourceNote } from './FeeSourceNote';
import type { FeeSchedule } from '../../../shared/model/fees';
import { TravelRuleFields, type VaspList } from './TravelRuleFields';
import { readAmountInput } from '../../../shared/money/amountInput';
import { compare } from '../../../shared/money/decimal';

export type { MarketData } from './formModel';

/**
 * The fee-on-top withdrawal form. Errors show on the field they concern once the person has left
 * the field or tried to continue; exchange errors (`serverErrors`) show until that field changes.
 */
export function WithdrawForm(props: {
  values: FormValues;
  onChange: (values: FormValues) => void;
  data: MarketData;
  serverErrors: FieldErrors;
  onServerErrorSeen: (field: FieldName) => void;
  busy: boolean;
  onReview: (check: FormCheck) => void;
  /** Why no withdrawal can be sent with this key; Review stays off and says so. */
  sendBlocked?: string | null;
  general: ReactNode;
  /** EEA account: crypto withdrawals need Travel Rule details. */
  eea: boolean;
  vasps: VaspList | undefined;
  vaspsLoading: boolean;
  /** Whose fee terms the preview uses; absent: not said. */
  feeSchedule?: Pick<FeeSchedule, 'accountSchedule' | 'accountTerms'>;
}) {
  const { values, onChange, data, serverErrors, busy } = props;
  const [touched, setTouched] = useState<Partial<Record<FieldName, true>>>({});
  const [triedSubmit, setTriedSubmit] = useState(false);
  const [maxNote, setMaxNote] = useState<string | null>(null);
  const choices = useMemo(() => assetChoices(data.assets, data.balance), [data.assets, data.balance]);
  const asset = values.ticker ? data.assets[values.ticker] : undefined;
  const networks = useMemo(() => networkOptions(values.ticker, asset, data.fees), [values.ticker, asset, data.fees]);
  const providers = providerChoices(asset);
  const eea = props.eea;
  const check = useMemo(() => checkForm(values, data, { eea }), [values, data, eea]);

  const set = (field: TextField, value: string) => {
    props.onServerErrorSeen(errorFieldOf(field));
    setMaxNote(null);
    // Accepting an unknown fee is for one provider's fee: choosing another provider asks again.
    onChange({ ...values, [field]: value, ...(field === 'provider' || field === 'network' ? { acceptUnknownFee: false } : {}) });
  };
  const setVasp = (vaspId: string) => {
    props.onServerErrorSeen('vasp');
    onChange({ ...values, vaspId });
  };
  const chooseAsset = (ticker: string) => {
    const next = data.assets[ticker];
    // A new asset starts with its default network preselected and no provider or memo carried over.
    for (const field of ['ticker', 'network', 'provider', 'memo', 'amount', 'acceptUnknownFee'] as const) props.onServerErrorSeen(field);
    setMaxNote(null);
    onChange({ ...values, ticker, network: defaultNetwork(next), provider: '', memo: '', acceptUnknownFee: false });
  };
  // An amount that would take the balance below zero is flagged as it is typed: more digits never
  // mend it, and the person should not first hear of it at Review.
  const balanceAfter = check.preview?.preview?.balanceAfter ?? null;
  const overdrawn = balanceAfter !== null && compare(balanceAfter, '0') < 0;
  const errorFor = (field: FieldName): string | undefined =>
    serverErrors[field] ?? (triedSubmit || touched[field] || (field === 'amount' && overdrawn) ? check.errors[field] : undefined);
  const blur = (field: FieldName) => setTouched((t) => ({ ...t, [field]: true }));

  /** The largest amount the balance pays with the fee on top; the preview below then checks it like any amount. */
  const fillMax = () => {
    if (!asset) return;
    const max = maxReceivable(withdrawalInputs(values, data, asset));
    if (!max.ok) {
      setMaxNote(max.reason);
      return;
    }
    set('amount', max.amount);
    blur('amount');
  };

  // A refused Review takes the person to the first problem: in a long form (Travel Rule, card
  // payouts) it may sit below the fold, and a message they cannot see helps nobody.
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.focus({ preventScroll: true });
    first.scrollIntoView?.({ block: 'center' });
  }, [focusRequest]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTriedSubmit(true);
    const blocking = FIELD_NAMES.some((f) => check.errors[f] !== undefined);
    if (blocking) setFocusRequest((n) => n + 1);
    else if (!busy && !props.sendBlocked) props.onReview(check);
  };

  const selected = choices.find((c) => c.ticker === values.ticker);
  const unit = values.ticker || '';

  return (
    <form ref={formRef} className="card withdraw-form" onSubmit={submit} noValidate aria-labelledby="withdraw-form-title">
      <div className="card__section">
        <h2 className="withdraw-form__title" id="withdraw-form-title">
          {t`New withdrawal`}
        </h2>
        <p className="field__hint">{t`Choose what to send and where. The fee is added on top of the amount and taken from your balance.`}</p>
      </div>
      <div className="card__section withdraw-form__grid">
        <Combobox
          label={t`Asset`}
          error={errorFor('ticker')}
          hint={selected ? t`Available: ${formatAmount(selected.balance)} ${selected.ticker}` : t`Type a ticker or a name; assets you hold come first.`}
          placeholder={t`Search assets…`}
          options={choices.map((c) => ({
            value: c.ticker,
            label: `${c.ticker} · ${c.name}`,
            keywords: c.name,
            detail: c.held ? formatAmount(c.balance) : t`none held`,
          }))}
          noMatch={t`No withdrawable asset matches.`}
          value={values.ticker}
          onChange={chooseAsset}
          onBlur={() => blur('ticker')}
        />

        {networks.length > 1 ? (
          <SelectField
            label={t`Network`}
            error={errorFor('network')}
            hint={t`Must match the network of the receiving wallet.`}
            placeholder={t`Choose a network…`}
            options={networks.map((n) => ({
              value: n.network,
              disabled: !n.enabled,
              label: networkLabel(n, n.network === asset?.networks?.default),
            }))}
            value={values.network}
            onChange={(value) => set('network', value)}
            onBlur={() => blur('network')}
          />
        ) : null}

        {isFiat(asset) ? (
          <SelectField
            label={t`Payment provider`}
            error={errorFor('provider')}
            hint={t`Required for fiat currencies.`}
            placeholder={t`Choose a provider…`}
            options={providers.map((p) => ({ value: p, label: providerName(p), title: p }))}
            value={values.provider}
            onChange={(value) => set('provider', value)}
            onBlur={() => blur('provider')}
          />
        ) : null}

        <Field
          label={isFiat(asset) ? t`Card token or account` : t`Receiving address`}
          error={errorFor('address')}
          className="withdraw-form__wide"
          hint={isFiat(asset) ? undefined : [check.addressNote, t`Paste the address; check its first and last characters.`].filter(Boolean).join(' ')}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              className="num withdraw-form__address"
              autoComplete="off"
              spellCheck="false"
              value={values.address}
              onChange={(e) => set('address', e.target.value)}
              onBlur={() => blur('address')}
            />
          )}
        </Field>

        {asset && memoRequired(asset) ? (
          <TextInputField
            label={t`Memo / destination tag`}
            error={errorFor('memo')}
            hint={t`Required for ${unit}: the receiving wallet uses it to credit the funds.`}
            value={values.memo}
            onChange={(value) => set('memo', value)}
            onBlur={() => blur('memo')}
          />
        ) : null}

        <Field label={unit ? t`Amount the receiver gets (${unit})` : t`Amount the receiver gets`} error={errorFor('amount')} hint={maxNote ?? undefined}>
          {(control) => (
            <div className="withdraw-form__amount">
              <input
                {...control}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                className="num"
                placeholder="0.00"
                value={values.amount}
                onChange={(e) => {
                  // The one amount rule (shared/money/amountInput.ts); unreadable text stays as typed for the check to name.
                  const read = readAmountInput(e.target.value);
                  set('amount', read.ok ? read.value : e.target.value);
                }}
                onBlur={() => blur('amount')}
              />
              <button type="button" className="button button--small" onClick={fillMax} disabled={!asset} aria-label={t`Max: the largest amount the balance pays with the fee on top`}>
                {t`Max`}
              </button>
            </div>
          )}
        </Field>
      </div>

      {check.required.travelRule ? (
        <TravelRuleFields values={values} set={set} setVasp={setVasp} errorFor={errorFor} blur={blur} vasps={props.vasps} vaspsLoading={props.vaspsLoading} />
      ) : null}
      <FiatFields required={check.required} values={values} set={set} errorFor={errorFor} blur={blur} />

      {check.preview && (check.preview.ok || check.preview.preview) ? (
        <div className="card__section">
          <PreviewPanel preview={check.preview.ok ? check.preview.preview : check.preview.preview!} ticker={unit} problem={!check.preview.ok} />
          {props.feeSchedule ? <FeeSourceNote schedule={props.feeSchedule} ticker={values.ticker} /> : null}
          {check.preview.ok && check.preview.preview.fee === null ? (
            <div className="field">
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={values.acceptUnknownFee}
                  onChange={(e) => {
                    props.onServerErrorSeen('acceptUnknownFee');
                    onChange({ ...values, acceptUnknownFee: e.target.checked });
                  }}
                />
                {t`I accept that the fee is unknown: the exchange adds its own fee on top of the amount.`}
              </label>
              {errorFor('acceptUnknownFee') ? (
                <span className="field__error" role="alert">
                  {errorFor('acceptUnknownFee')}
                </span>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}

      {props.general ? <div className="card__section">{props.general}</div> : null}

      <div className="card__section withdraw-form__actions">
        <button type="submit" className="button button--primary" disabled={busy || Boolean(props.sendBlocked)} aria-describedby="withdraw-submit-hint">
          {busy ? t`Checking with the exchange…` : t`Review withdrawal`}
        </button>
        <span className="field__hint" id="withdraw-submit-hint">
          {props.sendBlocked ? t`Off: this key cannot withdraw (see above).` : t`Nothing is sent until you confirm on the next step.`}
        </span>
      </div>
    </form>
  );
}

/** A network's line in the picker: its id (proper name, kept), whether it is the default or off, its fee and minimum. */
function networkLabel(n: { network: string; enabled: boolean; fee: string | null; min: string }, isDefault: boolean): string {
  const network = n.network;
  const fee = n.fee === null ? null : formatAmount(n.fee);
  const min = formatAmount(n.min);
  return [isDefault ? t`${network} (default)` : network, n.enabled ? null : t`off for withdrawals`, fee === null ? t`fee not listed` : t`fee ${fee}`, t`min ${min}`].filter(Boolean).join(' · ');
}
