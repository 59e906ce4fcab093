import { memo, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { msg, plural, t } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import type { AccountSummary } from '../../../shared/model/accounts';
import type { BalancesOverview } from '../../../shared/model/balances';
import { DEFAULT_QUOTE } from '../../../shared/model/choices';
import { ALL_ACCOUNTS_SERIES, type AssetChange } from '../../../shared/model/history';
import { isLooseDecimalString, isNegative, isPositive, isZero, roundForDisplay } from '../../../shared/money/decimal';
import { QUOTE_CHOICES } from '../../../shared/model/choices';
import { REFERENCE_DATA, useChannelQuery, useSettings, useUpdateSettings } from '../../api/queries';
import { CopyButton, copyButtonLabelLength, EmptyState, errorTitle, heldSortTitle, QueryState, ResortPrompt, useStableOrder, View } from '../../components';
import type { AppError } from '../../../shared/errors';
import { knownTotals, type KnownTotals } from './knownTotals';
import { useRowWindow, type HeightLimit } from '../../components/useRowWindow';
import { useScrollsSideways } from '../../components/useScrollsSideways';
import { formatAmount, formatEpochMs, formatPercent } from '../../format/format';
import { useUi, type BalancesUi } from '../../state/ui';
import { useToasts } from '../../shell/toasts/toasts';
import { useLiveBalances, useLivePolling } from '../../shell/useLive';
import { SearchField } from './SearchField';
import { AccountsTotals } from './AccountsTotals';
import { HoldingsTable } from './HoldingsTable';
import { SubAccountsIncluded } from './SubAccountsIncluded';
import { AccountScopeSelect, useAccountScope } from './AccountScopeSelect';
import { amountChangeText, amountText, changeText, displayValue, frozenText, noPriceText, shareText, valueChangeText } from './cells';
import { useAssetChanges, type ShownChanges } from './useAssetChanges';
import { columnWidth, figureWidths, type FigureWidths } from './columnWidths';
import { buildRows, filterRows, sortRows, type BalanceRow, type RowCache } from './rows';
// The shared table styles: this view's table is not a DataTable, so nothing else would bring them
// into the first chunk (the first paint showed an unstyled table until another view's chunk loaded).
import '../../components/DataTable.css';
import './balances.css';
import { readAmountInput } from '../../../shared/money/amountInput';
import { noteWords } from './noteWords';

const ROW_HEIGHT = 52;
/** The table scrolls within the window below the view's header, totals and toolbar. */
/**
 * The table fills what the view leaves below its header, total and toolbar (balances.css), and
 * is the one thing that scrolls; this limit only estimates, before layout, how many rows show.
 */
const TABLE_HEIGHT: HeightLimit = { windowMinus: 250, atLeast: 200 };

/**
 * The whole account at a glance: every asset across the main, trade and collateral accounts,
 * valued in the chosen quote, most valuable first, with the total and its split on top. Prices
 * the exchange does not give stay "no price" (never zero) and are counted, and whatever could not
 * be read is named in a note while the rest stays.
 */
/**
 * The CSV writer is a chunk of its own, loaded on the first export. A failed load (the app
 * restarting, say) says so in a toast instead of a button that silently does nothing.
 */
function exportCsv(rows: readonly BalanceRow[], quote: string, accountName: string, changes: ReadonlyMap<string, AssetChange>): void {
  import('./exportCsv')
    .then(({ exportBalancesCsv }) => exportBalancesCsv(rows, quote, accountName, changes))
    .catch(() => useToasts.getState().show({ id: 'balances-export', tone: 'danger', title: t`The CSV could not be written`, body: t`Part of the app did not load. Try again in a moment.` }));
}

/** The file name's part for a sum over every account (file names stay in one language). */
const EXPORT_ALL_ACCOUNTS = 'all accounts';

export function BalancesView({ account }: { account: AccountSummary }) {
  const ui = useUi((s) => s.balances);
  const setUi = useUi((s) => s.setBalances);
  const { settings } = useSettings();
  const update = useUpdateSettings();
  const quote = settings?.quote ?? DEFAULT_QUOTE;
  const savedThreshold = settings?.hideSmallBelow ?? '0';
  // What the person is typing applies at once (ThresholdInput reports it; null while it is not an
  // amount); it is saved on Enter, on leaving the field or after a pause.
  const [typedThreshold, setTypedThreshold] = useState<string | null>(null);
  const threshold = typedThreshold ?? savedThreshold;
  // Until a person picks, every account is the landing view once more than one (Demo aside) is configured.
  const accountScope = useAccountScope();
  const allAccounts = accountScope.chosen ?? accountScope.realAccounts > 1;
  // While the account is live its balances are read on the slow reconcile clock, and again when a
  // pushed balance changed (docs/decisions.md).
  const overview = useChannelQuery('balances.overview', allAccounts ? { quote } : { accountId: account.id, quote }, useLivePolling(account.id));
  useLiveBalances(account.id);
  // Names are a nicety: if assets fail to load, balances still show (by ticker).
  const assets = useChannelQuery('exchange.assets', { accountId: account.id }, { ...REFERENCE_DATA, staleTime: 10 * 60_000, refetchInterval: false });

  // Rows built for earlier answers, so that a refresh re-renders only the rows whose figures moved.
  const [rowCache] = useState<RowCache>(() => ({ assets: undefined, built: new WeakMap() }));
  // A refresh's rows, like a search's (below), are deferred values: React renders them in a pass it
  // may interrupt, so a refresh that lands while someone types does not hold their keys up. The first
  // answer is drawn at once (deferred, it would first draw an empty list: "nothing matches").
  const answerRows = useDeferredValue(overview.data?.rows) ?? overview.data?.rows;
  const allRows = useMemo(() => (answerRows ? buildRows(answerRows, assets.data?.items, rowCache) : []), [answerRows, assets.data, rowCache]);
  // What changed per asset over 24 h, in the series History keeps for what this view shows.
  const answered = overview.data;
  const changesSeries = answered === undefined ? null : !allAccounts ? account.id : answered.accounts.length === 1 ? answered.accounts[0]!.id : ALL_ACCOUNTS_SERIES;
  const changes = useAssetChanges(changesSeries, quote, overview.dataUpdatedAt);
  const sorted = useMemo(() => sortRows(allRows, ui.sortBy, ui.sortDirection, changes.sortValue), [allRows, ui.sortBy, ui.sortDirection, changes]);
  // The search box hands its text over once the keystroke has painted, or once a burst of fast
  // typing pauses (SearchField). The rows then follow in a render React may interrupt, so a key
  // pressed while a long list filters is handled between its slices.
  const search = useDeferredValue(ui.search);
  const thresholdSet = isLooseDecimalString(threshold) && isPositive(threshold);
  const hideSmall = ui.hideSmall ?? thresholdSet;
  const hideBelow = useMemo(() => (hideSmall && thresholdSet ? threshold : null), [hideSmall, thresholdSet, threshold]);
  const { rows: visible, hiddenSmall } = useMemo(() => filterRows(sorted, search, hideBelow), [sorted, search, hideBelow]);
  // From every row, not the visible ones: a search or a scroll never moves the columns.
  const widths = useMemo(() => figureWidths(allRows, quote, [...changes.byAsset.values()]), [allRows, quote, changes]);
  const data = overview.data;
  const names = data ? data.accounts.map((a) => a.name).join(', ') : '';
  const scope = allAccounts ? (data ? t`All accounts (${names})` : t`All accounts`) : account.name;
  const assetCount = plural(allRows.length, { one: '# asset', other: '# assets' });
  const zeroCount = data && data.zeroAssets > 0 ? plural(data.zeroAssets, { one: '# asset at zero not listed', other: '# assets at zero not listed' }) : null;

  return (
    <View
      name="balances"
      className="view--fill view--balances view--title-row"
      title={t`Balances`}
      subtitle={
        <>
          {`${t`Main, trade and collateral of ${scope}`}${data ? ` \u00b7 ${assetCount}` : ''}`}
          {zeroCount ? (
            <>
              {' \u00b7 '}
              <span data-testid="hidden-zero-count">{zeroCount}</span>
            </>
          ) : null}
        </>
      }
      actions={
        <div className="toolbar">
          <AccountScopeSelect label={t`Show`} ariaLabel={t`Balances of`} accountName={account.name} allAccounts={allAccounts} onChange={accountScope.setAllAccounts} />
          <label className="field field--inline">
            <span className="field__label">{t`Value in`}</span>
            <select aria-label={t`Quote currency`} value={quote} disabled={update.isPending} onChange={(e) => update.mutate({ quote: e.target.value })}>
              {[...new Set([quote, ...QUOTE_CHOICES])].map((q) => (
                <option key={q} value={q}>
                  {q}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="button" disabled={visible.length === 0} onClick={() => exportCsv(visible, quote, allAccounts ? EXPORT_ALL_ACCOUNTS : account.name, changes.byAsset)}>
            {t`Export CSV`}
          </button>
        </div>
      }
    >
      {data ? <AccountTotal overview={data} staleError={overview.isError ? overview.error.error : null} /> : null}
      {data && allAccounts && data.byAccount.length > 1 ? <AccountsTotals overview={data} /> : null}
      {data && !allAccounts && ui.includeSubAccounts ? <SubAccountsIncluded accountId={account.id} quote={quote} ownTotal={data.totals.value} /> : null}
      {data && ((allAccounts && data.byAccount.length > 1) || ui.includeSubAccounts) ? (
        <HoldingsTable accountId={allAccounts ? undefined : account.id} quote={quote} subAccounts={ui.includeSubAccounts} fileName={allAccounts ? EXPORT_ALL_ACCOUNTS : account.name} />
      ) : null}
      {data && data.notes.length > 0 ? (
        <ul className="balances-notes" role="status" aria-label={t`What is missing`}>
          {data.notes.map((note, i) => (
            <li key={i}>{noteWords(note)}</li>
          ))}
        </ul>
      ) : null}

      <div className="toolbar balances-toolbar">
        <SearchField value={ui.search} onSearch={(search) => setUi({ search })} />
        <span className="balances-toolbar__group">
          <label className="checkbox">
            <input type="checkbox" checked={hideSmall} onChange={(e) => setUi({ hideSmall: e.target.checked })} />
            {t`Hide small balances`}
          </label>
          <ThresholdInput saved={savedThreshold} quote={quote} onTyped={setTypedThreshold} />
        </span>
        <label className="checkbox">
          <input type="checkbox" checked={ui.includeSubAccounts} onChange={(e) => setUi({ includeSubAccounts: e.target.checked })} />
          {t`Include sub-accounts`}
        </label>
        {hiddenSmall > 0 ? (
          <span className="field__hint" data-testid="hidden-small-count">
            {t`${hiddenSmall} worth less than ${formatAmount(threshold)} ${quote} hidden`}
          </span>
        ) : null}
      </div>

      <QueryState
        query={overview}
        staleNote={false}
        loading={{ rows: 8, label: t`Loading balances` }}
        empty={{
          when: (answer) => answer.rows.length === 0,
          title: data && data.zeroAssets > 0 ? t`Every balance is zero` : t`No balances yet`,
          text: t`This account holds no assets on its main, trade or collateral balance.`,
        }}
      >
        {() =>
          visible.length === 0 ? (
            <div className="card">
              <EmptyState
                title={ui.search ? t`No assets match “${ui.search}”` : t`Every balance is worth less than ${formatAmount(threshold)} ${quote}`}
                action={
                  <button type="button" className="button" onClick={() => setUi({ search: '', hideSmall: false })}>
                    {t`Show all`}
                  </button>
                }
              />
            </div>
          ) : (
            <BalancesTable rows={visible} filterKey={`${search}|${hideBelow ?? ''}`} widths={widths} quote={quote} changes={changes} sortBy={ui.sortBy} sortDirection={ui.sortDirection} onSort={setUi} />
          )
        }
      </QueryState>
    </View>
  );
}

/**
 * The account's worth in bold, its split by account part, and the allocation picture (computed by
 * the main process with the totals). Memoised: nothing in it changes while someone types a search.
 */
const AccountTotal = memo(function AccountTotal({ overview, staleError }: { overview: BalancesOverview; staleError: AppError | null }) {
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

function nextSort(ui: Pick<BalancesUi, 'sortBy' | 'sortDirection'>, sortBy: BalancesUi['sortBy']): Partial<BalancesUi> {
  if (ui.sortBy === sortBy) return { sortDirection: ui.sortDirection === 'asc' ? 'desc' : 'asc' };
  // Figures are most useful largest first; tickers alphabetically.
  return { sortBy, sortDirection: sortBy === 'ticker' ? 'asc' : 'desc' };
}

type SortProps = Pick<BalancesUi, 'sortBy' | 'sortDirection'>;
const assetKey = (row: BalanceRow) => row.asset;

/** Memoised: typing in the search box re-renders it only when the visible rows change. */
const BalancesTable = memo(function BalancesTable({
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
      <button
        type="button"
        className="sort-button"
        data-active={ui.sortBy === by}
        data-held={ui.sortBy === by && moved > 0 ? 'true' : undefined}
        title={ui.sortBy === by ? heldSortTitle(moved) : undefined}
        onClick={() => onSort(nextSort(ui, by))}
      >
        {label} {ui.sortBy === by ? (ui.sortDirection === 'asc' ? '\u2191' : '\u2193') : ''}
      </button>
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

/** How long typing must pause before the threshold is saved (it applies to the table at once). */
const THRESHOLD_SAVE_AFTER_MS = 800;

/**
 * The "below" amount for hiding small balances: each valid amount typed applies at once
 * (`onTyped`), and is saved to settings on Enter, on leaving the field or after a pause.
 */
function ThresholdInput({ saved, quote, onTyped }: { saved: string; quote: string; onTyped(value: string | null): void }) {
  const [draft, setDraft] = useState(saved);
  const input = useRef<HTMLInputElement | null>(null);
  // A threshold saved elsewhere (another window, a reset) shows here unless the person is typing.
  useEffect(() => {
    if (document.activeElement !== input.current) setDraft(saved);
  }, [saved]);
  const update = useUpdateSettings();
  const read = readAmountInput(draft);
  const valid = read.ok;
  const typed = read.ok ? (read.value === '' || !isPositive(read.value) ? '0' : read.value) : null;
  const commit = () => {
    if (typed === null || typed === saved) return;
    update.mutate({ hideSmallBelow: typed });
  };
  useEffect(() => {
    onTyped(typed);
    if (typed === null || typed === saved) return;
    const timer = setTimeout(() => update.mutate({ hideSmallBelow: typed }), THRESHOLD_SAVE_AFTER_MS);
    return () => clearTimeout(timer);
    // Runs for what is typed; the mutation object changes identity as it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed, saved]);
  return (
    <label className="field field--inline">
      <span className="field__label">{t`worth below`}</span>
      <input
        ref={input}
        type="text"
        inputMode="decimal"
        className="input input--narrow"
        aria-label={t`Small balance threshold`}
        aria-invalid={!valid}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
      <span className="field__label">{quote}</span>
      {!valid ? <span className="field__error">{t`Enter an amount such as 0.001`}</span> : null}
      {update.error ? <span className="field__error">{errorTitle(update.error.error)}</span> : null}
    </label>
  );
}
