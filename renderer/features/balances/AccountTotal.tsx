import { memo } from 'react';
import { msg, plural, t } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import type { BalancesOverview } from '../../../shared/model/balances';
import { isNegative, isPositive, isZero, roundForDisplay } from '../../../shared/money/decimal';
import type { AppError } from '../../../shared/errors';
import { knownTotals, type KnownTotals } from './knownTotals';
import { formatPercent } from '../../format/format';
import { changeText, displayValue } from './cells';

/**
 * The account's worth in bold, its split by account part, and the allocation picture (computed by
 * the main process with the totals). Memoised: nothing in it changes while someone types a search.
 */
export const AccountTotal = memo(function AccountTotal({ overview, staleError }: { overview: BalancesOverview; staleError: AppError | null }) {
  const parts = overview.allocation;
  const q = overview.quote;
  const totals = knownTotals(overview);
  const figure = (value: string | null) => (value === null ? <span className="cell-zero">{t`not known`}</span> : `${displayValue(value, q)} ${q}`);
  const exact = (value: string | null) => (value === null ? t`Not known: part of the account could not be read (see below)` : `${value} ${q}`);
  return (
    <section className={`card card__section account-total${staleError ? ' account-total--stale' : ''}`} aria-label={t`Total value`} data-stale={staleError ? 'true' : undefined}>
      <div className="account-total__figures">
        <p className="account-total__value">
          <span className="field__label">{t`Total value`}</span>
          <strong className="num" data-testid="total-value" title={exact(totals.value)}>
            {figure(totals.value)}
          </strong>
        </p>
        <TotalChange change={totals.change24h} quote={q} />
        <dl className="account-total__split">
          {(['main', 'trade', 'collateral'] as const).map((part) => (
            <div key={part}>
              <dt>{i18n._(PART_LABELS[part])}</dt>
              <dd className="num" data-testid={`total-${part}`} title={exact(totals[part])}>
                {figure(totals[part])}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="account-total__side">
      {parts.length > 0 ? (
        <figure className="allocation" aria-label={t`Allocation by value`}>
          <div className="allocation__bar" aria-hidden="true">
            {parts.map((part, i) => (
              <span key={part.asset ?? ''} className={`allocation__part allocation__part--${i}`} style={{ width: `${roundForDisplay(part.share, 2)}%` }} />
            ))}
          </div>
          <figcaption className="allocation__legend">
            {parts.map((part, i) => (
              <span key={part.asset ?? ''} className="allocation__item">
                <span className={`allocation__swatch allocation__part--${i}`} aria-hidden="true" />
                {part.asset ?? t`Other`} {formatPercent(roundForDisplay(part.share, 1))}
              </span>
            ))}
          </figcaption>
        </figure>
      ) : null}
        {overview.unpriced > 0 ? (
          <p className="field__hint" data-testid="unpriced-count">
            {plural(overview.unpriced, { one: `# asset has no price in ${q} and is not in the total.`, other: `# assets have no price in ${q} and are not in the total.` })}
          </p>
        ) : null}
      </div>
    </section>
  );
});

/**
 * The total's 24 h move: what today's amounts gained or lost as their prices moved (each price's
 * own 24 h change; deposits and withdrawals are not in it), or "not known", never a zero.
 */
function TotalChange({ change, quote }: { change: KnownTotals['change24h']; quote: string }) {
  const label = t`24 h price move`;
  const why = t`What the amounts held now gained or lost as their prices moved over 24 hours. Deposits and withdrawals are not in it.`;
  if (change === null) {
    return (
      <p className="account-total__change" data-testid="total-change" title={t`Not known: a price's 24 h change is missing, or part of the account could not be read.`}>
        <span className="field__label">{label}</span> <span className="cell-zero">{t`not known`}</span>
      </p>
    );
  }
  const tone = isNegative(change.value) ? 'change--down' : isZero(change.value) ? '' : 'change--up';
  const sign = isPositive(change.value) ? '+' : '';
  return (
    <p className="account-total__change" data-testid="total-change" title={`${why} (${change.value} ${quote})`}>
      <span className="field__label">{label}</span>{' '}
      <span className={`num ${tone}`}>
        {`${sign}${displayValue(change.value, quote)} ${quote} (${changeText(change.percent, change.value)})`}
      </span>
    </p>
  );
}

const PART_LABELS = { main: msg`Main`, trade: msg`Trade`, collateral: msg`Collateral` } as const;
