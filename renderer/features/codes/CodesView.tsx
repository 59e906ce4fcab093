import { keepPreviousData } from '@tanstack/react-query';
import type { CodeRecord } from '../../../shared/api/schemas';
import { CODES_LIMIT, CODES_OFFSET } from '../../../shared/api/endpoints';
import type { AccountSummary } from '../../../shared/model/accounts';
import { useChannelQuery } from '../../api/queries';
import { Badge, CopyButton, DataTable, Pager, QueryState, View, type Column } from '../../components';
import { downloadCsv } from '../../csv';
import { csvFilename } from '../../csvFilename';
import { formatAmount, formatUnixSeconds, isoFromUnixSeconds } from '../../format';
import { useUi } from '../../state/ui';
import { codeStatusTone, isKnownCodeStatus } from './codeStatus';
import { codesCsvRows } from './codesCsv';
import './codes.css';

export const PAGE_SIZES = [10, 30, 50, CODES_LIMIT.max] as const;
const MASK = '\u2022'.repeat(12);

/**
 * Identifies a row without containing the code itself, so the store of revealed rows holds no
 * codes. Not positional: when a new code arrives at the top of the list, the reveal stays on the
 * row the person chose instead of sliding onto its neighbour.
 */
export function revealKey(accountId: string, row: CodeRecord): string {
  return [accountId, row.external_id, row.date, row.ticker, row.amount].join('|');
}

export function CodesView({ account }: { account: AccountSummary }) {
  const { pageSize, offset } = useUi((s) => s.codes);
  const setCodes = useUi((s) => s.setCodes);
  const revealed = useUi((s) => s.revealedCodes);
  const toggleReveal = useUi((s) => s.toggleReveal);
  // Paging keeps the previous page on screen until the next one arrives, so the table does not flash.
  const codes = useChannelQuery('exchange.codes', { accountId: account.id, limit: pageSize, offset }, { placeholderData: keepPreviousData });

  const page = codes.data;
  const total = page?.total ?? 0;
  const rows = page?.data ?? [];
  const canGoBack = offset > 0;
  const canGoForward = offset + pageSize < total && offset + pageSize <= CODES_OFFSET.max;
  const isRevealed = (row: CodeRecord) => Boolean(revealed[revealKey(account.id, row)]);

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
      cellProps: (row) => ({ className: 'num', title: `${row.amount} ${row.ticker}` }),
      cell: (row) => (
        <>
          {formatAmount(row.amount)} <span className="ticker">{row.ticker}</span>
        </>
      ),
    },
    {
      header: 'Status',
      width: '14%',
      cell: (row) => (
        <Badge tone={codeStatusTone(row.status)} title={isKnownCodeStatus(row.status) ? row.status : `${row.status} (not a status this app knows; shown as the exchange sent it)`}>
          {row.status || '\u2014'}
        </Badge>
      ),
    },
    { header: 'Created', width: '23%', cellProps: (row) => ({ title: isoFromUnixSeconds(row.date) }), cell: (row) => formatUnixSeconds(row.date) },
    { header: 'External ID', cellProps: (row) => ({ className: 'num', title: row.external_id }), cell: (row) => row.external_id || '\u2014' },
  ];

  const exportCsv = () =>
    downloadCsv(csvFilename(`codes-page-${Math.floor(offset / pageSize) + 1}`, account.name), codesCsvRows(rows, isRevealed));

  return (
    <View
      name="codes"
      title="Codes"
      subtitle={`Exchange codes created by ${account.name}. A code is worth its amount to whoever holds it: reveal only what you need.`}
      actions={
        <div className="toolbar">
          <button type="button" className="button" disabled={rows.length === 0} onClick={exportCsv} title="Codes you have not revealed are written as (hidden)">
            Export page as CSV
          </button>
        </div>
      }
    >

      <QueryState
        query={codes}
        loading={{ rows: 8, label: 'Loading codes' }}
        noun={{ one: 'code', many: 'codes' }}
        empty={{ when: (answer) => answer.total === 0 && offset === 0, title: 'No codes yet', text: 'Codes this account creates on the exchange appear here.' }}
      >
        {() => (
          <div className="card">
            <DataTable
              className="table--codes"
              columns={columns}
              rows={rows}
              rowKey={(row, i) => `${revealKey(account.id, row)}|${i}`}
              rowProps={() => ({ 'data-testid': 'code-row' })}
              empty={{ title: 'Nothing on this page', text: 'Go back to an earlier page.' }}
            />
            <Pager
              label="Codes pages"
              status={
                <>
                  {rows.length > 0 ? `Showing ${offset + 1}\u2013${offset + rows.length} of ${total}` : `${total} codes`}
                  {codes.isFetching && !codes.isPending ? ' \u00b7 loading\u2026' : ''}
                </>
              }
              pageSize={pageSize}
              pageSizes={PAGE_SIZES}
              pageSizeLabel="Codes per page"
              onPageSize={(size) => setCodes({ pageSize: size, offset: 0 })}
              canGoBack={canGoBack}
              canGoForward={canGoForward}
              onBack={() => setCodes({ offset: Math.max(0, offset - pageSize) })}
              onForward={() => setCodes({ offset: offset + pageSize })}
            />
            {total > CODES_OFFSET.max + pageSize ? (
              <p className="field__hint pager-note">The exchange lists only the first {CODES_OFFSET.max + pageSize} codes through its API.</p>
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
