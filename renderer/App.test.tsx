import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { unknownConnection } from '../shared/model/connection';
import { App } from './App';
import { formatClock } from './format';
import { DEMO_ACCOUNT, DEFAULT_SETTINGS, REAL_ACCOUNT, installBridge, renderWithQuery } from './test/setup';

function setup(accounts = [DEMO_ACCOUNT, REAL_ACCOUNT], notice: string | null = null) {
  const bridge = installBridge(accounts);
  bridge.reply('settings.get', { settings: DEFAULT_SETTINGS, notice });
  bridge.reply('exchange.ping', { latencyMs: 42, serverTime: 1 });
  bridge.reply('balances.overview', {
    quote: 'USDT',
    accounts: [{ id: 'demo', name: 'Demo' }],
    rows: [{ asset: 'BTC', main: '1.5', tradeAvailable: '0', tradeFrozen: '0', collateral: '0', total: '1.5', price: null, value: null, change24h: null, share: null }],
    totals: { value: '0', main: '0', trade: '0', collateral: '0' },
    unpriced: 1,
    zeroAssets: 0,
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
  it('lands on Balances for the demo account with the DEMO badge and "Demo data" visible', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Balances' })).toBeTruthy();
    expect(screen.getAllByText('DEMO').length).toBeGreaterThan(0);
    expect(screen.getByText('Demo data')).toBeTruthy();
    expect(await screen.findByTestId('balance-total')).toHaveProperty('textContent', '1.5');
  });

  it('has a keyboard-reachable main navigation with every view', async () => {
    setup();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const names = within(nav).getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual(['Balances', 'Codes', 'Positions', 'Flex plans', 'Withdraw', 'Transactions', 'History', 'Accounts']);
    await userEvent.click(within(nav).getByRole('button', { name: 'Accounts' }));
    expect(await screen.findByRole('heading', { name: 'Accounts' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Accounts' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the connection main pushes; beside Offline, "Updated" claims no freshness', async () => {
    const bridge = setup();
    const online = { ...unknownConnection('demo'), status: 'online' as const, since: Date.now(), lastSuccessAt: Date.now(), lastCallAt: Date.now() };
    bridge.reply('connection.get', online);
    expect(await screen.findByRole('status', { name: 'Connection: Online' })).toBeTruthy();
    expect(await screen.findByText(/^Updated \d+ sec\. ago$/)).toBeTruthy();

    const since = Date.now();
    const offline = { ...online, status: 'offline' as const, since, lastFailureAt: since, problem: 'The exchange refused the connection.' };
    bridge.reply('connection.get', offline);
    act(() => bridge.emit('connection.changed', offline));
    expect(await screen.findByRole('status', { name: `Connection: Offline since ${formatClock(since)}` })).toBeTruthy();
    expect(screen.queryByText(/^Updated \d+ sec\. ago$/)).toBeNull();
    expect(screen.getByText(/^Last updated \d\d:\d\d:\d\d · could not refresh$/)).toBeTruthy();
  });

  it('switches account through the Account select; the DEMO strip goes away', async () => {
    const bridge = setup();
    await screen.findByText('Demo data');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Account' }), 'main');
    await waitFor(() => expect(bridge.callsTo('accounts.select')).toEqual([{ accountId: 'main' }]));
    await waitFor(() => expect(screen.queryByText('Demo data')).toBeNull());
    await waitFor(() => expect(bridge.callsTo('balances.overview')).toContainEqual({ accountId: 'main', quote: 'USDT' }));
  });

  it('saves the auto-refresh choice', async () => {
    const bridge = setup();
    const select = await screen.findByRole('combobox', { name: 'Auto-refresh' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Off', '10 s', '30 s', '1 min', '5 min']);
    await waitFor(() => expect(select).toHaveProperty('disabled', false));
    await userEvent.selectOptions(select, '30000');
    await waitFor(() => expect(bridge.callsTo('settings.update')).toEqual([{ refreshIntervalMs: 30_000 }]));
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe('30000'));
  });

  it('shows the settings notice once, until dismissed', async () => {
    setup(undefined, 'Your settings file could not be read; defaults are in use.');
    expect(await screen.findByText(/settings file could not be read/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/settings file could not be read/)).toBeNull();
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
    await userEvent.click(await screen.findByRole('button', { name: 'Accounts' }));
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
