import { Suspense, useEffect } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { REFRESH_INTERVALS_MS } from '../shared/model/choices';
import { type AccountSummary } from '../shared/model/accounts';
import { useAccounts, useBridgeEvent, useChannelMutation, useSettings, useUpdateSettings } from './api/queries';
import { Badge, EmptyState, ErrorPanel, Skeleton, UpdatedAgo } from './components';
import { ConnectionIndicator } from './shell/ConnectionIndicator';
import { isOutage, useConnectionState } from './shell/useConnection';
import { ViewErrorBoundary } from './shell/ViewErrorBoundary';
import { useViewUpdatedAt } from './shell/useViewUpdatedAt';
import { VIEWS } from './shell/views';
import { AlertToasts } from './features/alerts/AlertToasts';
import { useUi, type ViewId } from './state/ui';
import { useLanguageChoice } from './i18n/LanguageRoot';
import { LanguageSelect } from './i18n/LanguageSelect';
import { i18n } from '@lingui/core';
import './shell/shell.css';

function refreshLabel(ms: number): string {
  return ms === 0 ? t`Off` : ms < 60_000 ? t`${ms / 1000} s` : t`${ms / 60_000} min`;
}

export function App() {
  const { accounts, activeAccount, query: accountsQuery } = useAccounts();
  const { settings, notice } = useSettings();
  useLanguageChoice(settings?.language);
  const view = useUi((s) => s.view);
  const queryClient = useQueryClient();

  useBridgeEvent('accounts.changed', () => {
    void queryClient.invalidateQueries({ queryKey: ['accounts.list'] });
  });

  useEffect(() => {
    const root = document.documentElement;
    if (settings?.theme === 'light' || settings?.theme === 'dark') root.dataset.theme = settings.theme;
    else delete root.dataset.theme;
  }, [settings?.theme]);

  const isDemo = activeAccount?.isDemo ?? false;

  return (
    <div className={`app${isDemo ? ' app--demo' : ''}`}>
      <TopBar accounts={accounts} activeAccount={activeAccount} />
      {isDemo ? (
        <div className="demo-strip" role="note">
          <Badge tone="demo">{t`DEMO`}</Badge>
          <span>
            <Trans>
              <strong>Demo data</strong>: a simulated exchange. Nothing here is your real account; add your own key in Accounts.
            </Trans>
          </span>
        </div>
      ) : null}
      <NoticeBanner notice={notice} />
      <div className="app__body">
        <SideNav />
        <main className="app__main" id="main">
          {accountsQuery.isPending ? (
            <Skeleton rows={8} />
          ) : accountsQuery.error ? (
            <ErrorPanel error={accountsQuery.error.error} onRetry={() => void accountsQuery.refetch()} />
          ) : (
            <CurrentView view={view} account={activeAccount} />
          )}
        </main>
      </div>
      {/* The main process watches positions; whatever it raises shows here, in any view. */}
      <AlertToasts />
    </div>
  );
}

function CurrentView({ view, account }: { view: ViewId; account: AccountSummary | null }) {
  const entry = VIEWS.find((v) => v.id === view) ?? VIEWS[0]!;
  if (!account && entry.id !== 'accounts') {
    return (
      <EmptyState title={t`No account yet`} action={<GoToAccountsButton />}>
        {t`Add an API key to see your balances.`}
      </EmptyState>
    );
  }
  const View = entry.component;
  return (
    <ViewErrorBoundary resetKey={`${entry.id}:${account?.id ?? ''}`}>
      <Suspense fallback={<Skeleton rows={8} />}>
        {/* key: an account's view starts fresh for each account, so no state leaks between accounts.
            Accounts lists every account, so it keeps its state (e.g. the report of a key just added,
            which makes that account the active one). */}
        <View key={entry.id === 'accounts' ? 'accounts' : (account?.id ?? 'none')} account={account!} />
      </Suspense>
    </ViewErrorBoundary>
  );
}

function GoToAccountsButton() {
  const setView = useUi((s) => s.setView);
  return (
    <button type="button" className="button button--primary" onClick={() => setView('accounts')}>
      {t`Open Accounts`}
    </button>
  );
}

