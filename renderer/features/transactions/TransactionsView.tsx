import { plural, t } from '@lingui/core/macro';
import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { HISTORY_LIMIT } from '../../../shared/api/endpoints';
import { explorerUrl } from '../../../shared/explorers';
import type { AccountSummary } from '../../../shared/model/accounts';
import { HISTORY_WINDOW, TRANSACTION_PHASE_NAMES, transactionPhase, type TransactionFilter, type TransactionPhase, type TransactionRow } from '../../../shared/model/transactions';
import { invoke } from '../../api/invoke';
import { useChannelQuery } from '../../api/queries';
import { useExportAll } from '../../api/useExportAll';
import { Badge, CopyButton, DataTable, DateRangeFields, ExportAllButton, FormActions, ExportProgress, Field, Pager, QueryState, TextInputField, useFilterDraft, View, type BadgeTone, type Column } from '../../components';
import { downloadCsv } from '../../csv/csv';
import { csvFilename } from '../../csv/filename';
import { formatAmount, formatUnixSeconds, isoFromUnixSeconds } from '../../format/format';
import { checkFilter, EMPTY_FILTER, type FilterDraft } from './filterForm';
import { phaseWords, statusWords } from './phaseWords';
import { transactionsCsvRows } from './transactionsCsv';
import './transactions.css';

const PAGE_SIZES = [25, 50, 100, 250] as const;

function statusTone(phase: TransactionPhase | 'unknown'): BadgeTone {
  if (phase === 'successful') return 'positive';
  if (phase === 'pending') return 'info';
  if (phase === 'canceled' || phase === 'uncredited') return 'neutral';
  return 'warning';
}

const COLUMNS = (): Column<TransactionRow>[] => [
  { header: t`Date`, width: '16%', cellProps: (row) => ({ title: row.createdAt === null ? undefined : isoFromUnixSeconds(row.createdAt) }), cell: (row) => (row.createdAt === null ? '\u2014' : formatUnixSeconds(row.createdAt)) },
  { header: t`Type`, width: '10%', cell: (row) => (row.kind === 'deposit' ? t`Deposit` : row.kind === 'withdrawal' ? t`Withdrawal` : t`Other`) },
  {
    header: t`Amount`,
    width: '16%',
    align: 'end',
    cellProps: (row) => ({ className: 'num', title: `${row.amount} ${row.ticker ?? ''}`, 'data-testid': 'transaction-amount' }),
    cell: (row) => (
      <>
        {row.kind === 'withdrawal' ? '\u2212' : '+'}
        {formatAmount(row.amount)} <span className="ticker">{row.ticker ?? ''}</span>
      </>
    ),
  },
  { header: t`Fee`, width: '9%', align: 'end', cellProps: (row) => ({ className: 'num', title: row.fee ?? undefined }), cell: (row) => (row.fee === null ? '\u2014' : formatAmount(row.fee)) },
  { header: t`Network`, width: '10%', cellProps: (row) => ({ title: row.network ?? undefined }), cell: (row) => row.network ?? '\u2014' },
  {
    header: t`Status`,
    width: '17%',
    cellProps: (row) => ({ title: t`The exchange records this as status ${row.status}`, 'data-testid': 'transaction-status' }),
    cell: (row) => {
      const phase = transactionPhase(row.status);
      return (
        <>
          <Badge tone={statusTone(phase)}>{statusWords(phase, row.status)}</Badge>
          {row.confirmations ? <span className="field__hint num"> {t`${row.confirmations.actual}/${row.confirmations.required} conf.`}</span> : null}
        </>
      );
    },
  },
  { header: t`Transaction`, cell: (row) => <HashCell row={row} /> },
];

/** The network's id of the transfer: shortened, copyable, and linked to its explorer where known. */
function HashCell({ row }: { row: TransactionRow }) {
  if (!row.transactionHash) return <span className="field__hint">{row.kind === 'withdrawal' && row.uniqueId ? t`not on the network yet` : '\u2014'}</span>;
  const link = explorerUrl(row.network, row.ticker, row.transactionHash);
  const hash = row.transactionHash;
  return (
    <span className="hash-cell">
      <span className="num hash-cell__text" title={hash}>
        {`${hash.slice(0, 8)}\u2026`}
      </span>
      <CopyButton value={hash} label={t`transaction hash`} className="button--small" />
      {link ? (
        <a href={link} target="_blank" rel="noreferrer" className="hash-cell__link">
          {t`Explorer`}
        </a>
      ) : null}
    </span>
  );
}

/**
 * Every deposit and withdrawal of the account from the exchange's own history, not only what this
 * app sent: filtered by type, asset, status and dates, paged, and exported whole as CSV.
 */
