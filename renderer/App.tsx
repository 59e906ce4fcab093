import { Suspense, useCallback, useEffect, useState } from 'react';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { i18n } from '@lingui/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useShallow } from 'zustand/react/shallow';
import { type AccountSummary } from '../shared/model/accounts';
import { describeKeys, SHORTCUTS, type ViewId } from '../shared/navigation';
import { useAccounts, useBridgeEvent, useChannelMutation, useSettings, useUpdateSettings } from './api/queries';
import { Badge, DismissableNotice, EmptyState, ErrorPanel, Skeleton } from './components';
import { ConnectionIndicator } from './shell/ConnectionIndicator';
import { FigureAge } from './shell/FigureAge';
import { useHashNavigation, viewHref } from './shell/route';
import { IS_MAC, searchField, useShortcuts } from './shell/shortcuts';
import { ViewErrorBoundary } from './shell/ViewErrorBoundary';
import { useRefreshOnRecovery } from './shell/useRefreshOnRecovery';
import { ACCOUNTLESS_VIEWS, OTHER_VIEW_CHUNKS, VIEWS } from './shell/views';
import { ShortcutsHelp } from './shell/lazyShell';
import { AlertToasts } from './shell/toasts/AlertToasts';
import { BackgroundToasts } from './shell/toasts/BackgroundToasts';
import { prefetchWhenIdle, useAfterFirstPaint } from './shell/idle';
import { useUi } from './state/ui';
import { useLanguageChoice } from './i18n/LanguageRoot';
import './shell/shell.css';

/** Refreshes what the open view shows: every query something on screen is watching. */
function refreshOpenView(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (q) => q.getObserversCount() > 0 });
}

export function App() {
  const { accounts, activeAccount, query: accountsQuery } = useAccounts();
  const { settings, notice, forgottenAccounts, query: settingsQuery } = useSettings();
  useLanguageChoice(settings?.language);
  const view = useUi((s) => s.view);
  const setView = useUi((s) => s.setView);
  const queryClient = useQueryClient();
  const updateSettings = useUpdateSettings();
  const [helpOpen, setHelpOpen] = useState(false);
  const painted = useAfterFirstPaint();

  const { mutate: saveSettings } = updateSettings;
  const saveLastView = useCallback((opened: ViewId) => saveSettings({ lastView: opened }), [saveSettings]);
  // Settings that failed to load still let the app start (on the first view).
  const routed = useHashNavigation(settings?.lastView, settings !== null || settingsQuery.isError, saveLastView);

  useShortcuts((action) => {
    switch (action.kind) {
      case 'view':
        setView(action.view);
        return true;
      case 'refresh':
        void refreshOpenView(queryClient);
        return true;
      case 'search': {
        const field = searchField();
        if (!field) return false;
        field.focus();
        if (field instanceof HTMLInputElement) field.select();
        return true;
      }
      case 'help':
        setHelpOpen(true);
        return true;
    }
  });

  useBridgeEvent('accounts.changed', () => {
    void queryClient.invalidateQueries({ queryKey: ['accounts.list'] });
  });

  // The other views load on demand; fetched while idle (and not while the person types or
  // clicks), opening one rarely waits for the network.
  useEffect(() => prefetchWhenIdle(OTHER_VIEW_CHUNKS), []);

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
        <div className="demo-strip" role="region" aria-label={t`Demo mode`}>
          <Badge tone="demo">{t`DEMO`}</Badge>
          <span>
            <Trans>
              <strong>Demo data</strong>: a simulated exchange. Nothing here is your real account; add your own key in Accounts.
            </Trans>
          </span>
        </div>
      ) : null}
      {notice ? <DismissableNotice cause={notice}>{notice}</DismissableNotice> : null}
      {forgottenAccounts > 0 ? (
        <DismissableNotice cause={`forgotten-accounts-${forgottenAccounts}`} testId="forgotten-accounts">
          {plural(forgottenAccounts, {
            one: 'The settings file was missing or could not be read, but this computer keeps the withdrawal records of # account it no longer lists. Add it again with its API key in Accounts: its records come back with it, open withdrawals among them.',
            other: 'The settings file was missing or could not be read, but this computer keeps the withdrawal records of # accounts it no longer lists. Add each again with its API key in Accounts: their records come back with them, open withdrawals among them.',
          })}
        </DismissableNotice>
      ) : null}
      <div className="app__body">
        <SideNav onHelp={() => setHelpOpen(true)} />
        <main className="app__main" id="main">
          {accountsQuery.isPending || !routed ? (
            <Skeleton rows={8} />
          ) : accountsQuery.error ? (
            <ErrorPanel error={accountsQuery.error.error} onRetry={() => void accountsQuery.refetch()} />
          ) : (
            <CurrentView view={view} account={activeAccount} />
          )}
        </main>
      </div>
      {/* The main process watches positions; whatever it raises shows here, in any view. The
          toasts listen from the first render on: an event sent before they mounted would be lost. */}
      <div className="toast-stack">
        <AlertToasts />
        <BackgroundToasts />
      </div>
      {/* Not in the first paint: its chunk loads once the page has painted (renderer/shell/idle.ts).
          If that load fails, the help is missing, not the app; opening it again tries again. */}
      {painted || helpOpen ? (
        <ViewErrorBoundary resetKey={`help:${helpOpen}`} quiet>
          <Suspense fallback={null}>
            <ShortcutsHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
          </Suspense>
        </ViewErrorBoundary>
      ) : null}
    </div>
  );
}

