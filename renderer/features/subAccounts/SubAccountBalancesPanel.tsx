import { plural, t } from '@lingui/core/macro';
import { useEffect, useRef } from 'react';
import type { SubAccountBalanceLine, SubAccountItem } from '../../../shared/model/subAccounts';
import { useChannelQuery } from '../../api/queries';
import { DataTable, EmptyState, QueryState, type Column } from '../../components';
import { formatAmount } from '../../format/format';
import { displayValue } from '../balances/cells';

function columnsFor(quote: string): Column<SubAccountBalanceLine>[] {
  return [
    { header: t`Asset`, sticky: true, cell: (l) => <strong>{l.asset}</strong> },
    { header: t`Main`, align: 'end', cell: (l) => <span className="num">{formatAmount(l.main)}</span> },
    { header: t`Spot`, align: 'end', cell: (l) => <span className="num">{formatAmount(l.spot)}</span> },
    { header: t`Collateral`, align: 'end', cell: (l) => <span className="num">{formatAmount(l.collateral)}</span> },
    {
      header: t`Total`,
      align: 'end',
      cellProps: (l) => ({ 'data-value': l.total }),
      cell: (l) => (
        <>
          <span className="num">{formatAmount(l.total)}</span>
          {l.rows > 1 ? <span className="field__hint"> {t`(${l.rows} rows added)`}</span> : null}
        </>
      ),
    },
    { header: t`Value in ${quote}`, align: 'end', cell: (l) => <span className="num">{l.value === null ? t`no price` : displayValue(l.value, quote)}</span> },
  ];
}

/** One sub-account's balances: each asset's main, spot and collateral (rows the exchange split, added up), valued. */
export function SubAccountBalancesPanel({ accountId, sub, quote }: { accountId: string; sub: SubAccountItem; quote: string }) {
  const query = useChannelQuery('subAccounts.balances', { accountId, id: sub.id, quote });
  // It opens under the list: brought into sight, or the click on Balances would seem to do nothing.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'start' });
  }, [sub.id]);
  return (
    <section ref={panel} className="card card__section" aria-label={t`Balances of ${sub.alias}`} data-testid="sub-account-balances">
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
              <DataTable
                className="table--sub-account-balances"
                aria-label={t`Balances of ${sub.alias}`}
                columns={columnsFor(b.quote)}
                rows={b.lines}
                rowKey={(l) => l.asset}
                rowTestId="sub-account-line"
                rowProps={(l) => ({ 'data-asset': l.asset })}
              />
            </>
          )
        }
      </QueryState>
    </section>
  );
}
