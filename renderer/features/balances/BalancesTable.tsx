import { memo, useRef } from 'react';
import { t } from '@lingui/core/macro';
import type { AssetChange } from '../../../shared/model/history';
import { isNegative, isZero } from '../../../shared/money/decimal';
import { CopyButton, copyButtonLabelLength, ResortPrompt, SortButton, useStableOrder } from '../../components';
import { useRowWindow, type HeightLimit } from '../../components/useRowWindow';
import { useScrollsSideways } from '../../components/useScrollsSideways';
import { formatEpochMs } from '../../format/format';
import type { BalancesUi } from '../../state/ui';
import { amountChangeText, amountText, changeText, displayValue, frozenText, noPriceText, shareText, valueChangeText } from './cells';
import type { ShownChanges } from './useAssetChanges';
import { columnWidth, type FigureWidths } from './columnWidths';
import type { BalanceRow } from './rows';

const ROW_HEIGHT = 52;
/**
 * The table fills what the view leaves below its header, total and toolbar (balances.css), and
 * is the one thing that scrolls; this limit only estimates, before layout, how many rows show.
 */
const TABLE_HEIGHT: HeightLimit = { windowMinus: 250, atLeast: 200 };

function nextSort(ui: Pick<BalancesUi, 'sortBy' | 'sortDirection'>, sortBy: BalancesUi['sortBy']): Partial<BalancesUi> {
  if (ui.sortBy === sortBy) return { sortDirection: ui.sortDirection === 'asc' ? 'desc' : 'asc' };
  // Figures are most useful largest first; tickers alphabetically.
  return { sortBy, sortDirection: sortBy === 'ticker' ? 'asc' : 'desc' };
}

type SortProps = Pick<BalancesUi, 'sortBy' | 'sortDirection'>;
const assetKey = (row: BalanceRow) => row.asset;

