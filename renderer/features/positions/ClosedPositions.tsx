/**
 * Closed positions of an account: a paged table (a page at a time, so a thousand positions never
 * render at once), filters by market and by local days, and a CSV of every position the filter finds.
 */
import { plural, t } from '@lingui/core/macro';
import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import type { AccountSummary } from '../../../shared/model/accounts';
import type { ClosedPosition } from '../../../shared/model/closedPositions';
import { useChannelQuery } from '../../api/queries';
import { useLivePolling } from '../../shell/useLive';
import { Badge, DataTable, DateRangeFields, Pager, QueryState, type Column } from '../../components';
import { downloadCsv } from '../../csv/csv';
import { csvFilename } from '../../csv/filename';
import { formatAmount, formatClock, formatUnixDate, isoFromUnixSeconds } from '../../format/format';
import { dayRange } from '../../format/localDays';
import { closedPositionsCsvRows } from './closedCsv';
import { ClosedTotals } from './ClosedTotals';
import { sideLabel } from './risk';

const PAGE_SIZES = [25, 50, 100] as const;

interface DayBounds {
  window: { startDate?: number; endDate?: number };
  errors: { from?: string; to?: string };
}

/** The picked local days as the channel's window; the exchange refuses an end after now, so the end is held at now. */
function boundsOf(from: string, to: string, nowS: number): DayBounds {
  const range = dayRange(from, to);
  const endDate = range.until === undefined ? undefined : nowS > 0 ? Math.min(range.until - 1, nowS) : range.until - 1;
  if (range.since !== undefined && endDate !== undefined && range.since > endDate) return { window: {}, errors: { ...range.errors, to: t`The end date must not be before the start date` } };
  return { window: { ...(range.since !== undefined ? { startDate: range.since } : {}), ...(endDate !== undefined ? { endDate } : {}) }, errors: range.errors };
}

const amount = (value: string | null) => (value === null ? '\u2014' : formatAmount(value));

/** A date over its time: two short lines keep the table within a wide window, where one long one did not. */
function DateTime({ seconds }: { seconds: number }) {
  return (
    <time dateTime={isoFromUnixSeconds(seconds)}>
      <span className="cell-main">{formatUnixDate(seconds)}</span>
      <span className="cell-sub">{formatClock(seconds * 1000, true)}</span>
    </time>
  );
}

