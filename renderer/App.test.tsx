import { beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { unknownConnection } from '../shared/model/connection';
import { App } from './App';
import { formatClock } from './format/format';
import { DEMO_ACCOUNT, DEFAULT_SETTINGS, REAL_ACCOUNT, installBridge, renderWithQuery } from './test/setup';
import { resetRouting } from './shell/route';
import { useUi } from './state/ui';
import { OTHER_VIEW_CHUNKS } from './shell/views';

function setup(accounts = [DEMO_ACCOUNT, REAL_ACCOUNT], notice: string | null = null, forgottenAccounts = 0) {
  const bridge = installBridge(accounts);
  bridge.reply('settings.get', { settings: DEFAULT_SETTINGS, notice, forgottenAccounts });
  bridge.reply('exchange.ping', { latencyMs: 42 });
  bridge.reply('balances.overview', {
    quote: 'USDT',
    accounts: [{ id: 'demo', name: 'Demo' }],
    rows: [{ asset: 'BTC', main: '1.5', tradeAvailable: '0', tradeFrozen: '0', collateral: '0', total: '1.5', price: null, value: null, change24h: null, share: null }],
    totals: { value: '0', main: '0', trade: '0', collateral: '0', change24h: null },
    allocation: [],
    unpriced: 1,
    zeroAssets: 0,
    byAccount: [],
    grandTotal: '0',
    notes: [],
    pricedAt: null,
  });
  bridge.reply('exchange.assets', { items: {}, unreadable: [] });
  bridge.handle('accounts.select', (p) => {
    bridge.reply('accounts.list', { accounts, activeAccountId: p.accountId });
    return { activeAccountId: p.accountId };
  });
  renderWithQuery(<App />);
  return bridge;
}

describe('App shell', () => {
  // The first opening of a view otherwise waited for its modules to be transformed, while the app's
  // idle prefetch transformed all the others at once: seconds on a loaded machine, against the
  // find* timeout. Loaded once here, the views still open through their lazy imports.
  beforeAll(async () => {
    await Promise.all(OTHER_VIEW_CHUNKS.map((load) => load()));
  }, 60_000);

  it('lands on Balances for the demo account with the DEMO badge and "Demo data" visible', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Balances' })).toBeTruthy();
    expect(screen.getAllByText('DEMO').length).toBeGreaterThan(0);
    expect(screen.getByText('Demo data')).toBeTruthy();
    expect(await screen.findByTestId('balance-total')).toHaveProperty('textContent', '1.5');
  });

  it('has a keyboard-reachable main navigation with every view, Settings last, each with its shortcut', async () => {
    setup();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((b) => b.textContent)).toEqual(['Balances', 'Codes', 'Positions', 'Flex plans', 'Withdraw', 'Transactions', 'History', 'Accounts', 'Sub-accounts', 'Receive', 'Alerts', 'Settings']);
    expect(links.slice(8).map((b) => b.getAttribute('aria-keyshortcuts'))).toEqual(['Control+9', 'Control+d', 'Control+0', 'Control+,']);
    await userEvent.keyboard('{Control>}d{/Control}');
    expect(await screen.findByRole('heading', { name: 'Receive' })).toBeTruthy();
    await userEvent.click(within(nav).getByRole('link', { name: 'Accounts' }));
    expect(await screen.findByRole('heading', { name: 'Accounts' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Accounts' }).getAttribute('aria-current')).toBe('page');
    expect(window.location.hash).toBe('#/accounts');
  });

  it('shows the connection main pushes; beside Offline, "Updated" claims no freshness', async () => {
    const bridge = setup();
    // Numbered as main's monitor numbers its states: each change is a later revision.
    const online = { ...unknownConnection('demo'), status: 'online' as const, since: Date.now(), lastSuccessAt: Date.now(), lastCallAt: Date.now(), revision: 1 };
    bridge.reply('connection.get', online);
    expect(await screen.findByRole('status', { name: 'Connection: Online' })).toBeTruthy();
    expect(await screen.findByText(/^Updated \d+ sec\. ago$/)).toBeTruthy();

    const since = Date.now();
    const offline = { ...online, status: 'offline' as const, since, lastFailureAt: since, problem: 'The exchange refused the connection.', revision: 2 };
    bridge.reply('connection.get', offline);
    act(() => bridge.emit('connection.changed', offline));
    expect(await screen.findByRole('status', { name: `Connection: Offline since ${formatClock(since)}` })).toBeTruthy();
    expect(screen.queryByText(/^Updated \d+ sec\. ago$/)).toBeNull();
    expect(screen.getByText(/^Updated \d+ sec\. ago · could not refresh$/)).toBeTruthy();
  });

  it('switches account through the Account select; the DEMO strip goes away', async () => {
    const bridge = setup();
    await screen.findByText('Demo data');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Account' }), 'main');
    await waitFor(() => expect(bridge.callsTo('accounts.select')).toEqual([{ accountId: 'main' }]));
    await waitFor(() => expect(screen.queryByText('Demo data')).toBeNull());
    await waitFor(() => expect(bridge.callsTo('balances.overview')).toContainEqual({ accountId: 'main', quote: 'USDT' }));
  });

  it('saves the auto-refresh choice, the theme and the language from the Settings view', async () => {
    const bridge = setup();
    bridge.handle('settings.update', (patch) => ({ ...DEFAULT_SETTINGS, ...patch }) as typeof DEFAULT_SETTINGS);
    await userEvent.click(await screen.findByRole('link', { name: 'Settings' }));
    const select = await screen.findByRole('combobox', { name: 'Refresh automatically' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Off', 'Every 10 s', 'Every 30 s', 'Every minute', 'Every 5 min']);
    await userEvent.selectOptions(select, '30000');
    await waitFor(() => expect(bridge.callsTo('settings.update')).toContainEqual({ refreshIntervalMs: 30_000 }));
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe('30000'));
    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'uk');
    await waitFor(() => expect(bridge.callsTo('settings.update')).toContainEqual({ language: 'uk' }));
    expect(screen.queryByRole('combobox', { name: 'Auto-refresh' })).toBeNull();
  });

  it('shows the settings notice once, until dismissed', async () => {
    setup(undefined, 'Your settings file could not be read; defaults are in use.');
    expect(await screen.findByText(/settings file could not be read/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/settings file could not be read/)).toBeNull();
    // The same cause stays dismissed when the page comes back (a reload renders the app anew).
    cleanup();
    setup(undefined, 'Your settings file could not be read; defaults are in use.');
    expect(await screen.findByRole('heading', { name: 'Balances' })).toBeTruthy();
    expect(screen.queryByText(/settings file could not be read/)).toBeNull();
  });

  it('settings lost while the database keeps accounts’ records: says so and how to bring them back, not an empty start', async () => {
    setup([DEMO_ACCOUNT], null, 2);
    const notice = await screen.findByTestId('forgotten-accounts');
    expect(notice.textContent).toBe(
      'The settings file was missing or could not be read, but this computer keeps the withdrawal records of 2 accounts it no longer lists. Add each again with its API key in Accounts: their records come back with them, open withdrawals among them.',
    );
  });

  it('says "Updated … ago" once the view has data', async () => {
    setup();
    expect(await screen.findByText(/Updated \d+ sec\. ago/)).toBeTruthy();
  });

  it('points to Accounts when there is no account at all', async () => {
    setup([]);
    expect(await screen.findByText('No account yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Open Accounts' }));
    expect(await screen.findByRole('heading', { name: 'Accounts' })).toBeTruthy();
  });

  it('refreshes the accounts list when the main process says accounts changed', async () => {
    const bridge = setup();
    await screen.findByText('Demo data');
    const before = bridge.callsTo('accounts.list').length;
    bridge.emit('accounts.changed', { activeAccountId: 'demo' });
    await waitFor(() => expect(bridge.callsTo('accounts.list').length).toBeGreaterThan(before));
  });
});

describe('App shell and the Accounts view', () => {
  it('keeps the Accounts view (and a fresh key report) when adding makes the new account active', async () => {
    const bridge = setup();
    await userEvent.click(await screen.findByRole('link', { name: 'Accounts' }));
    const form = await screen.findByRole('form', { name: 'Add an account' });
    bridge.handle('accounts.add', () => {
      // The main process makes the first real account the active one.
      bridge.reply('accounts.list', { accounts: [DEMO_ACCOUNT, REAL_ACCOUNT], activeAccountId: 'main' });
      return {
        account: REAL_ACCOUNT,
        report: { balance: { status: 'ok' }, codes: { status: 'ok' }, positions: { status: 'ok' }, flex: { status: 'ok' }, withdraw: { status: 'ok' }, testedAt: 1 },
      };
    });
    await userEvent.type(within(form).getByLabelText('Name'), 'Main');
    await userEvent.type(within(form).getByLabelText('API key'), 'KEY-0123456789');
    await userEvent.type(within(form).getByLabelText('API secret'), 'SECRET-0123456789');
    await userEvent.click(within(form).getByRole('button', { name: 'Test & save' }));
    await waitFor(() => expect(screen.queryByText('Demo data')).toBeNull());
    expect(screen.getByRole('group', { name: /What the key for Main can reach/ })).toBeTruthy();
  });
});

describe('App shell navigation', () => {
  it('gives every view an address: the hash follows the view and its filter, and back returns', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Balances' })).toBeTruthy();
    expect(window.location.hash).toBe('#/balances');
    await userEvent.click(screen.getByRole('link', { name: 'Codes' }));
    expect(await screen.findByRole('heading', { name: 'Codes' })).toBeTruthy();
    expect(window.location.hash).toBe('#/codes');
    act(() => useUi.getState().setCodes({ list: 'history' }));
    await waitFor(() => expect(window.location.hash).toBe('#/codes?list=history'));
    // The link keeps the filter, so coming back to Codes finds it as it was left.
    expect(screen.getByRole('link', { name: 'Codes' }).getAttribute('href')).toBe('#/codes?list=history');
    act(() => window.history.back());
    expect(await screen.findByRole('heading', { name: 'Balances' })).toBeTruthy();
  });

  it('writes a search into the address a moment after the last keystroke, not on each one', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Balances' })).toBeTruthy();
    act(() => useUi.getState().setBalances({ search: 'b' }));
    act(() => useUi.getState().setBalances({ search: 'bt' }));
    expect(window.location.hash).toBe('#/balances');
    await waitFor(() => expect(window.location.hash).toBe('#/balances?q=bt'));
  });

  it('opens the view in the hash, or else the last view saved in settings, and saves each view opened', async () => {
    window.history.replaceState(null, '', '#/codes?list=history');
    setup();
    expect(await screen.findByRole('heading', { name: 'Codes' })).toBeTruthy();
    expect(useUi.getState().codes.list).toBe('history');
    cleanup();
    resetRouting();
    window.history.replaceState(null, '', '/');
    const bridge = installBridge([DEMO_ACCOUNT]);
    bridge.reply('settings.get', { settings: { ...DEFAULT_SETTINGS, lastView: 'positions' }, notice: null, forgottenAccounts: 0 });
    bridge.reply('positions.overview' as never, { positions: [], unreadable: [] } as never);
    renderWithQuery(<App />);
    expect(await screen.findByRole('heading', { name: 'Positions' })).toBeTruthy();
    expect(window.location.hash).toBe('#/positions');
    await userEvent.click(screen.getByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(bridge.callsTo('settings.update')).toContainEqual({ lastView: 'settings' }));
  });

  it('ignores an unknown view or filter in the hash', async () => {
    window.history.replaceState(null, '', '#/codes?list=everything');
    setup();
    expect(await screen.findByRole('heading', { name: 'Codes' })).toBeTruthy();
    expect(useUi.getState().codes.list).toBe('my');
    act(() => {
      window.location.hash = '#/nowhere';
    });
    await waitFor(() => expect(window.location.hash).toBe('#/codes'));
  });

  it('switches views with Ctrl+digit, refreshes with F5, focuses search with /, and lists the shortcuts in a dialog Escape closes', async () => {
    const bridge = setup();
    expect(await screen.findByRole('heading', { name: 'Balances' })).toBeTruthy();
    fireEvent.keyDown(window, { key: '2', code: 'Digit2', ctrlKey: true });
    expect(await screen.findByRole('heading', { name: 'Codes' })).toBeTruthy();
    fireEvent.keyDown(window, { key: '1', code: 'Digit1', ctrlKey: true });
    expect(await screen.findByRole('heading', { name: 'Balances' })).toBeTruthy();
    await screen.findByTestId('balance-total');
    const before = bridge.callsTo('balances.overview').length;
    const f5 = fireEvent.keyDown(window, { key: 'F5' });
    expect(f5).toBe(false); // default prevented: no page reload
    await waitFor(() => expect(bridge.callsTo('balances.overview').length).toBeGreaterThan(before));
    fireEvent.keyDown(window, { key: '/' });
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search assets' }));
    // Typed in a field, "?" is a character, not the help shortcut.
    fireEvent.keyDown(document.activeElement!, { key: '?' });
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
    const opener = screen.getByRole('button', { name: 'Keyboard shortcuts' });
    opener.focus();
    fireEvent.keyDown(opener, { key: 'F1' });
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Open Codes')).toBeTruthy();
    expect(within(dialog).getByText('Ctrl+2')).toBeTruthy();
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Close' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull());
    // The dialog hides as soon as close() runs; its close event, which gives focus back, comes in a
    // task after (jsdom as browsers): a loaded machine showed the check running in between.
    await waitFor(() => expect(document.activeElement).toBe(opener));
    // The first Ctrl+2 compiles the lazy Codes view on demand: on a loaded 2-core machine (the full
    // suite beside a benchmark) that alone took most of the default 5 s.
  }, 15_000);

  it('announces a confirmed or refused withdrawal as a toast, once per outcome', async () => {
    const bridge = setup();
    await screen.findByRole('heading', { name: 'Balances' });
    const record = { uniqueId: 'w-1', amount: '1.5', ticker: 'USDT', state: 'sent', phase: 'successful' } as never;
    act(() => bridge.emit('withdrawals.updated', record));
    act(() => bridge.emit('withdrawals.updated', record));
    const toasts = await screen.findAllByTestId('toast');
    expect(toasts).toHaveLength(1);
    expect(toasts[0]!.textContent).toContain('Withdrawal confirmed');
    expect(toasts[0]!.closest('[aria-live="polite"]')).toBeTruthy();
    act(() => bridge.emit('withdrawals.updated', { uniqueId: 'w-2', amount: '2', ticker: 'BTC', state: 'rejected', phase: null } as never));
    expect(await screen.findByText('Withdrawal refused')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss: Withdrawal refused' }));
    expect(screen.queryByText('Withdrawal refused')).toBeNull();
    // On Withdraw the outcome is in the view itself: no toast covers its buttons.
    await userEvent.click(screen.getByRole('link', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Withdraw' }).getAttribute('aria-current')).toBe('page'));
    act(() => bridge.emit('withdrawals.updated', { uniqueId: 'w-3', amount: '3', ticker: 'BTC', state: 'sent', phase: 'canceled' } as never));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Withdrawal cancelled')).toBeNull();
  });
});