export function TransactionsView({ account }: { account: AccountSummary }) {
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[1]);
  const [offset, setOffset] = useState(0);
  const windowSize = formatAmount(String(HISTORY_WINDOW));
  const { draft, setDraft, filter, errors, apply, clear } = useFilterDraft<FilterDraft, TransactionFilter>(EMPTY_FILTER, { kind: 'all' }, checkFilter, () => setOffset(0));
  const query = useChannelQuery('transactions.page', { accountId: account.id, filter, limit: pageSize, offset }, { placeholderData: keepPreviousData });
  const exporter = useExportAll<TransactionRow>(HISTORY_LIMIT.max, (rows) => downloadCsv(csvFilename('transactions', account.name), transactionsCsvRows(rows)));

  const page = query.data;
  const total = page?.total ?? 0;
  const rows = page?.rows ?? [];

  const goTo = (next: number) => {
    setOffset(next);
    // A new page starts at its top, not where the last one was scrolled to.
    document.getElementById('transactions-title')?.scrollIntoView?.({ block: 'start' });
  };

  const pager = (where: 'top' | 'bottom') => (
    <Pager
      label={where === 'top' ? t`Transactions pages (top)` : t`Transactions pages (bottom)`}
      status={
        <>
          {rows.length > 0 ? t`Showing ${offset + 1}\u2013${offset + rows.length} of ${total}` : `${total} transactions`}
          {query.isFetching && !query.isPending ? ' \u00b7 loading\u2026' : ''}
        </>
      }
      pageSize={pageSize}
      pageSizes={PAGE_SIZES}
      pageSizeLabel={where === 'top' ? t`Transactions per page (top)` : t`Transactions per page (bottom)`}
      onPageSize={(size) => {
        setPageSize(size);
        setOffset(0);
      }}
      canGoBack={offset > 0}
      canGoForward={offset + pageSize < total && offset + 2 * pageSize <= HISTORY_WINDOW}
      onBack={() => goTo(Math.max(0, offset - pageSize))}
      onForward={() => goTo(offset + pageSize)}
    />
  );

  return (
    <View
      name="transactions"
      className="view--title-row"
      title={t`Transactions`}
      subtitle={t`Every deposit and withdrawal of ${account.name} in the exchange's history, including those made elsewhere.`}
      actions={
        <div className="toolbar">
          <ExportAllButton state={exporter.state} total={total} onCancel={exporter.cancel} onStart={() => void exporter.start((at, limit, signal) => invoke('transactions.page', { accountId: account.id, filter, limit, offset: at }, { signal }))} />
        </div>
      }
    >
      <ExportProgress state={exporter.state} noun={(count) => plural(count, { one: '# transaction', other: '# transactions' })} windowNote={t`The exchange serves only the newest ${windowSize} of this query; older ones are not in the file.`} />
      <form className="card card__section form transactions-filter" aria-label={t`Filter transactions`} onSubmit={apply} noValidate>
        <div className="filter-fields">
          <Field label={t`Type`}>
            {(control) => (
              <select {...control} value={draft.kind} onChange={(e) => setDraft({ ...draft, kind: e.target.value as FilterDraft['kind'] })}>
                <option value="all">{t`All types`}</option>
                <option value="deposit">{t`Deposits`}</option>
                <option value="withdrawal">{t`Withdrawals`}</option>
              </select>
            )}
          </Field>
          <TextInputField label={t`Asset`} placeholder={t`e.g. BTC`} value={draft.ticker} maxLength={20} onChange={(ticker) => setDraft({ ...draft, ticker })} error={errors.ticker} />
          <Field label={t`Status`}>
            {(control) => (
              <select {...control} value={draft.phase} onChange={(e) => setDraft({ ...draft, phase: e.target.value as FilterDraft['phase'] })}>
                <option value="">{t`Any status`}</option>
                {TRANSACTION_PHASE_NAMES.map((phase) => (
                  <option key={phase} value={phase}>
                    {phaseWords(phase)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <DateRangeFields from={draft.from} to={draft.to} errors={errors} onChange={(patch) => setDraft({ ...draft, ...patch })} />
        </div>
        <FormActions submit={t`Apply filter`} cancel={t`Clear`} onCancel={clear} />
      </form>
      <QueryState
        query={query}
        loading={{ rows: 8, label: t`Loading transactions` }}
        noun={(count) => plural(count, { one: '# transaction', other: '# transactions' })}
        empty={{ when: (answer) => answer.total === 0 && offset === 0, title: t`No transactions`, text: t`Nothing in the exchange history matches this filter.` }}
      >
        {() => (
          <div className="card">
            {pager('top')}
            <DataTable
              className="table--transactions"
              aria-label={t`Transactions`}
              columns={COLUMNS()}
              rows={rows}
              rowKey={(row) => row.key}
              rowTestId="transaction-row"
              rowProps={(row) => ({ 'data-kind': row.kind })}
              empty={{ title: t`Nothing on this page`, text: t`Go back to an earlier page.` }}
            />
            {pager('bottom')}
            {page?.windowLimited ? (
              <p className="field__hint pager-note">{t`The exchange serves only the newest ${windowSize} records of a query; narrow the filter to reach older ones.`}</p>
            ) : null}
          </div>
        )}
      </QueryState>
    </View>
  );
}
