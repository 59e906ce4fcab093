import { keepPreviousData } from '@tanstack/react-query';
import type { CodeRecord } from '../../../shared/api/schemas';
import { CODES_LIMIT } from '../../../shared/api/endpoints';
import type { AccountSummary } from '../../../shared/model/accounts';
import { CODE_STATUS_GROUPS, CODES_WINDOW, codeStatusWords, type CodeFilter, type CodeList } from '../../../shared/model/codes';
import { invoke } from '../../api/invoke';
import { useChannelQuery } from '../../api/queries';
import { useExportAll } from '../../api/useExportAll';
import { Badge, CopyButton, DataTable, DateRangeFields, ExportAllButton, FormActions, ExportProgress, Field, Pager, QueryState, TextInputField, useFilterDraft, View, type Column } from '../../components';
import { downloadCsv } from '../../csv';
import { csvFilename } from '../../csvFilename';
import { formatAmount, formatUnixSeconds, isoFromUnixSeconds } from '../../format';
import { useUi } from '../../state/ui';
import { codeStatusTone, isKnownCodeStatus } from './codeStatus';
import { codesCsvRows } from './codesCsv';
import { checkCodeFilter, EMPTY_CODE_FILTER, type CodeFilterDraft } from './filterForm';
import './codes.css';

export const PAGE_SIZES = [10, 30, 50, CODES_LIMIT.max] as const;
const MASK = '\u2022'.repeat(12);

const LISTS: Record<CodeList, { tab: string; noun: string }> = {
  my: { tab: 'My codes', noun: 'codes' },
  history: { tab: 'Codes history', noun: 'history entries' },
};

/**
 * Identifies a row without containing the code itself, so the store of revealed rows holds no
 * codes. Not positional: when a new code arrives at the top of the list, the reveal stays on the
 * row the person chose instead of sliding onto its neighbour.
 */
export function revealKey(accountId: string, row: CodeRecord): string {
  return [accountId, row.external_id, row.date, row.ticker, row.amount].join('|');
}

/** A history amount as sent is signed: "+" received (a code applied), "-" given (a code created). */
function SignedAmount({ amount }: { amount: string }) {
  const sign = amount.startsWith('-') ? '\u2212' : amount.startsWith('+') ? '+' : '';
  return <>{`${sign}${formatAmount(amount.replace(/^[+-]/, ''))}`}</>;
}

