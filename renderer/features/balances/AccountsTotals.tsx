import { memo } from 'react';
import { msg, plural, t } from '@lingui/core/macro';
import { i18n, type MessageDescriptor } from '@lingui/core';
import type { AccountPart, AccountTotal, BalancesOverview } from '../../../shared/model/balances';
import { SidewaysScroller } from '../../components';
import { displayValue, shareText } from './cells';

const PART_NAMES: Record<AccountPart, MessageDescriptor> = {
  main: msg`main balance`,
  trade: msg`trade balance`,
  collateral: msg`collateral balance`,
};

/** What could not be read or priced of one account, in words; empty when everything was. */
function accountProblem(a: AccountTotal, quote: string): string {
  if (a.value === null) return t`Could not be read`;
  const said: string[] = [];
  if (a.failedParts.length > 0) {
    const parts = a.failedParts.map((p) => i18n._(PART_NAMES[p])).join(', ');
    said.push(t`Not read: ${parts}`);
  }
  if (a.unpriced > 0) said.push(plural(a.unpriced, { one: `# asset without a price in ${quote}`, other: `# assets without a price in ${quote}` }));
  return said.join(' · ');
}

/**
 * Every account's own total and share of the whole, with the grand total under them: the figures
 * come from the main process, where the grand total is the exact sum of the accounts' totals.
 */
export const AccountsTotals = memo(function AccountsTotals({ overview }: { overview: BalancesOverview }) {
  const q = overview.quote;
  return (
    <section className="card card__section accounts-totals" aria-label={t`Accounts`}>
      <SidewaysScroller className="table-wrap" aria-label={t`Accounts`}>
        <table className="table" data-testid="accounts-totals">
          <thead>
            <tr>
              <th scope="col">{t`Account`}</th>
              <th scope="col" className="align-end">{t`Total in ${q}`}</th>
              <th scope="col" className="align-end">{t`Share`}</th>
              <th scope="col">{t`Not included`}</th>
            </tr>
          </thead>
          <tbody>
            {overview.byAccount.map((a) => (
              <tr key={a.id} data-testid="account-total-row" data-account={a.name}>
                <th scope="row">{a.name}</th>
                <td className="num align-end" data-testid="account-total-value" data-value={a.value ?? ''} title={a.value === null ? undefined : `${a.value} ${q}`}>
                  {a.value === null ? '—' : `${displayValue(a.value, q)} ${q}`}
                </td>
                <td className="num align-end">{a.share === null ? '—' : shareText(a.share)}</td>
                <td className={a.value === null ? 'accounts-totals__problem' : undefined}>{accountProblem(a, q)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t`All accounts`}</th>
              <td className="num align-end" data-testid="grand-total" data-value={overview.grandTotal} title={`${overview.grandTotal} ${q}`}>
                <strong>
                  {displayValue(overview.grandTotal, q)} {q}
                </strong>
              </td>
              <td className="num align-end">{overview.byAccount.some((a) => a.share !== null) ? shareText('100') : '—'}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </SidewaysScroller>
    </section>
  );
});
