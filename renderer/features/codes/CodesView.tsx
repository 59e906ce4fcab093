import { keepPreviousData } from '@tanstack/react-query';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import type { CodeRecord } from '../../../shared/api/schemas';
import { CODES_LIMIT } from '../../../shared/api/endpoints';
import type { AccountSummary } from '../../../shared/model/accounts';
import { CODES_WINDOW, type CodeFilter, type CodeList } from '../../../shared/model/codes';
import { invoke } from '../../api/invoke';
import { useChannelQuery } from '../../api/queries';
import { useExportAll } from '../../api/useExportAll';
import { Badge, CopyButton, DataTable, DateRangeFields, ExportAllButton, FormActions, ExportProgress, Field, Pager, QueryState, TextInputField, useFilterDraft, View, type Column } from '../../components';
import { downloadCsv } from '../../csv/csv';
import { csvFilename } from '../../csv/filename';
import { formatAmount, formatUnixSeconds, isoFromUnixSeconds } from '../../format/format';
import { useUi } from '../../state/ui';
import { codeGroupLabel, codeStatusLabel, codeStatusMeaning, codeStatusTone, isKnownCodeStatus } from './codeStatus';
import { codesCsvRows } from './codesCsv';
import { checkCodeFilter, EMPTY_CODE_FILTER, type CodeFilterDraft } from './filterForm';
import './codes.css';

export const PAGE_SIZES = [10, 30, 50, CODES_LIMIT.max] as const;
const MASK = '\u2022'.repeat(12);

