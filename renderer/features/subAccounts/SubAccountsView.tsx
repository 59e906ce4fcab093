import { useState } from 'react';
import { msg, t } from '@lingui/core/macro';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { DEFAULT_QUOTE } from '../../../shared/model/choices';
import type { SubAccountItem } from '../../../shared/model/subAccounts';
import { useChannelQuery, useSettings } from '../../api/queries';
import { Badge, DataTable, EmptyState, HiddenHeader, Pager, QueryState, View, type BadgeTone, type Column } from '../../components';
import type { ViewProps } from '../../shell/views';
import { SubAccountBalancesPanel } from './SubAccountBalancesPanel';

/** The exchange lists at most 100 a call. */
const PAGE_SIZES = [30, 100] as const;

/** The statuses the exchange is known to send, in words; any other is shown as the exchange wrote it. */
const STATUS_WORDS: Record<string, { words: MessageDescriptor; tone: BadgeTone }> = {
  active: { words: msg`Active`, tone: 'positive' },
  pending: { words: msg`Pending`, tone: 'warning' },
};

function StatusCell({ status }: { status: string | null }) {
  if (status === null) return <>—</>;
  const known = STATUS_WORDS[status];
  if (known) return <Badge tone={known.tone}>{i18n._(known.words)}</Badge>;
  return <Badge title={t`${status} (not a status this app knows; shown as the exchange sent it)`}>{status}</Badge>;
}

/**
 * The sub-accounts of the active account's key: a searchable list, a page at a time (the exchange
 * gives no total, so a full page offers the next), and one sub-account's balances on request. A key
 * that may not list them says so rather than showing an empty list.
 */
export function SubAccountsView({ account }: ViewProps) {
  const { settings } = useSettings();
  const quote = settings?.quote ?? DEFAULT_QUOTE;
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [open, setOpen] = useState<SubAccountItem | null>(null);
  const query = useChannelQuery('subAccounts.list', { accountId: account.id, offset, limit: pageSize, ...(search ? { search } : {}) });
  const columns: Column<SubAccountItem>[] = [
    { header: t`Name`, cell: (s) => <strong>{s.alias}</strong> },
    { header: t`Email`, cell: (s) => s.email ?? '—' },
    { header: t`Status`, cell: (s) => <StatusCell status={s.status} /> },
    {
      header: <HiddenHeader>{t`Actions`}</HiddenHeader>,
      align: 'end',
      cell: (s) => (
        <button type="button" className="button button--small" aria-pressed={open?.id === s.id} onClick={() => setOpen(open?.id === s.id ? null : s)}>
          {t`Balances`}
        </button>
      ),
    },
  ];

  return (
    <View name="subaccounts" title={t`Sub-accounts`} subtitle={t`Sub-accounts of ${account.name}`}>
      <form
        className="toolbar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          const value = new FormData(e.currentTarget).get('search');
          setSearch(typeof value === 'string' ? value.trim().slice(0, 64) : '');
          setOffset(0);
        }}
      >
        <label className="field field--inline">
          <span className="field__label">{t`Search`}</span>
          <input name="search" type="search" defaultValue={search} maxLength={64} aria-label={t`Search sub-accounts`} />
        </label>
        <button type="submit" className="button">
          {t`Search`}
        </button>
      </form>
      <QueryState query={query} loading={{ label: t`Loading sub-accounts`, rows: 5 }}>
        {(page) =>
          page.access === 'no_permission' ? (
            <div className="card">
              <EmptyState title={t`This API key may not read sub-accounts`}>{t`Give the key the sub-account permission on the exchange website to see them here.`}</EmptyState>
            </div>
          ) : page.items.length === 0 ? (
            <div className="card">
              <EmptyState title={search ? t`No sub-account matches` : t`This account has no sub-accounts`} />
            </div>
          ) : (
            <div className="card">
              {page.unreadable > 0 ? <p className="field__hint">{t`${page.unreadable} entries of this page could not be read and are left out.`}</p> : null}
              <Pager
                label={t`Sub-accounts pages`}
                status={t`Showing ${offset + 1}–${offset + page.items.length}`}
                pageSize={pageSize}
                pageSizes={PAGE_SIZES}
                pageSizeLabel={t`Sub-accounts per page`}
                onPageSize={(size) => {
                  setPageSize(size);
                  setOffset(0);
                }}
                canGoBack={offset > 0}
                canGoForward={page.hasMore}
                onBack={() => setOffset(Math.max(0, offset - pageSize))}
                onForward={() => setOffset(offset + pageSize)}
              />
              <DataTable
                className="table--sub-accounts"
                aria-label={t`Sub-accounts`}
                columns={columns}
                rows={page.items}
                rowKey={(s) => s.id}
                rowTestId="sub-account-row"
                rowProps={(s) => ({ 'data-alias': s.alias })}
              />
            </div>
          )
        }
      </QueryState>
      {open ? <SubAccountBalancesPanel accountId={account.id} sub={open} quote={quote} /> : null}
    </View>
  );
}