function CurrentView({ view, account }: { view: ViewId; account: AccountSummary | null }) {
  const entry = VIEWS.find((v) => v.id === view) ?? VIEWS[0]!;
  if (!account && !ACCOUNTLESS_VIEWS.has(entry.id)) {
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

const VIEW_SHORTCUT = new Map(SHORTCUTS.flatMap((s) => (s.action.kind === 'view' ? [[s.action.view, s.keys[0]!] as const] : [])));

/** Links, not buttons: each view has an address (the hash), so back, forward and reload work. */
function SideNav({ onHelp }: { onHelp: () => void }) {
  const view = useUi((s) => s.view);
  const hrefs = useUi(useShallow((s) => VIEWS.map((v) => viewHref(v.id, s))));
  return (
    <nav className="side-nav" aria-label={t({ message: 'Main', context: 'navigation' })}>
      <ul>
        {VIEWS.map((v, i) => {
          const combo = VIEW_SHORTCUT.get(v.id);
          return (
            <li key={v.id}>
              <a
                href={hrefs[i]}
                className="side-nav__item"
                aria-current={view === v.id ? 'page' : undefined}
                aria-keyshortcuts={combo ? `${IS_MAC ? 'Meta' : 'Control'}+${combo.key}` : undefined}
                title={combo ? describeKeys(combo, IS_MAC) : undefined}
              >
                <span className={`side-nav__icon side-nav__icon--${v.id}`} aria-hidden="true" />
                {i18n._(v.label)}
              </a>
            </li>
          );
        })}
      </ul>
      <button type="button" className="side-nav__help link-button" aria-keyshortcuts="Shift+? F1" onClick={onHelp}>
        {t`Keyboard shortcuts`}
      </button>
    </nav>
  );
}

function TopBar({ accounts, activeAccount }: { accounts: AccountSummary[]; activeAccount: AccountSummary | null }) {
  const queryClient = useQueryClient();
  const hideAllCodes = useUi((s) => s.hideAllCodes);
  const setCodes = useUi((s) => s.setCodes);
  const select = useChannelMutation('accounts.select', { invalidates: ['accounts.list'] });
  useRefreshOnRecovery(activeAccount?.id ?? null);

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
                {a.isDemo ? ` ${t`(demo)`}` : ''}
              </option>
            ))}
          </select>
        </label>
        {activeAccount ? <ConnectionIndicator accountId={activeAccount.id} /> : null}
        <FigureAge accountId={activeAccount?.id ?? null} />
        <RefreshButton onRefresh={() => refreshOpenView(queryClient)} />
      </div>
      {select.error ? <ErrorPanel error={select.error.error} compact /> : null}
    </header>
  );
}

/**
 * Says "Refreshing…" while a refresh the person asked for runs. The automatic refreshes every few
 * seconds leave it alone ("Updated … ago" shows them): a button that went disabled for each one
 * took the keyboard focus away from anyone on it and repainted the bar for nothing while idle.
 */
function RefreshButton({ onRefresh }: { onRefresh: () => Promise<void> }) {
  const [refreshing, setRefreshing] = useState(false);
  return (
    <button
      type="button"
      className="button"
      aria-busy={refreshing}
      aria-keyshortcuts={IS_MAC ? 'Meta+R F5' : 'Control+R F5'}
      onClick={() => {
        if (refreshing) return;
        setRefreshing(true);
        void onRefresh().finally(() => setRefreshing(false));
      }}
    >
      {refreshing ? t`Refreshing…` : t`Refresh`}
    </button>
  );
}
