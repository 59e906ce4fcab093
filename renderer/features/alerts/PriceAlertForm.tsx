import { t } from '@lingui/core/macro';
import { useState } from 'react';
import type { AccountSummary } from '../../../shared/model/accounts';
import { AlertThreshold } from '../../../shared/model/alerts';
import { PositiveDecimal, type PriceAlert, type PriceAlertRearm, type PriceAlertRule } from '../../../shared/model/priceAlerts';
import { useChannelMutation, useChannelQuery } from '../../api/queries';
import { Combobox, ErrorPanel, SelectField, TextInputField } from '../../components';
import { formatAmount } from '../../format/format';
import { directionName, fieldCodeWords, kindName } from './words';

type Kind = PriceAlertRule['kind'];

interface Draft {
  accountId: string;
  kind: Kind;
  /** '' for a distance alert: any position. */
  market: string;
  direction: 'above' | 'below';
  threshold: string;
  rearm: PriceAlertRearm;
}

const KINDS: Kind[] = ['price', 'distance', 'marginFraction'];
const ANY_POSITION = '';

function draftOf(alert: PriceAlert | null, accountId: string): Draft {
  if (!alert) return { accountId, kind: 'price', market: '', direction: 'above', threshold: '', rearm: 'once' };
  const rule = alert.rule;
  return { accountId: rule.accountId, kind: rule.kind, market: rule.kind === 'marginFraction' ? '' : (rule.market ?? ANY_POSITION), direction: rule.direction, threshold: rule.threshold, rearm: alert.rearm };
}

function lastPriceWords(lastPrice: string): string {
  const price = formatAmount(lastPrice);
  return t`Last price now: ${price}`;
}

/** The draft as a rule, or the fields that are wrong (worded here). */
function check(draft: Draft): { rule: PriceAlertRule } | { errors: Partial<Record<'market' | 'threshold', string>> } {
  const errors: Partial<Record<'market' | 'threshold', string>> = {};
  const threshold = draft.threshold.trim();
  if (draft.kind === 'distance') {
    if (!AlertThreshold.safeParse(threshold).success) errors.threshold = t`Enter a percentage above 0 and at most 50, with at most 2 decimals, such as 10 or 7.5.`;
  } else if (!PositiveDecimal.safeParse(threshold).success) errors.threshold = t`Enter a number above 0, such as 50000 or 0.25.`;
  if (draft.kind === 'price' && draft.market === '') errors.market = t`Choose a market.`;
  if (errors.market || errors.threshold) return { errors };
  const { accountId } = draft;
  if (draft.kind === 'price') return { rule: { kind: 'price', accountId, market: draft.market, direction: draft.direction, threshold } };
  if (draft.kind === 'distance') return { rule: { kind: 'distance', accountId, market: draft.market === ANY_POSITION ? null : draft.market, direction: 'below', threshold } };
  return { rule: { kind: 'marginFraction', accountId, direction: draft.direction, threshold } };
}

/**
 * A new alert, or the one being edited. The market comes from the account's exchange (searchable),
 * with its last price shown beside the line; the line is checked here before it is sent.
 */