export function CodesView({ account }: { account: AccountSummary }) {
  const { list, pageSize, offset } = useUi((s) => s.codes);
  const setCodes = useUi((s) => s.setCodes);
  const revealed = useUi((s) => s.revealedCodes);
  const toggleReveal = useUi((s) => s.toggleReveal);
  const { draft, setDraft, filter, errors, apply, clear } = useFilterDraft<CodeFilterDraft, CodeFilter>(EMPTY_CODE_FILTER, {}, checkCodeFilter, () => setCodes({ offset: 0 }));
  const filtered = Object.keys(filter).length > 0;
  // Paging keeps the previous page on screen until the next one arrives, so the table does not flash.
  const codes = useChannelQuery('codes.page', { accountId: account.id, list, filter, limit: pageSize, offset }, { placeholderData: keepPreviousData });
  const isRevealed = (row: CodeRecord) => Boolean(revealed[revealKey(account.id, row)]);
  const exporter = useExportAll<CodeRecord>(CODES_LIMIT.max, (rows) =>
    downloadCsv(csvFilename(list === 'my' ? 'codes' : 'codes-history', account.name), codesCsvRows(rows, isRevealed, list)),
  );

  const page = codes.data;
  const total = page?.total ?? 0;
  const rows = page?.rows ?? [];
  const noun = LISTS[list].noun;

  const goTo = (next: number) => {
    setCodes({ offset: next });
    // A new page starts at its top, not where the last one was scrolled to.
    document.getElementById('codes-title')?.scrollIntoView?.({ block: 'start' });
  };
  const columns: Column<CodeRecord>[] = [
    {
      header: 'Code',
      width: '28%',
      cell: (row) => <CodeCell row={row} label={row.external_id || `${row.ticker} ${row.amount}`} revealKey={revealKey(account.id, row)} shown={isRevealed(row)} onToggle={toggleReveal} />,
    },
    {
      header: 'Amount',
      width: '18%',
      align: 'end',
      cellProps: (row) => ({ className: 'num', title: `${row.amount} ${row.ticker}`, 'data-testid': 'code-amount' }),
      cell: (row) => (
        <>
          <SignedAmount amount={row.amount} /> <span className="ticker">{row.ticker}</span>
        </>
      ),
    },
    {
      header: 'Status',
      width: '14%',
      cell: (row) => (
        <Badge
          tone={codeStatusTone(row.status)}
          title={isKnownCodeStatus(row.status) ? `The exchange says "${row.status}"` : `${row.status} (not a status this app knows; shown as the exchange sent it)`}
        >
          {codeStatusWords(row.status) || '\u2014'}
        </Badge>
      ),
    },
    { header: list === 'my' ? 'Created' : 'Date', width: '23%', cellProps: (row) => ({ title: isoFromUnixSeconds(row.date) }), cell: (row) => formatUnixSeconds(row.date) },
    { header: 'External ID', cellProps: (row) => ({ className: 'num', title: row.external_id }), cell: (row) => row.external_id || '\u2014' },
  ];

  const pager = (where: 'top' | 'bottom') => (
    <Pager
      label={`Codes pages (${where})`}
      status={
        <>
          {rows.length > 0 ? `Showing ${offset + 1}\u2013${offset + rows.length} of ${total}` : `${total} ${noun}`}
          {codes.isFetching && !codes.isPending ? ' \u00b7 loading\u2026' : ''}
        </>
      }
      pageSize={pageSize}
      pageSizes={PAGE_SIZES}
      pageSizeLabel={`Codes per page (${where})`}
      onPageSize={(size) => setCodes({ pageSize: size, offset: 0 })}
      canGoBack={offset > 0}
      // The exchange refuses a page reaching past its 10 000th record (offset + limit <= 10 000).
      canGoForward={offset + pageSize < total && offset + 2 * pageSize <= CODES_WINDOW}
      onBack={() => goTo(Math.max(0, offset - pageSize))}
      onForward={() => goTo(offset + pageSize)}
    />
  );

  const exporting = exporter.state.phase === 'running';
  return (
    <View
      name="codes"
      title="Codes"
      subtitle={`Exchange codes of ${account.name}. A code is worth its amount to whoever holds it: reveal only what you need.`}
      actions={
        <div className="toolbar">
          <ExportAllButton state={exporter.state} total={total} title="Codes you have not revealed are written as (hidden)" onCancel={exporter.cancel} onStart={() => void exporter.start((at, limit, signal) => invoke('codes.page', { accountId: account.id, list, filter, limit, offset: at }, { signal }))} />
        </div>
      }
    >
      <div className="toolbar" role="tablist" aria-label="Codes lists">
        {(Object.keys(LISTS) as CodeList[]).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={list === name}
            className={`button${list === name ? ' button--primary' : ' button--ghost'}`}
            disabled={exporting}
            onClick={() => setCodes({ list: name, offset: 0 })}
          >
            {LISTS[name].tab}
          </button>
        ))}
      </div>
      {list === 'history' ? <p className="field__hint">Codes this account applied are received (+); codes it created are given (&minus;).</p> : null}
      <ExportProgress state={exporter.state} noun={noun} windowNote={`The exchange serves only the newest ${CODES_WINDOW} through its API; older ones are not in the file.`} />
      <form className="card card__section form" aria-label="Filter codes" onSubmit={apply} noValidate>
        <div className="filter-fields">
          <Field label="Status">
            {(control) => (
              <select {...control} value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value as CodeFilterDraft['status'] })}>
                <option value="">Any status</option>
                <option value="unused">{CODE_STATUS_GROUPS.unused.words}</option>
                <option value="applied">{CODE_STATUS_GROUPS.applied.words}</option>
                <option value="other">Other statuses</option>
              </select>
            )}
          </Field>
          <TextInputField label="Asset" placeholder="e.g. USDT" value={draft.ticker} maxLength={20} onChange={(ticker) => setDraft({ ...draft, ticker })} error={errors.ticker} />
          <DateRangeFields from={draft.from} to={draft.to} errors={errors} onChange={(patch) => setDraft({ ...draft, ...patch })} />
        </div>
        <p className="field__hint" data-testid="codes-filter-scope">
          The exchange cannot filter codes: a filter reads every {list === 'my' ? 'code' : 'history entry'} it serves through its API (the newest {CODES_WINDOW}) and keeps those that match.
        </p>
        <FormActions submit="Apply filter" cancel="Clear" onCancel={clear} />
      </form>
      <QueryState
        query={codes}
        loading={{ rows: 8, label: 'Loading codes' }}
        noun={{ one: 'code', many: 'codes' }}
        empty={{
          when: (answer) => answer.total === 0 && offset === 0,
          title: filtered ? 'No codes match this filter' : list === 'my' ? 'No codes yet' : 'No codes history yet',
          text: filtered ? 'Nothing the exchange serves matches; change or clear the filter.' : 'Codes this account creates or applies on the exchange appear here.',
        }}
      >
        {() => (
          <div className="card">
            {pager('top')}
            <DataTable
              className="table--codes"
              aria-label={LISTS[list].tab}
              columns={columns}
              rows={rows}
              rowKey={(row) => revealKey(account.id, row)}
              rowTestId="code-row"
              empty={{ title: 'Nothing on this page', text: 'Go back to an earlier page.' }}
            />
            {pager('bottom')}
            {page?.windowLimited ? (
              <p className="field__hint pager-note">
                The exchange serves only the newest {CODES_WINDOW} {noun} through its API: the list{filtered ? ', the filter' : ''} and the export cover only those.
              </p>
            ) : null}
          </div>
        )}
      </QueryState>
    </View>
  );
}

/** The code itself stays masked until the person reveals this one row. */
function CodeCell({ row, label, revealKey, shown, onToggle }: { row: CodeRecord; label: string; revealKey: string; shown: boolean; onToggle(key: string): void }) {
  return (
    <div className="code-cell">
      <span className={`code-value num${shown ? '' : ' code-value--masked'}`} data-testid="code-value" title={shown ? row.code : 'Hidden'}>
        {shown ? row.code : MASK}
      </span>
      <button type="button" className="button button--ghost button--small" aria-pressed={shown} aria-label={`${shown ? 'Hide' : 'Reveal'} code ${label}`} onClick={() => onToggle(revealKey)}>
        {shown ? 'Hide' : 'Reveal'}
      </button>
      {shown ? <CopyButton value={row.code} label={`code ${label}`} /> : null}
    </div>
  );
}
