import { t } from '@lingui/core/macro';
import { useId, useRef, useState } from 'react';
import type { FlexPlan } from '../../../shared/api/schemas';
import type { AccountSummary } from '../../../shared/model/accounts';
import { REFERENCE_DATA, useChannelMutation, useChannelQuery } from '../../api/queries';
import { CopyButton, ErrorPanel } from '../../components';
import { formatAmount } from '../../format/format';
import { availableBalance, checkInvestAmount } from './investCheck';
import { flexPlanName } from './planName';

type Step = { name: 'edit' } | { name: 'confirm'; amount: string; withReinvest: boolean } | { name: 'done'; amount: string; transactionId: string };

/** Failures after which the exchange may or may not have created the investment. */
const OUTCOME_UNKNOWN_KINDS = new Set(['network', 'timeout', 'server', 'bad_response', 'internal']);

/**
 * Invest in one plan: type an amount (checked against the plan's bounds and the main balance),
 * confirm a summary, then one `exchange.flexInvest` call. That call is never retried by the app:
 * the button is disabled while it runs and guarded against a double click in the same frame.
 */
export function InvestPanel({ account, plan, onClose }: { account: AccountSummary; plan: FlexPlan; onClose: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'edit' });
  const [amountText, setAmountText] = useState('');
  const [withReinvest, setWithReinvest] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const inFlight = useRef(false);
  const amountId = useId();
  const problemId = useId();

  const balances = useChannelQuery('exchange.balance', { accountId: account.id });
  // Public data, cached for long: only used to refuse amounts with too many decimals early.
  const assets = useChannelQuery('exchange.assets', { accountId: account.id }, { ...REFERENCE_DATA, staleTime: 10 * 60_000, refetchInterval: false });
  const invest = useChannelMutation('exchange.flexInvest', { invalidates: ['exchange.balance', 'balances.overview', 'exchange.flexInvestments'] });

  const available = availableBalance(balances.data, plan.ticker);
  // Absent when the exchange does not state it: the amount check then skips the decimals rule.
  const precision = assets.data?.items[plan.ticker]?.currency_precision ?? undefined;

  const review = () => {
    if (!balances.data) {
      setProblem(t`The main balance has not loaded yet; the amount cannot be checked.`);
      return;
    }
    const check = checkInvestAmount(amountText, plan, available, precision);
    if (!check.ok) {
      setProblem(check.message);
      return;
    }
    setProblem(null);
    invest.reset();
    setStep({ name: 'confirm', amount: check.amount, withReinvest });
  };

  const submit = (amount: string, reinvest: boolean) => {
    if (inFlight.current) return;
    inFlight.current = true;
    invest.mutate(
      { accountId: account.id, planId: plan.id, amount, withReinvest: reinvest },
      {
        onSuccess: ({ transactionId }) => setStep({ name: 'done', amount, transactionId }),
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  return (
    <section className="card invest-panel" aria-labelledby={`${amountId}-title`} data-testid="invest-panel">
      <header className="card__section invest-panel__header">
        <h2 className="invest-panel__title" id={`${amountId}-title`}>
          {t`Invest in ${plan.ticker} plan`}
        </h2>
        <span className="cell-sub invest-panel__plan-id" title={t`Plan id ${plan.id}`} data-testid="invest-plan-name">
          {flexPlanName(plan)}
        </span>
        <button type="button" className="button button--ghost button--small invest-panel__close" onClick={onClose} disabled={invest.isPending}>
          {t`Close`}
        </button>
      </header>

      {step.name === 'edit' ? (
        <form
          className="card__section invest-form"
          onSubmit={(e) => {
            e.preventDefault();
            review();
          }}
        >
          <dl className="invest-facts">
            <Fact label={t`Min investment`}>{`${formatAmount(plan.minInvestment)} ${plan.ticker}`}</Fact>
            <Fact label={t`Max investment`}>{`${formatAmount(plan.maxInvestment)} ${plan.ticker}`}</Fact>
            <Fact label={t`Max rate`}>{`${formatAmount(plan.maxRate)} %`}</Fact>
            <Fact label={t`Available in main balance`} testId="invest-available">
              {balances.isPending ? 'loading…' : balances.isError ? 'unknown' : `${formatAmount(available)} ${plan.ticker}`}
            </Fact>
          </dl>
          {balances.isError ? <ErrorPanel error={balances.error.error} onRetry={() => void balances.refetch()} compact /> : null}
          <label className="field" htmlFor={amountId}>
            <span className="field__label">{t`Amount (${plan.ticker})`}</span>
          </label>
          <div className="invest-form__row">
            <input
              id={amountId}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              spellCheck="false"
              maxLength={80}
              autoFocus
              value={amountText}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? problemId : undefined}
              onChange={(e) => {
                setAmountText(e.target.value);
                if (problem) setProblem(null);
              }}
            />
            <button type="button" className="button button--small" disabled={!balances.data} onClick={() => setAmountText(available)}>
              {t`Use all available`}
            </button>
          </div>
          <label className="checkbox">
            <input type="checkbox" checked={withReinvest} onChange={(e) => setWithReinvest(e.target.checked)} />
            {t`Reinvest earnings automatically`}
          </label>
          {problem ? (
            <p className="field__error" id={problemId} role="alert">
              {problem}
            </p>
          ) : null}
          <div className="toolbar">
            <button type="submit" className="button button--primary">
              {t`Review investment`}
            </button>
          </div>
        </form>
      ) : null}

      {step.name === 'confirm' ? (
        <div className="card__section invest-confirm">
          <p className="invest-confirm__lead">{t`Please confirm this investment:`}</p>
          <dl className="invest-facts">
            <div>
              <dt>{t`Plan`}</dt>
              <dd>
                <span title={t`Plan id ${plan.id}`}>{flexPlanName(plan)}</span>
              </dd>
            </div>
            <div>
              <dt>{t`Amount`}</dt>
              <dd className="num invest-confirm__amount" data-testid="confirm-amount">
                {formatAmount(step.amount)} {plan.ticker}
              </dd>
            </div>
            <div>
              <dt>{t`Reinvest automatically`}</dt>
              <dd>{step.withReinvest ? t`Yes` : t`No`}</dd>
            </div>
          </dl>
          <p className="invest-confirm__warning">
            {formatAmount(step.amount)} {plan.ticker} will move from your main balance into this flex plan.
          </p>
          {invest.error ? (
            <>
              <ErrorPanel error={invest.error.error} />
              {OUTCOME_UNKNOWN_KINDS.has(invest.error.error.kind) ? (
                <p className="field__error" role="note">
                  {t`The exchange may or may not have created this investment. Check “Current investments” below before confirming again.`}
                </p>
              ) : null}
            </>
          ) : null}
          <div className="toolbar">
            <button type="button" className="button button--primary" disabled={invest.isPending} onClick={() => submit(step.amount, step.withReinvest)}>
              {invest.isPending ? t`Investing…` : t`Confirm investment`}
            </button>
            <button type="button" className="button" disabled={invest.isPending} onClick={() => setStep({ name: 'edit' })}>
              {t`Back`}
            </button>
          </div>
        </div>
      ) : null}

      {step.name === 'done' ? (
        <div className="card__section invest-done" role="status">
          <p className="invest-done__title">
            {t`Invested ${formatAmount(step.amount)} ${plan.ticker}`}
          </p>
          <p className="invest-done__tx">
            {t`Transaction id`} <span className="num" data-testid="transaction-id">{step.transactionId}</span>
            <CopyButton value={step.transactionId} label={t`transaction id`} />
          </p>
          <p className="field__hint">{t`Balances and current investments are being refreshed.`}</p>
          <div className="toolbar">
            <button type="button" className="button" onClick={onClose}>
              {t`Done`}
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** One figure of the plan beside the amount field. */
function Fact({ label, testId, children }: { label: string; testId?: string; children: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className="num" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
