/**
 * Who holds what: one row per asset across the accounts in view and, when asked, their
 * sub-accounts, with each holder's amount, the row's total and value, and each holder's value in
 * the footer. Every figure comes added up from the main process (balances.holdings); the page lays
 * them out, a page of rows at a time. Folded by default so the balances table stays in sight.
 */
import { plural, t } from '@lingui/core/macro';
import { useState } from 'react';
import type { Holdings } from '../../../shared/model/holdings';
import { isZero } from '../../../shared/money/decimal';
import { useChannelQuery } from '../../api/queries';
import { Pager, SidewaysScroller } from '../../components';
import { downloadCsv } from '../../csv/csv';
import { csvFilename } from '../../csv/filename';
import { formatAmount } from '../../format/format';
import { displayValue } from './cells';
import { leftOutReason } from './SubAccountsIncluded';

const PAGE_SIZES = [30, 100] as const;

export function holdingsCsvRows(holdings: Holdings) {
  const q = holdings.quote;
  return [
    ['Asset', ...holdings.holders.map((h) => h.name), 'Total', `Price (${q})`, `Value (${q})`],
    ...holdings.rows.map((r) => [r.asset, ...r.amounts, r.total, r.price ?? 'no price', r.value ?? 'no price']),
    [`Value (${q})`, ...holdings.totals.values, '', '', holdings.totals.value],
  ];
}

export function HoldingsTable({ accountId, quote, subAccounts, fileName }: { accountId: string | undefined; quote: string; subAccounts: boolean; fileName: string }) {
  const [open, setOpen] = useState(false);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [offset, setOffset] = useState(0);
  const query = useChannelQuery('balances.holdings', { ...(accountId === undefined ? {} : { accountId }), quote, subAccounts }, { enabled: open });
  const holdings = query.data;
  const q = holdings?.quote ?? quote;
  const rows = holdings?.rows.slice(offset, offset + pageSize) ?? [];

  return (
    <details className="card card__section holdings" data-testid="holdings" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        {!holdings
          ? t`Who holds what`
          : subAccounts
            ? plural(holdings.holders.length, { one: 'Who holds what: # account or sub-account', other: 'Who holds what: # accounts and sub-accounts' })
            : plural(holdings.holders.length, { one: 'Who holds what: # account', other: 'Who holds what: # accounts' })}
      </summary>
      {!open ? null : query.isPending ? (
        <p className="field__hint">{subAccounts ? t`Reading every account and sub-account…` : t`Reading every account…`}</p>
      ) : query.isError ? (
        <p className="field__hint" role="alert">{t`Who holds what could not be read. The balances below are still right.`}</p>
      ) : holdings ? (
        <>
          <div className="holdings__bar">
            <button type="button" className="button" onClick={() => downloadCsv(csvFilename('holdings', fileName), holdingsCsvRows(holdings))}>
              {t`Export CSV`}
            </button>
            {holdings.leftOut.length > 0 ? (
              <span className="field__hint" data-testid="holdings-left-out">
                {t`Not included:`} {holdings.leftOut.map((l) => `${l.name} (${leftOutReason(l.reason)})`).join(', ')}
              </span>
            ) : null}
            {holdings.subAccountsHidden.length > 0 ? (
              <span className="field__hint">{t`This API key may not read sub-accounts: ${holdings.subAccountsHidden.join(', ')}`}</span>
            ) : null}
          </div>
          <SidewaysScroller className="table-wrap" aria-label={t`Who holds what`}>
            <table className="table" data-testid="holdings-table">
              <thead>
                <tr>
                  <th scope="col" className="cell-sticky">{t`Asset`}</th>
                  {holdings.holders.map((h) => (
                    <th key={h.key} scope="col" className="align-end" title={h.subAccountId === null ? t`Account` : t`Sub-account`}>
                      {h.name}
                    </th>
                  ))}
                  <th scope="col" className="align-end">{t`Total`}</th>
                  <th scope="col" className="align-end">{t`Value (${q})`}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.asset} data-testid="holding-row">
                    <th scope="row" className="cell-sticky">{r.asset}</th>
                    {r.amounts.map((amount, i) => (
                      <td key={holdings.holders[i]!.key} className="num align-end" data-testid="holding-amount" title={amount}>
                        {isZero(amount) ? '—' : formatAmount(amount)}
                      </td>
                    ))}
                    <td className="num align-end" data-testid="holding-total" title={r.total}>
                      {formatAmount(r.total)}
                    </td>
                    <td className="num align-end" title={r.value === null ? t`No price in ${q}` : `${r.value} ${q}`}>
                      {r.value === null ? '—' : displayValue(r.value, q)}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" className="cell-sticky">{t`Value (${q})`}</th>
                  {holdings.totals.values.map((value, i) => (
                    <td key={holdings.holders[i]!.key} className="num align-end" data-testid="holder-value" title={`${value} ${q}`}>
                      {displayValue(value, q)}
                    </td>
                  ))}
                  <td />
                  <td className="num align-end" data-testid="holdings-value" title={`${holdings.totals.value} ${q}`}>
                    <strong>{displayValue(holdings.totals.value, q)}</strong>
                  </td>
                </tr>
              </tfoot>
            </table>
          </SidewaysScroller>
          <Pager
            label={t`Who holds what pages`}
            status={t`Showing ${holdings.rows.length === 0 ? 0 : offset + 1}–${offset + rows.length} of ${holdings.rows.length}`}
            pageSize={pageSize}
            pageSizes={PAGE_SIZES}
            pageSizeLabel={t`Assets per page`}
            onPageSize={(size) => {
              setPageSize(size);
              setOffset(0);
            }}
            canGoBack={offset > 0}
            canGoForward={offset + pageSize < holdings.rows.length}
            onBack={() => setOffset(Math.max(0, offset - pageSize))}
            onForward={() => setOffset(offset + pageSize)}
          />
        </>
      ) : null}
    </details>
  );
}