export function ClosedPositions({ account }: { account: AccountSummary }) {
  const [market, setMarket] = useState('');
  const [days, setDays] = useState({ from: '', to: '' });
  const [bounds, setBounds] = useState<DayBounds>(() => boundsOf('', '', 0));
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [offset, setOffset] = useState(0);
  const [knownMarkets, setKnownMarkets] = useState<string[]>([]);

  const payload = { accountId: account.id, ...(market ? { market } : {}), ...bounds.window };
  // Slow while the account is live, like the rest of the view: nothing here moves with a push.
  const closed = useChannelQuery('positions.closed', payload, { placeholderData: keepPreviousData, ...useLivePolling(account.id) });
  const page = closed.data;
  const positions = page?.positions ?? [];

  // The market list grows with every answer, so choosing one market keeps the others on offer.
  const [seen, setSeen] = useState<typeof page>(undefined);
  if (page !== seen) {
    setSeen(page);
    if (page && !page.markets.every((m) => knownMarkets.includes(m))) setKnownMarkets([...new Set([...knownMarkets, ...page.markets])].sort());
  }

  const changeFilter = (apply: () => void) => {
    apply();
    setOffset(0);
  };

  const rows = positions.slice(offset, offset + pageSize);
  const columns: Column<ClosedPosition>[] = [
    {
      header: t`Market`,
      sticky: true,
      cellProps: () => ({ className: 'cell-wrap' }),
      cell: (p) => (
        <>
          {p.market}{' '}
          {p.liquidated ? (
            <Badge tone="danger" title={t`The exchange closed this position by liquidation`}>
              {t`Liquidated`}
            </Badge>
          ) : null}
        </>
      ),
    },
    { header: t`Side`, cellProps: (p) => ({ className: 'cell-wrap', title: p.side ?? undefined }), cell: (p) => (p.side === null ? '\u2014' : sideLabel(p.side)) },
    { header: t`Realized P&L`, align: 'end', cellProps: (p) => ({ className: 'num', title: p.realizedPnl, 'data-testid': 'closed-pnl' }), cell: (p) => amount(p.realizedPnl) },
    { header: t`Funding`, align: 'end', cellProps: (p) => ({ className: 'num', title: p.funding }), cell: (p) => amount(p.funding) },
    { header: t`Opened`, cellProps: (p) => ({ title: isoFromUnixSeconds(p.openDate) }), cell: (p) => <DateTime seconds={p.openDate} /> },
    { header: t`Closed`, cellProps: (p) => ({ title: p.closeDate === null ? undefined : isoFromUnixSeconds(p.closeDate) }), cell: (p) => (p.closeDate === null ? t`Still open` : <DateTime seconds={p.closeDate} />) },
    { header: t`Size`, align: 'end', cellProps: (p) => ({ className: 'num', title: p.size ?? undefined }), cell: (p) => amount(p.size) },
    { header: t`Entry price`, align: 'end', cellProps: (p) => ({ className: 'num', title: p.entryPrice ?? undefined }), cell: (p) => amount(p.entryPrice) },
    { header: t`Close price`, align: 'end', cellProps: (p) => ({ className: 'num', title: p.closePrice ?? undefined }), cell: (p) => amount(p.closePrice) },
  ];

  return (
    <section className="closed-positions" aria-labelledby="closed-positions-title">
      <h2 id="closed-positions-title">{t`Closed positions`}</h2>
      <form className="toolbar" aria-label={t`Filter closed positions`} onSubmit={(e) => e.preventDefault()}>
        <label className="field field--inline">
          <span className="field__label">{t`Market`}</span>
          <select value={market} onChange={(e) => changeFilter(() => setMarket(e.target.value))}>
            <option value="">{t`All markets`}</option>
            {knownMarkets.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <DateRangeFields from={days.from} to={days.to} errors={bounds.errors}
          onChange={(patch) =>
            changeFilter(() => {
              const next = { ...days, ...patch };
              setDays(next);
              setBounds(boundsOf(next.from, next.to, Math.floor(Date.now() / 1000)));
            })
          } />
        <button type="button" className="button" disabled={positions.length === 0} onClick={() => downloadCsv(csvFilename('closed-positions', account.name), closedPositionsCsvRows(positions))}>
          {t`Export CSV`}
        </button>
      </form>
      <QueryState
        query={closed}
        loading={{ rows: 6, label: t`Loading closed positions` }}
        empty={{ when: () => positions.length === 0, title: t`No closed positions`, text: t`Positions this account closes appear here.` }}
      >
        {() => (
          <>
            {page && page.unreadable > 0 ? (
              <p role="status">{plural(page.unreadable, { one: '# event from the exchange could not be read and is left out.', other: '# events from the exchange could not be read and are left out.' })}</p>
            ) : null}
            <ClosedTotals totals={page?.totalsByMarket ?? []} />
            <DataTable
              className="closed-table"
              aria-labelledby="closed-positions-title"
              columns={columns}
              rows={rows}
              rowKey={(p) => String(p.positionId)}
              rowTestId="closed-position"
              rowProps={(p) => ({ 'data-liquidated': p.liquidated ? 'true' : undefined })}
            />
            <Pager
              label={t`Closed positions pages`}
              status={t`Showing ${offset + 1}–${offset + rows.length} of ${positions.length}`}
              pageSize={pageSize}
              pageSizes={PAGE_SIZES}
              pageSizeLabel={t`Closed positions per page`}
              onPageSize={(size) => {
                setPageSize(size);
                setOffset(0);
              }}
              canGoBack={offset > 0}
              canGoForward={offset + pageSize < positions.length}
              onBack={() => setOffset(Math.max(0, offset - pageSize))}
              onForward={() => setOffset(offset + pageSize)}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
