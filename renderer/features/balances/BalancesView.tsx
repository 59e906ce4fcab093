import { memo, useDeferredValue, useMemo, useState } from 'react';
import type { AccountSummary } from '../../../shared/model/accounts';
import { dec, isLooseDecimalString, isPositive } from '../../../shared/money/decimal';
import { useChannelQuery, useSettings, useUpdateSettings } from '../../api/queries';
import { CopyButton, EmptyState, QueryState, View } from '../../components';
import { useWindowedRows } from '../../components/useWindowedRows';
import { downloadCsv } from '../../csv';
import { formatAmount } from '../../format';
import { useUi, type BalancesUi } from '../../state/ui';
import { buildRows, filterRows, sortRows, withoutZeroRows, type BalanceRow } from './rows';
import { csvFilename } from '../../csvFilename';
import './balances.css';

const ROW_HEIGHT = 52;

export function BalancesView({ account }: { account: AccountSummary }) {
  const balance = useChannelQuery('exchange.balance', { accountId: account.id });
  // Names are a nicety: if assets fail to load, balances still show (by ticker).
  const assets = useChannelQuery('exchange.assets', { accountId: account.id }, { staleTime: 10 * 60_000, refetchInterval: false });
  const ui = useUi((s) => s.balances);
  const setUi = useUi((s) => s.setBalances);
  const { settings } = useSettings();
  const threshold = settings?.hideSmallBelow ?? '0';

  const allRows = useMemo(() => (balance.data ? buildRows(balance.data.items, assets.data?.items) : []), [balance.data, assets.data]);
  const nonZero = useMemo(() => withoutZeroRows(allRows), [allRows]);
  const shownRows = ui.showZero ? allRows : nonZero.rows;
  const sorted = useMemo(() => sortRows(shownRows, ui.sortBy, ui.sortDirection), [shownRows, ui.sortBy, ui.sortDirection]);
  // The list follows a deferred copy of the search text: the keystroke itself paints at once (the
  // input never waits for the table), and React renders the filtered rows right after, dropping
  // intermediate renders while someone types fast. bench:ui measures keystroke -> next paint.
  const search = useDeferredValue(ui.search);
  const hideBelow = useMemo(
    () => (ui.hideSmall && isLooseDecimalString(threshold) && isPositive(threshold) ? dec(threshold) : null),
    [ui.hideSmall, threshold],
  );
  const visible = useMemo(() => filterRows(sorted, search, hideBelow), [sorted, search, hideBelow]);

  return (
    <View
      name="balances"
      title="Balances"
      subtitle={`Main account of ${account.name}${balance.data ? ` \u00b7 ${allRows.length} ${allRows.length === 1 ? 'asset' : 'assets'}` : ''}`}
      actions={
        <div className="toolbar">
          <button
            type="button"
            className="button"
            disabled={visible.length === 0}
            onClick={() => downloadCsv(csvFilename('balances', account.name), [['Ticker', 'Name', 'Amount'], ...visible.map((r) => [r.ticker, r.name, r.amount])])}
          >
            Export CSV
          </button>
        </div>
      }
    >

      <div className="toolbar">
        <input
          type="search"
          aria-label="Search assets"
          placeholder="Search ticker or name"
          value={ui.search}
          onChange={(e) => setUi({ search: e.target.value })}
        />
        <label className="checkbox">
          <input type="checkbox" checked={ui.hideSmall} onChange={(e) => setUi({ hideSmall: e.target.checked })} />
          Hide small balances
        </label>
        <ThresholdInput key={threshold} saved={threshold} />
        <label className="checkbox">
          <input type="checkbox" checked={ui.showZero} onChange={(e) => setUi({ showZero: e.target.checked })} />
          Show zero balances
          {balance.data && nonZero.hiddenZero > 0 && !ui.showZero ? (
            <span className="field__hint" data-testid="hidden-zero-count">
              {' '}
              ({nonZero.hiddenZero} hidden)
            </span>
          ) : null}
        </label>
        {balance.data && visible.length !== allRows.length ? (
          <span className="field__hint">
            Showing {visible.length} of {allRows.length}
          </span>
        ) : null}
      </div>

      <QueryState
        query={balance}
        loading={{ rows: 8, label: 'Loading balances' }}
        noun={{ one: 'balance', many: 'balances' }}
        empty={{ when: () => allRows.length === 0, title: 'No balances yet', text: 'This account holds no assets on its main balance.' }}
      >
        {() =>
          visible.length === 0 ? (
            <div className="card">
              <EmptyState
                title={ui.search ? `No assets match \u201c${ui.search}\u201d` : shownRows.length === 0 ? 'Every balance is zero' : 'Every balance is below the threshold'}
                action={
                  <button type="button" className="button" onClick={() => setUi({ search: '', hideSmall: false, showZero: true })}>
                    Show all
                  </button>
                }
              />
            </div>
          ) : (
            <BalancesTable rows={visible} sortBy={ui.sortBy} sortDirection={ui.sortDirection} onSort={setUi} />
          )
        }
      </QueryState>
    </View>
  );
}

