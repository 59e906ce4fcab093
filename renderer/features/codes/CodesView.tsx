import { keepPreviousData } from '@tanstack/react-query';
import type { CodeRecord } from '../../../shared/api/schemas';
import { CODES_LIMIT, CODES_OFFSET } from '../../../shared/api/endpoints';
import type { AccountSummary } from '../../../shared/model/accounts';
import { useChannelQuery } from '../../api/queries';
import { Badge, CopyButton, EmptyState, ErrorPanel, Skeleton, UnreadableNotice, View } from '../../components';
import { downloadCsv } from '../../csv';
import { csvFilename } from '../../csvFilename';
import { formatAmount, formatUnixSeconds, isoFromUnixSeconds } from '../../format';
import { useUi } from '../../state/ui';
import { codeStatusTone, isKnownCodeStatus } from './codeStatus';
import { codesCsvRows } from './codesCsv';

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

      {codes.isPending ? (
        <Skeleton rows={8} label="Loading codes" />
      ) : codes.isError && !page ? (
        <ErrorPanel error={codes.error.error} onRetry={() => void codes.refetch()} />
      ) : (
        <>
          {codes.isError ? <ErrorPanel error={codes.error.error} onRetry={() => void codes.refetch()} compact /> : null}
          <UnreadableNotice items={page?.unreadable} noun={{ one: 'code', many: 'codes' }} />
          {total === 0 && offset === 0 ? (
            <div className="card">
              <EmptyState title="No codes yet">Codes this account creates on the exchange appear here.</EmptyState>
            </div>
          ) : (
            <div className="card">
              <div className="table-wrap">
                <table className="table table--codes">
                  <colgroup>
                    <col style={{ width: '28%' }} />
                    <col style={{ width: '18%' }} />
                    <col style={{ width: '14%' }} />
                    <col style={{ width: '23%' }} />
                    <col />
                  </colgroup>
                  <thead>
                    <tr>
                      <th>Code</th>
                      <th className="align-end">Amount</th>
                      <th>Status</th>
                      <th>Created</th>
                      <th>External ID</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.length === 0 ? (
                      <tr>
                        <td colSpan={5}>
                          <EmptyState title="Nothing on this page">Go back to an earlier page.</EmptyState>
                        </td>
                      </tr>
                    ) : (
                      rows.map((row, i) => {
                        const key = revealKey(account.id, row);
                        const shown = isRevealed(row);
                        const label = row.external_id || `${row.ticker} ${row.amount}`;
                        return (
                          <tr key={`${key}|${i}`} data-testid="code-row">
                            <td>
                              <div className="code-cell">
                                <span className={`code-value num${shown ? '' : ' code-value--masked'}`} data-testid="code-value" title={shown ? row.code : 'Hidden'}>
                                  {shown ? row.code : MASK}
                                </span>
                                <button
                                  type="button"
                                  className="button button--ghost button--small"
                                  aria-pressed={shown}
                                  aria-label={`${shown ? 'Hide' : 'Reveal'} code ${label}`}
                                  onClick={() => toggleReveal(key)}
                                >
                                  {shown ? 'Hide' : 'Reveal'}
                                </button>
                                {shown ? <CopyButton value={row.code} label={`code ${label}`} /> : null}
                              </div>
                            </td>
                            <td className="align-end num" title={`${row.amount} ${row.ticker}`}>
                              {formatAmount(row.amount)} <span className="ticker">{row.ticker}</span>
                            </td>
                            <td>
                              <Badge tone={codeStatusTone(row.status)} title={isKnownCodeStatus(row.status) ? row.status : `${row.status} (not a status this app knows; shown as the exchange sent it)`}>
                                {row.status || '\u2014'}
                              </Badge>
                            </td>
                            <td title={isoFromUnixSeconds(row.date)}>{formatUnixSeconds(row.date)}</td>
                            <td className="num" title={row.external_id}>
                              {row.external_id || '\u2014'}
                            </td>
                          </tr>
                        );
                      })
                    )}
                  </tbody>
                </table>
              </div>
              <nav className="pager" aria-label="Codes pages">
                <span aria-live="polite">
                  {rows.length > 0 ? `Showing ${offset + 1}\u2013${offset + rows.length} of ${total}` : `${total} codes`}
                  {codes.isFetching && !codes.isPending ? ' \u00b7 loading\u2026' : ''}
                </span>
                <div className="toolbar">
                  <label className="field field--inline">
                    <span className="field__label">Per page</span>
                    <select aria-label="Codes per page" value={pageSize} onChange={(e) => setCodes({ pageSize: Number(e.target.value), offset: 0 })}>
                      {PAGE_SIZES.map((size) => (
                        <option key={size} value={size}>
                          {size}
                        </option>
                      ))}
                    </select>
                  </label>
                  <button type="button" className="button" disabled={!canGoBack} onClick={() => setCodes({ offset: Math.max(0, offset - pageSize) })}>
                    Previous
                  </button>
                  <button type="button" className="button" disabled={!canGoForward} onClick={() => setCodes({ offset: offset + pageSize })}>
                    Next
                  </button>
                </div>
              </nav>
              {total > CODES_OFFSET.max + pageSize ? (
                <p className="field__hint pager-note">The exchange lists only the first {CODES_OFFSET.max + pageSize} codes through its API.</p>
              ) : null}
            </div>
          )}
        </>
      )}
    </View>
  );
}
