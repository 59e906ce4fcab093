import { useId, useMemo, useState, type ReactNode } from 'react';
import type { AssetsResponse, BalanceResponse, FeesResponse } from '../../../shared/api/schemas';
import { formatAmount } from '../../format';
import {
  checkForm,
  defaultNetwork,
  FIELD_NAMES,
  isFiat,
  networkChoices,
  providerChoices,
  withdrawableAssets,
  type FieldErrors,
  type FieldName,
  type FormValues,
} from './formModel';
import { PreviewPanel } from './PreviewPanel';

export interface MarketData {
  assets: AssetsResponse;
  fees: FeesResponse;
  balance: BalanceResponse;
}

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
  onReview: () => void;
  general: ReactNode;
}) {
  const { values, onChange, data, serverErrors, busy } = props;
  const [touched, setTouched] = useState<Partial<Record<FieldName, true>>>({});
  const [triedSubmit, setTriedSubmit] = useState(false);
  const choices = useMemo(() => withdrawableAssets(data.assets, data.balance), [data.assets, data.balance]);
  const asset = values.ticker ? data.assets.items[values.ticker] : undefined;
  const networks = networkChoices(asset);
  const providers = providerChoices(asset);
  const check = useMemo(() => checkForm(values, data), [values, data]);

  const set = (field: FieldName, value: string) => {
    props.onServerErrorSeen(field);
    onChange({ ...values, [field]: value });
  };
  const chooseAsset = (ticker: string) => {
    const next = data.assets.items[ticker];
    // A new asset starts with its default network preselected and no provider or memo carried over.
    for (const field of ['ticker', 'network', 'provider', 'memo', 'amount'] as const) props.onServerErrorSeen(field);
    onChange({ ...values, ticker, network: defaultNetwork(next), provider: '', memo: '' });
  };
  const errorFor = (field: FieldName): string | undefined =>
    serverErrors[field] ?? (triedSubmit || touched[field] ? check.errors[field] : undefined);
  const blur = (field: FieldName) => setTouched((t) => ({ ...t, [field]: true }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTriedSubmit(true);
    const blocking = FIELD_NAMES.some((f) => check.errors[f] !== undefined);
    if (!blocking && !busy) props.onReview();
  };

  const selected = choices.find((c) => c.ticker === values.ticker);
  const unit = values.ticker || '';

  return (
    <form className="card withdraw-form" onSubmit={submit} noValidate aria-labelledby="withdraw-form-title">
      <div className="card__section">
        <h2 className="withdraw-form__title" id="withdraw-form-title">
          New withdrawal
        </h2>
        <p className="field__hint">Choose what to send and where. The fee is added on top of the amount and taken from your balance.</p>
      </div>
      <div className="card__section withdraw-form__grid">
        <Field label="Asset" error={errorFor('ticker')} hint={selected ? `Available: ${formatAmount(selected.balance)} ${selected.ticker}` : undefined}>
          {(id, describedBy) => (
            <select id={id} aria-describedby={describedBy} aria-invalid={errorFor('ticker') ? true : undefined} value={values.ticker} onChange={(e) => chooseAsset(e.target.value)} onBlur={() => blur('ticker')}>
              <option value="">Choose an asset…</option>
              {choices.map((c) => (
                <option key={c.ticker} value={c.ticker}>
                  {c.ticker} · {c.name} · {formatAmount(c.balance)}
                </option>
              ))}
            </select>
          )}
        </Field>

        {networks.length > 1 ? (
          <Field label="Network" error={errorFor('network')} hint="Must match the network of the receiving wallet.">
            {(id, describedBy) => (
              <select id={id} aria-describedby={describedBy} aria-invalid={errorFor('network') ? true : undefined} value={values.network} onChange={(e) => set('network', e.target.value)} onBlur={() => blur('network')}>
                <option value="">Choose a network…</option>
                {networks.map((n) => (
                  <option key={n} value={n}>
                    {n}
                    {n === asset?.networks?.default ? ' (default)' : ''}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}

        {isFiat(asset) ? (
          <Field label="Payment provider" error={errorFor('provider')} hint="Required for fiat currencies.">
            {(id, describedBy) => (
              <select id={id} aria-describedby={describedBy} aria-invalid={errorFor('provider') ? true : undefined} value={values.provider} onChange={(e) => set('provider', e.target.value)} onBlur={() => blur('provider')}>
                <option value="">Choose a provider…</option>
                {providers.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}

        <Field
          label={isFiat(asset) ? 'Card token or account' : 'Receiving address'}
          error={errorFor('address')}
          wide
          hint={isFiat(asset) ? undefined : 'Paste the address; check its first and last characters.'}
        >
          {(id, describedBy) => (
            <input
              id={id}
              type="text"
              className="num withdraw-form__address"
              autoComplete="off"
              spellCheck={false}
              aria-describedby={describedBy}
              aria-invalid={errorFor('address') ? true : undefined}
              value={values.address}
              onChange={(e) => set('address', e.target.value)}
              onBlur={() => blur('address')}
            />
          )}
        </Field>

        {asset?.is_memo ? (
          <Field label="Memo / destination tag" error={errorFor('memo')} hint={`Required for ${unit}: the receiving wallet uses it to credit the funds.`}>
            {(id, describedBy) => (
              <input id={id} type="text" autoComplete="off" spellCheck={false} aria-describedby={describedBy} aria-invalid={errorFor('memo') ? true : undefined} value={values.memo} onChange={(e) => set('memo', e.target.value)} onBlur={() => blur('memo')} />
            )}
          </Field>
        ) : null}

        <Field label={`Amount the receiver gets${unit ? ` (${unit})` : ''}`} error={errorFor('amount')}>
          {(id, describedBy) => (
            <input
              id={id}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              className="num"
              placeholder="0.00"
              aria-describedby={describedBy}
              aria-invalid={errorFor('amount') ? true : undefined}
              value={values.amount}
              onChange={(e) => set('amount', e.target.value.replace(',', '.'))}
              onBlur={() => blur('amount')}
            />
          )}
        </Field>
      </div>

      {check.preview && (check.preview.ok || check.preview.preview) ? (
        <div className="card__section">
          <PreviewPanel preview={check.preview.ok ? check.preview.preview : check.preview.preview!} ticker={unit} problem={!check.preview.ok} />
        </div>
      ) : null}

      {props.general ? <div className="card__section">{props.general}</div> : null}

      <div className="card__section withdraw-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Checking with the exchange…' : 'Review withdrawal'}
        </button>
        <span className="field__hint">Nothing is sent until you confirm on the next step.</span>
      </div>
    </form>
  );
}

function Field(props: { label: string; error?: string; hint?: string; wide?: boolean; children: (id: string, describedBy: string | undefined) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [props.error ? errorId : null, props.hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${props.wide ? ' withdraw-form__wide' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      {props.children(id, describedBy)}
      {props.error ? (
        <span className="field__error" id={errorId} role="alert">
          {props.error}
        </span>
      ) : null}
      {props.hint ? (
        <span className="field__hint" id={hintId}>
          {props.hint}
        </span>
      ) : null}
    </div>
  );
}