function nextSort(ui: Pick<BalancesUi, 'sortBy' | 'sortDirection'>, sortBy: BalancesUi['sortBy']): Partial<BalancesUi> {
  if (ui.sortBy === sortBy) return { sortDirection: ui.sortDirection === 'asc' ? 'desc' : 'asc' };
  // Amounts are most useful largest first; tickers alphabetically.
  return { sortBy, sortDirection: sortBy === 'amount' ? 'desc' : 'asc' };
}

type SortProps = Pick<BalancesUi, 'sortBy' | 'sortDirection'>;

/** Memoised: typing in the search box re-renders it only when the visible rows change. */
const BalancesTable = memo(function BalancesTable({
  rows,
  sortBy,
  sortDirection,
  onSort,
}: SortProps & { rows: BalanceRow[]; onSort(patch: Partial<BalancesUi>): void }) {
  const ui = { sortBy, sortDirection };
  const { containerRef, onScroll, start, end, padTop, padBottom } = useWindowedRows(rows.length, ROW_HEIGHT);
  const ariaSort = (by: BalancesUi['sortBy']) => (ui.sortBy === by ? (ui.sortDirection === 'asc' ? 'ascending' : 'descending') : 'none');
  const arrow = (by: BalancesUi['sortBy']) => (ui.sortBy === by ? (ui.sortDirection === 'asc' ? '\u2191' : '\u2193') : '');
  return (
    <div className="card table-scroll" ref={containerRef} onScroll={onScroll} data-testid="balances-scroll">
      <table className="table table--fixed-rows" aria-rowcount={rows.length + 1}>
        <colgroup>
          <col style={{ width: '42%' }} />
          <col />
          <col style={{ width: 96 }} />
        </colgroup>
        <thead>
          <tr>
            <th aria-sort={ariaSort('ticker')}>
              <button type="button" className="sort-button" data-active={ui.sortBy === 'ticker'} onClick={() => onSort(nextSort(ui, 'ticker'))}>
                Asset {arrow('ticker')}
              </button>
            </th>
            <th className="align-end" aria-sort={ariaSort('amount')}>
              <button type="button" className="sort-button" data-active={ui.sortBy === 'amount'} onClick={() => onSort(nextSort(ui, 'amount'))}>
                Amount {arrow('amount')}
              </button>
            </th>
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {padTop > 0 ? <tr aria-hidden="true" className="spacer" style={{ height: padTop }} /> : null}
          {rows.slice(start, end).map((row, i) => (
            <BalanceRowView key={row.ticker} row={row} rowIndex={start + i + 2} />
          ))}
          {padBottom > 0 ? <tr aria-hidden="true" className="spacer" style={{ height: padBottom }} /> : null}
        </tbody>
      </table>
    </div>
  );
});

const BalanceRowView = memo(function BalanceRowView({ row, rowIndex }: { row: BalanceRow; rowIndex: number }) {
  return (
    <tr aria-rowindex={rowIndex} data-testid="balance-row">
      <td title={row.name ? `${row.ticker} \u00b7 ${row.name}` : row.ticker}>
        <span className="cell-main">{row.ticker}</span>
        {row.name ? <span className="cell-sub">{row.name}</span> : null}
      </td>
      <td className="align-end num" title={row.amount}>
        {formatAmount(row.amount)}
      </td>
      <td className="align-end">
        <CopyButton value={row.amount} label={`${row.ticker} amount`} />
      </td>
    </tr>
  );
});

/** The "below" amount for hiding small balances; saved to settings when it is a valid decimal. */
function ThresholdInput({ saved }: { saved: string }) {
  const [draft, setDraft] = useState(saved);
  const update = useUpdateSettings();
  const valid = draft.trim() === '' || (isLooseDecimalString(draft.trim()) && !draft.trim().startsWith('-'));
  const commit = () => {
    const value = draft.trim() === '' ? '0' : draft.trim();
    if (!valid || value === saved) return;
    update.mutate({ hideSmallBelow: value === '0' || !isPositive(value) ? '0' : value });
  };
  return (
    <label className="field field--inline">
      <span className="field__label">below</span>
      <input
        type="text"
        inputMode="decimal"
        className="input input--narrow"
        aria-label="Small balance threshold"
        aria-invalid={!valid}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
      {!valid ? <span className="field__error">Enter an amount such as 0.001</span> : null}
      {update.error ? <span className="field__error">{update.error.error.message}</span> : null}
    </label>
  );
}