export function PriceAlertForm(props: { accounts: AccountSummary[]; defaultAccountId: string; editing: PriceAlert | null; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.editing, props.defaultAccountId));
  const [errors, setErrors] = useState<Partial<Record<'market' | 'threshold', string>>>({});
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const markets = useChannelQuery('priceAlerts.markets', { accountId: draft.accountId }, { enabled: draft.kind !== 'marginFraction', staleTime: 60_000, refetchInterval: false });
  const create = useChannelMutation('priceAlerts.create', { invalidates: ['priceAlerts.list'], onSuccess: props.onDone });
  const update = useChannelMutation('priceAlerts.update', { invalidates: ['priceAlerts.list'], onSuccess: props.onDone });
  const saving = create.isPending || update.isPending;
  const failure = (props.editing ? update.error : create.error)?.error ?? null;
  const serverFields = failure?.kind === 'validation' ? failure.fields : undefined;
  const account = props.accounts.find((a) => a.id === draft.accountId);

  const submit = () => {
    const checked = check(draft);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    if (props.editing) update.mutate({ id: props.editing.id, rule: checked.rule, rearm: draft.rearm });
    else create.mutate({ rule: checked.rule, rearm: draft.rearm });
  };

  const lastPrice = draft.kind === 'price' ? markets.data?.markets.find((m) => m.name === draft.market)?.lastPrice : undefined;
  const marketOptions = [
    ...(draft.kind === 'distance' ? [{ value: ANY_POSITION, label: t`Any position` }] : []),
    ...(markets.data?.markets ?? []).map((m) => ({ value: m.name, label: m.name, detail: formatAmount(m.lastPrice) })),
  ];
  const marketError = errors.market ?? serverFields?.market?.map(fieldCodeWords);

  return (
    <form
      className="card price-alert-form"
      aria-label={props.editing ? t`Edit alert` : t`New alert`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 className="section-title">{props.editing ? t`Edit alert` : t`New alert`}</h2>
      <div className="price-alert-form__grid">
        <SelectField
          label={t`Account`}
          value={draft.accountId}
          options={props.accounts.map((a) => ({ value: a.id, label: a.name }))}
          error={serverFields?.accountId?.map(fieldCodeWords)}
          onChange={(accountId) => set({ accountId, market: '' })}
        />
        <SelectField
          label={t`Alert on`}
          value={draft.kind}
          options={KINDS.map((kind) => ({ value: kind, label: kindName(kind) }))}
          onChange={(value) => {
            const kind = KINDS.find((k) => k === value) ?? 'price';
            set({ kind, market: '', ...(kind === 'distance' ? { direction: 'below' as const } : {}) });
          }}
        />
        {draft.kind !== 'marginFraction' ? (
          <Combobox
            label={draft.kind === 'price' ? t`Market` : t`Position`}
            placeholder={t`Search markets…`}
            error={marketError}
            hint={markets.error ? fieldCodeWords('markets_unavailable') : draft.kind === 'distance' ? t`Any position: the one nearest to liquidation counts.` : undefined}
            options={marketOptions}
            noMatch={t`No market matches.`}
            value={draft.market}
            onChange={(market) => set({ market })}
            onBlur={() => {}}
          />
        ) : null}
        <SelectField
          label={t`When it goes`}
          value={draft.direction}
          options={(draft.kind === 'distance' ? (['below'] as const) : (['above', 'below'] as const)).map((d) => ({ value: d, label: directionName(d) }))}
          onChange={(value) => set({ direction: value === 'below' ? 'below' : 'above' })}
        />
        <TextInputField
          label={draft.kind === 'distance' ? t`Line (%)` : t`Line`}
          inputMode="decimal"
          maxLength={30}
          value={draft.threshold}
          onChange={(threshold) => set({ threshold })}
          error={errors.threshold}
          hint={
            lastPrice !== undefined ? (
              <span data-testid="price-alert-last-price">{lastPriceWords(lastPrice)}</span>
            ) : draft.kind !== 'price' && account && !account.notifyPositions ? (
              t`Checked while position alerts are on for this account (Accounts).`
            ) : undefined
          }
        />
        <SelectField
          label={t`After it fires`}
          value={draft.rearm}
          options={[
            { value: 'once', label: t`Stay off until I re-arm it` },
            { value: 'every', label: t`Re-arm by itself (every crossing)` },
          ]}
          onChange={(value) => set({ rearm: value === 'every' ? 'every' : 'once' })}
        />
      </div>
      {failure && !serverFields?.market && !serverFields?.accountId ? <ErrorPanel error={failure} compact /> : null}
      <div className="price-alert-form__actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? t`Saving…` : props.editing ? t`Save alert` : t`Add alert`}
        </button>
        {props.editing ? (
          <button type="button" className="button button--ghost" onClick={props.onDone}>
            {t`Cancel`}
          </button>
        ) : null}
      </div>
    </form>
  );
}