/** Memoised: typing in the search box re-renders it only when the visible rows change. */
export const BalancesTable = memo(function BalancesTable({
  rows: sortedRows,
  filterKey,
  widths,
  quote,
  changes,
  sortBy,
  sortDirection,
  onSort,
}: SortProps & { rows: BalanceRow[]; filterKey: string; widths: FigureWidths; quote: string; changes: ShownChanges; onSort(patch: Partial<BalancesUi>): void }) {
  const ui = { sortBy, sortDirection };
  // Values tick under a live feed: rows keep their places until the person sorts or asks to re-sort.
  // A new filter or quote is a choice like a new sort: the rows are sorted afresh.
  const { rows, moved, resort } = useStableOrder(sortedRows, assetKey, `${sortBy}:${sortDirection}:${quote}:${filterKey}`);
  const containerRef = useRef<HTMLDivElement | null>(null);
  // Only the rows in view (plus an overscan) are in the DOM: 10 000 balances cost as much as 30.
  const { start, end, padTop, padBottom, slots } = useRowWindow(containerRef, rows.length, ROW_HEIGHT, 4, TABLE_HEIGHT);
  const scrollsSideways = useScrollsSideways(containerRef);
  const labels = { main: t`Main`, trade: t`Trade`, collateral: t`Collateral`, total: t`Total`, value: t`Value (${quote})`, change: t`24 h change` };
  const changesShown = changes.missing === null;
  const since = changes.since === null ? '' : formatEpochMs(changes.since);
  const header = (by: BalancesUi['sortBy'], label: string, end = true, title?: string) => (
    <th className={end ? 'align-end' : 'cell-sticky'} title={title} aria-sort={ui.sortBy === by ? (ui.sortDirection === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <SortButton label={label} direction={ui.sortBy === by ? ui.sortDirection : null} moved={moved} onClick={() => onSort(nextSort(ui, by))} />
    </th>
  );
  return (
    <>
    <ResortPrompt moved={moved} onResort={resort} />
    <div className="card table-scroll balances-scroll" ref={containerRef} data-testid="balances-scroll" data-scrolls={scrollsSideways ? 'sideways' : undefined}>
      <table className="table table--fixed-rows table--balances" aria-rowcount={rows.length + 1}>
        {/* What a person scans for first (the whole holding, its worth, its move) comes first; its
            split over the three balances follows, past the frame's edge in a narrow window. */}
        <colgroup>
          <col className="col--asset" />
          <col className="col--figure" style={{ width: columnWidth(widths.total, labels.total, true) }} />
          <col className="col--figure" style={{ width: columnWidth(Math.max(widths.value, widths.share), labels.value, true) }} />
          {/* Without figures, room for the note on two lines: a taller header would hide rows. */}
          <col className="col--figure" style={{ width: columnWidth(changesShown ? Math.max(widths.valueChange, widths.amountChange) : Math.ceil(missingChangesText(changes.missing).length / 2) + 2, labels.change, changesShown) }} />
          <col className="col--figure" style={{ width: columnWidth(widths.main, labels.main, false) }} />
          <col className="col--figure" style={{ width: columnWidth(widths.trade, labels.trade, false) }} />
          <col className="col--figure" style={{ width: columnWidth(widths.collateral, labels.collateral, false) }} />
          {/* The copy button's longest label, its padding and the cell's (DataTable.css). */}
          <col style={{ width: `calc(${copyButtonLabelLength()}ch + 48px)` }} />
        </colgroup>
        <thead>
          <tr>
            {header('ticker', t`Asset`, false)}
            {header('amount', labels.total)}
            {header('value', labels.value, true, t`The value in ${quote} at the latest price; under it, its share of the total.`)}
            {changesShown ? (
              header(
                'change',
                labels.change,
                true,
                t`The value now minus the value at ${since}, about 24 hours ago, in ${quote}: the amount and its price together. Under it, the amount held now minus the amount held then: deposits, withdrawals and trades.`,
              )
            ) : (
              <th className="align-end" data-testid="changes-missing">
                {labels.change}
                <span className="cell-sub">{missingChangesText(changes.missing)}</span>
              </th>
            )}
            <th className="align-end">{labels.main}</th>
            <th className="align-end">{labels.trade}</th>
            <th className="align-end">{labels.collateral}</th>
            <th>
              <span className="visually-hidden">{t`Actions`}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {padTop > 0 ? <tr aria-hidden="true" className="spacer" style={{ height: padTop }} /> : null}
          {/* Keyed by slot, not by asset: typing a search rewrites the text of the rows in place
              (bench:ui, keystroke to paint) rather than building new rows for every keystroke. */}
          {rows.slice(start, end).map((row, i) => (
            <BalanceRowView key={(start + i) % slots} row={row} quote={quote} rowIndex={start + i + 2} change={changesShown ? changes.byAsset.get(row.asset) : undefined} />
          ))}
          {padBottom > 0 ? <tr aria-hidden="true" className="spacer" style={{ height: padBottom }} /> : null}
        </tbody>
      </table>
    </div>
    </>
  );
});

/** An amount cell: blank for zero, so the eye finds where an asset is held. */
function PartCell({ amount, sub, testId }: { amount: string; sub?: string; testId: string }) {
  const zero = isZero(amount) && (sub === undefined || isZero(sub));
  return (
    <td className="align-end num" title={amount} data-testid={testId}>
      {zero ? <span className="cell-zero">{'\u2013'}</span> : amountText(amount)}
      {sub !== undefined && !isZero(sub) ? <span className="cell-sub">{frozenText(sub)}</span> : null}
    </td>
  );
}

/** Why the 24 h change columns are empty: said once, in their header. */
function missingChangesText(missing: ShownChanges['missing']): string {
  switch (missing) {
    case 'not_enough_history':
      return t`not enough history yet`;
    case 'history_unavailable':
      return t`History is unavailable`;
    case 'failed':
      return t`could not be read`;
    default:
      return t`not read yet`;
  }
}

const toneOf = (change: string | null | undefined) => (change == null || isZero(change) ? '' : isNegative(change) ? 'change--down' : 'change--up');

/**
 * The asset's value change over 24 h, its amount change under it (a dash while there are none);
 * every digit of both, and the price's own move, in the title.
 */
function ChangeCell({ asset, change, priceMove, quote }: { asset: string; change: AssetChange | undefined; priceMove: string | null; quote: string }) {
  const move = priceMove === null ? '' : t`Its price alone moved ${changeText(priceMove)} in 24 hours.`;
  const exact = change === undefined ? '' : `${change.value === null ? t`Value: not known, no price at one end.` : t`Value: ${change.value} ${quote}.`} ${t`Amount: ${change.amount} ${asset}.`}`;
  return (
    <td className={`align-end num ${toneOf(change?.value)}`} title={[exact, move].filter((part) => part !== '').join(' ') || undefined} data-testid="balance-change">
      {change === undefined || change.value === null ? <span className="cell-zero">{'\u2013'}</span> : <span data-testid="balance-value-change">{valueChangeText(change.value, quote)}</span>}
      {change === undefined ? null : (
        <span className="cell-sub" data-testid="balance-amount-change">
          {`${amountChangeText(change.amount)} ${asset}`}
        </span>
      )}
    </td>
  );
}

const BalanceRowView = memo(function BalanceRowView({ row, quote, rowIndex, change }: { row: BalanceRow; quote: string; rowIndex: number; change: AssetChange | undefined }) {
  return (
    <tr aria-rowindex={rowIndex} data-testid="balance-row" data-asset={row.asset}>
      <td className="cell-sticky" title={row.name ? `${row.asset} \u00b7 ${row.name}` : row.asset}>
        <span className="cell-main">{row.asset}</span>
        {row.name ? <span className="cell-sub clip">{row.name}</span> : null}
      </td>
      <td className="align-end num" title={row.total} data-testid="balance-total">
        {amountText(row.total)}
      </td>
      <td className="align-end num" title={row.value === null ? t`No ${quote} price on the exchange` : t`${row.value} ${quote} at ${row.price ?? ""} ${quote}`} data-testid="balance-value">
        {row.value === null ? <span className="cell-zero">{noPriceText()}</span> : displayValue(row.value, quote)}
        {row.share === null ? null : (
          <span className="cell-sub" data-testid="balance-share">
            {shareText(row.share)}
          </span>
        )}
      </td>
      <ChangeCell asset={row.asset} change={change} priceMove={row.change24h} quote={quote} />
      <PartCell amount={row.main} testId="balance-main" />
      <PartCell amount={row.tradeAvailable} sub={row.tradeFrozen} testId="balance-trade" />
      <PartCell amount={row.collateral} testId="balance-collateral" />
      <td className="align-end">
        {/* Its "Copied" belongs to this asset, not to the row slot that shows another one next. */}
        <CopyButton key={row.asset} value={row.total} label={t`${row.asset} amount`} />
      </td>
    </tr>
  );
});
