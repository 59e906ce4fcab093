import { useDeferredValue, useMemo, useState } from 'react';
import { plural, t } from '@lingui/core/macro';
import type { AccountSummary } from '../../../shared/model/accounts';
import { DEFAULT_QUOTE } from '../../../shared/model/choices';
import { ALL_ACCOUNTS_SERIES, type AssetChange } from '../../../shared/model/history';
import { isLooseDecimalString, isPositive } from '../../../shared/money/decimal';
import { QUOTE_CHOICES } from '../../../shared/model/choices';
import { REFERENCE_DATA, useChannelQuery, useSettings, useUpdateSettings } from '../../api/queries';
import { EmptyState, QueryState, View } from '../../components';
import { formatAmount } from '../../format/format';
import { useUi } from '../../state/ui';
import { useToasts } from '../../shell/toasts/toasts';
import { useLiveBalances, useLivePolling } from '../../shell/useLive';
import { SearchField } from './SearchField';
import { AccountTotal } from './AccountTotal';
import { BalancesTable } from './BalancesTable';
import { ThresholdInput } from './ThresholdInput';
import { AccountsTotals } from './AccountsTotals';
import { HoldingsTable } from './HoldingsTable';
import { SubAccountsIncluded } from './SubAccountsIncluded';
import { AccountScopeSelect, useAccountScope } from './AccountScopeSelect';
import { useAssetChanges } from './useAssetChanges';
import { figureWidths } from './columnWidths';
import { buildRows, filterRows, sortRows, type BalanceRow, type RowCache } from './rows';
// The shared table styles: this view's table is not a DataTable, so nothing else would bring them
// into the first chunk (the first paint showed an unstyled table until another view's chunk loaded).
import '../../components/DataTable.css';
import './balances.css';
import { noteWords } from './noteWords';

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
  useLiveBalances(account.id, allAccounts);
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
