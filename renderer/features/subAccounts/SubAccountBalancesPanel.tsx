import { plural, t } from '@lingui/core/macro';
import type { SubAccountItem } from '../../../shared/model/subAccounts';
import { useChannelQuery } from '../../api/queries';
import { EmptyState, QueryState } from '../../components';
import { formatAmount } from '../../format';
import { displayValue } from '../balances/cells';

/** One sub-account's balances: each asset's main, spot and collateral (rows the exchange split, added up), valued. */
export function SubAccountBalancesPanel({ accountId, sub, quote }: { accountId: string; sub: SubAccountItem; quote: string }) {
  const query = useChannelQuery('subAccounts.balances', { accountId, id: sub.id, quote });
  return (
    <section className="card card__section" aria-label={t`Balances of ${sub.alias}`} data-testid="sub-account-balances">
      <h2 className="card__title">{t`Balances of ${sub.alias}`}</h2>
      <QueryState query={query} loading={{ label: t`Loading the sub-account's balances`, rows: 3 }}>
        {(b) =>
          b.state === 'unconfirmed' ? (
            <EmptyState title={t`This sub-account is not confirmed`}>{t`The exchange shows its balances once the sub-account is confirmed on the exchange website.`}</EmptyState>
          ) : b.state === 'no_permission' ? (
            <EmptyState title={t`This API key may not read sub-accounts`}>{t`Give the key the sub-account permission on the exchange website.`}</EmptyState>
          ) : b.lines.length === 0 ? (
            <EmptyState title={t`This sub-account holds nothing`} />
          ) : (
            <>
              <p data-testid="sub-account-total" data-value={b.total} title={`${b.total} ${b.quote}`}>
                {t`Total`}: <strong className="num">{displayValue(b.total, b.quote)} {b.quote}</strong>
              </p>
              {b.summed > 0 ? (
                <p className="field__hint" data-testid="sub-account-summed">
                  {plural(b.summed, { one: '# asset came as several rows and is shown added up.', other: '# assets came as several rows and are shown added up.' })}
                </p>
              ) : null}
              {b.unpriced > 0 ? <p className="field__hint">{plural(b.unpriced, { one: `# asset has no price in ${quote} and is not in the total.`, other: `# assets have no price in ${quote} and are not in the total.` })}</p> : null}
              {b.unreadable > 0 ? <p className="field__hint">{plural(b.unreadable, { one: '# asset could not be read and is left out.', other: '# assets could not be read and are left out.' })}</p> : null}
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">{t`Asset`}</th>
                    <th scope="col" className="num">{t`Main`}</th>
                    <th scope="col" className="num">{t`Spot`}</th>
                    <th scope="col" className="num">{t`Collateral`}</th>
                    <th scope="col" className="num">{t`Total`}</th>
                    <th scope="col" className="num">{t`Value in ${b.quote}`}</th>
                  </tr>
                </thead>
                <tbody>
                  {b.lines.map((l) => (
                    <tr key={l.asset} data-testid="sub-account-line" data-asset={l.asset}>
                      <th scope="row">{l.asset}</th>
                      <td className="num">{formatAmount(l.main)}</td>
                      <td className="num">{formatAmount(l.spot)}</td>
                      <td className="num">{formatAmount(l.collateral)}</td>
                      <td className="num" data-value={l.total}>
                        {formatAmount(l.total)}
                        {l.rows > 1 ? <span className="field__hint"> {t`(${l.rows} rows added)`}</span> : null}
                      </td>
                      <td className="num">{l.value === null ? t`no price` : displayValue(l.value, b.quote)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )
        }
      </QueryState>
    </section>
  );
}
