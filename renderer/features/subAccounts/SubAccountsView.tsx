import { useState } from 'react';
import { t } from '@lingui/core/macro';
import { DEFAULT_QUOTE } from '../../../shared/model/choices';
import type { SubAccountItem } from '../../../shared/model/subAccounts';
import { useChannelQuery, useSettings } from '../../api/queries';
import { EmptyState, QueryState, View } from '../../components';
import type { ViewProps } from '../../shell/views';
import { SubAccountBalancesPanel } from './SubAccountBalancesPanel';

const PAGE = 30;

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
  const [open, setOpen] = useState<SubAccountItem | null>(null);
  const query = useChannelQuery('subAccounts.list', { accountId: account.id, offset, limit: PAGE, ...(search ? { search } : {}) });

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
              <table className="data-table" data-testid="sub-accounts">
                <thead>
                  <tr>
                    <th scope="col">{t`Name`}</th>
                    <th scope="col">{t`Email`}</th>
                    <th scope="col">{t`Status`}</th>
                    <th scope="col" />
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((s) => (
                    <tr key={s.id} data-testid="sub-account-row" data-alias={s.alias}>
                      <th scope="row">{s.alias}</th>
                      <td>{s.email ?? ''}</td>
                      <td>{s.status ?? ''}</td>
                      <td>
                        <button type="button" className="button" aria-pressed={open?.id === s.id} onClick={() => setOpen(open?.id === s.id ? null : s)}>
                          {t`Balances`}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div className="toolbar">
                <button type="button" className="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
                  {t`Previous`}
                </button>
                <span className="field__hint">{t`From ${offset + 1}`}</span>
                <button type="button" className="button" disabled={!page.hasMore} onClick={() => setOffset(offset + PAGE)}>
                  {t`Next`}
                </button>
              </div>
            </div>
          )
        }
      </QueryState>
      {open ? <SubAccountBalancesPanel accountId={account.id} sub={open} quote={quote} /> : null}
    </View>
  );
}