const LISTS: Record<CodeList, { tab: MessageDescriptor; noun: (count: number) => string }> = {
  my: { tab: msg`My codes`, noun: (count) => plural(count, { one: '# code', other: '# codes' }) },
  history: { tab: msg`Codes history`, noun: (count) => plural(count, { one: '# history entry', other: '# history entries' }) },
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
  const windowSize = formatAmount(String(CODES_WINDOW));

  const goTo = (next: number) => {
    setCodes({ offset: next });
    // A new page starts at its top, not where the last one was scrolled to.
    document.getElementById('codes-title')?.scrollIntoView?.({ block: 'start' });
  };
  const columns: Column<CodeRecord>[] = [
    {
      header: t`Code`,
      width: '28%',
      cell: (row) => <CodeCell row={row} label={row.external_id || `${row.ticker} ${row.amount}`} revealKey={revealKey(account.id, row)} shown={isRevealed(row)} onToggle={toggleReveal} />,
    },
    {
      header: t`Amount`,
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
      header: t`Status`,
      width: '14%',
      cell: (row) => (
        <Badge
          tone={codeStatusTone(row.status)}
          title={isKnownCodeStatus(row.status) ? codeStatusMeaning(row.status) : t`${row.status} (not a status this app knows; shown as the exchange sent it)`}
        >
          {codeStatusLabel(row.status) || '\u2014'}
        </Badge>
      ),
    },
    { header: list === 'my' ? t`Created` : t`Date`, width: '23%', cellProps: (row) => ({ title: isoFromUnixSeconds(row.date) }), cell: (row) => formatUnixSeconds(row.date) },
    { header: t`External ID`, cellProps: (row) => ({ className: 'num', title: row.external_id }), cell: (row) => (row.external_id ? <span className="clip">{row.external_id}</span> : '\u2014') },
  ];

  const pager = (where: 'top' | 'bottom') => (
    <Pager
      label={where === 'top' ? t`Codes pages (top)` : t`Codes pages (bottom)`}
      status={
        <>
          {rows.length > 0 ? t`Showing ${offset + 1}–${offset + rows.length} of ${total}` : noun(total)}
          {codes.isFetching && !codes.isPending ? ` \u00b7 ${t`loading…`}` : ''}
        </>
      }
      pageSize={pageSize}
      pageSizes={PAGE_SIZES}
      pageSizeLabel={where === 'top' ? t`Codes per page (top)` : t`Codes per page (bottom)`}
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
      className="view--title-row"
      title={t`Codes`}
      subtitle={t`Exchange codes of ${account.name}. A code is worth its amount to whoever holds it: reveal only what you need.`}
      actions={
        <div className="toolbar">
          <ExportAllButton state={exporter.state} total={total} title={t`The file holds the code itself only for codes you revealed; the others keep their amount, status and ids`} onCancel={exporter.cancel} onStart={() => void exporter.start((at, limit, signal) => invoke('codes.page', { accountId: account.id, list, filter, limit, offset: at }, { signal }))} />
        </div>
      }
    >
      <div className="toolbar" role="tablist" aria-label={t`Codes lists`}>
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
            {i18n._(LISTS[name].tab)}
          </button>
        ))}
      </div>
      {list === 'history' ? <p className="field__hint">{t`Codes this account applied are received (+); codes it created are given (−).`}</p> : null}
      <ExportProgress state={exporter.state} noun={noun} windowNote={t`The exchange serves only the newest ${windowSize} through its API; older ones are not in the file.`} />
      <form className="card card__section form" aria-label={t`Filter codes`} onSubmit={apply} noValidate>
        <div className="filter-fields">
          <Field label={t`Status`}>
            {(control) => (
              <select {...control} value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value as CodeFilterDraft['status'] })}>
                <option value="">{t`Any status`}</option>
                <option value="unused">{codeGroupLabel('unused')}</option>
                <option value="applied">{codeGroupLabel('applied')}</option>
                <option value="other">{t`Other statuses`}</option>
              </select>
            )}
          </Field>
          <TextInputField label={t`Asset`} placeholder={t`e.g. USDT`} value={draft.ticker} maxLength={20} onChange={(ticker) => setDraft({ ...draft, ticker })} error={errors.ticker} />
          <DateRangeFields from={draft.from} to={draft.to} errors={errors} onChange={(patch) => setDraft({ ...draft, ...patch })} />
        </div>
        <div className="filter-footer">
          <FormActions submit={t`Apply filter`} cancel={t`Clear`} onCancel={clear} />
          <p className="field__hint" data-testid="codes-filter-scope">
            {list === 'my'
              ? t`The exchange cannot filter codes: a filter reads every code it serves through its API (the newest ${windowSize}) and keeps those that match.`
              : t`The exchange cannot filter codes: a filter reads every history entry it serves through its API (the newest ${windowSize}) and keeps those that match.`}
          </p>
        </div>
      </form>
      <QueryState
        query={codes}
        loading={{ rows: 8, label: t`Loading codes` }}
        noun={(count) => plural(count, { one: '# code', other: '# codes' })}
        empty={{
          when: (answer) => answer.total === 0 && offset === 0,
          title: filtered ? t`No codes match this filter` : list === 'my' ? t`No codes yet` : t`No codes history yet`,
          text: filtered ? t`Nothing the exchange serves matches; change or clear the filter.` : t`Codes this account creates or applies on the exchange appear here.`,
        }}
      >
        {() => (
          <div className="card">
            {pager('top')}
            <DataTable
              className="table--codes"
              aria-label={i18n._(LISTS[list].tab)}
              columns={columns}
              rows={rows}
              rowKey={(row) => revealKey(account.id, row)}
              rowTestId="code-row"
              empty={{ title: t`Nothing on this page`, text: t`Go back to an earlier page.` }}
            />
            {pager('bottom')}
            {page?.windowLimited ? (
              <p className="field__hint pager-note">
                {filtered
                  ? t`The exchange serves only the newest ${noun(CODES_WINDOW)} through its API: the list, the filter and the export cover only those.`
                  : t`The exchange serves only the newest ${noun(CODES_WINDOW)} through its API: the list and the export cover only those.`}
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
    <div className={`code-cell${shown ? ' code-cell--shown' : ''}`}>
      <span className={`code-value num${shown ? ' code-value--shown' : ' clip code-value--masked'}`} data-testid="code-value" title={shown ? row.code : t`Hidden`}>
        {shown ? row.code : MASK}
      </span>
      <button type="button" className="button button--ghost button--small" aria-pressed={shown} aria-label={shown ? t`Hide code ${label}` : t`Reveal code ${label}`} onClick={() => onToggle(revealKey)}>
        {shown ? t`Hide` : t`Reveal`}
      </button>
      {shown ? <CopyButton value={row.code} label={t`code ${label}`} /> : null}
    </div>
  );
}