function SideNav() {
  const view = useUi((s) => s.view);
  const setView = useUi((s) => s.setView);
  return (
    <nav className="side-nav" aria-label={t({ message: 'Main', context: 'navigation' })}>
      <ul>
        {VIEWS.map((v) => (
          <li key={v.id}>
            <button
              type="button"
              className="side-nav__item"
              aria-current={view === v.id ? 'page' : undefined}
              onClick={() => setView(v.id)}
            >
              <span className={`side-nav__icon side-nav__icon--${v.id}`} aria-hidden="true" />
              {i18n._(v.label)}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function TopBar({ accounts, activeAccount }: { accounts: AccountSummary[]; activeAccount: AccountSummary | null }) {
  const queryClient = useQueryClient();
  const hideAllCodes = useUi((s) => s.hideAllCodes);
  const setCodes = useUi((s) => s.setCodes);
  const select = useChannelMutation('accounts.select', { invalidates: ['accounts.list'] });
  const { updatedAt, fetching } = useViewUpdatedAt();
  const connection = useConnectionState(activeAccount?.id ?? null);
  const { settings } = useSettings();
  const updateSettings = useUpdateSettings();

  return (
    <header className="top-bar">
      <div className="top-bar__brand">
        <span className="brand-mark" aria-hidden="true" />
        <span className="brand-name">WhiteBIT Desk</span>
        {activeAccount?.isDemo ? (
          <Badge tone="demo" title={t`Demo data: a simulated exchange`}>
            {t`DEMO`}
          </Badge>
        ) : null}
      </div>
      <div className="top-bar__controls">
        <label className="field field--inline">
          <span className="field__label">{t`Account`}</span>
          <select
            aria-label={t`Account`}
            value={activeAccount?.id ?? ''}
            disabled={accounts.length === 0 || select.isPending}
            onChange={(e) => {
              // Revealed codes belong to one account; never carry them to another.
              hideAllCodes();
              setCodes({ offset: 0 });
              select.mutate({ accountId: e.target.value });
            }}
          >
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
                {a.isDemo ? ' (demo)' : ''}
              </option>
            ))}
          </select>
        </label>
        {activeAccount ? <ConnectionIndicator accountId={activeAccount.id} /> : null}
        <UpdatedAgo updatedAt={updatedAt} couldNotRefresh={isOutage(connection)} />
        <button
          type="button"
          className="button"
          disabled={fetching}
          onClick={() => void queryClient.invalidateQueries({ predicate: (q) => q.getObserversCount() > 0 })}
        >
          {fetching ? t`Refreshing…` : t`Refresh`}
        </button>
        <label className="field field--inline">
          <span className="field__label">{t`Auto-refresh`}</span>
          <select
            aria-label={t`Auto-refresh`}
            value={settings?.refreshIntervalMs ?? 0}
            disabled={!settings || updateSettings.isPending}
            onChange={(e) => {
              const chosen = REFRESH_INTERVALS_MS.find((ms) => String(ms) === e.target.value);
              if (chosen !== undefined) updateSettings.mutate({ refreshIntervalMs: chosen });
            }}
          >
            {REFRESH_INTERVALS_MS.map((ms) => (
              <option key={ms} value={ms}>
                {refreshLabel(ms)}
              </option>
            ))}
          </select>
        </label>
        <LanguageSelect />
      </div>
      {select.error ? <ErrorPanel error={select.error.error} compact /> : null}
      {updateSettings.error ? <ErrorPanel error={updateSettings.error.error} compact /> : null}
    </header>
  );
}

function NoticeBanner({ notice }: { notice: string | null }) {
  const dismissed = useUi((s) => s.dismissedNotice);
  const dismiss = useUi((s) => s.dismissNotice);
  if (!notice || dismissed === notice) return null;
  return (
    <div className="notice-banner" role="status">
      <span>{notice}</span>
      <button type="button" className="button button--ghost button--small" onClick={() => dismiss(notice)}>
        Dismiss
      </button>
    </div>
  );
}
