import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BalanceResponse, UnreadableItem } from '../../../shared/api/schemas';
import { DEMO_ACCOUNT, DEFAULT_SETTINGS, installBridge, renderWithQuery } from '../../test/setup';
import { BalancesView } from './BalancesView';

const FORTY_DIGITS = '9999999999999999999999999999999999999999';

type Balances = BalanceResponse['items'];
const answer = (items: Balances, unreadable: UnreadableItem[] = []): BalanceResponse => ({ items, unreadable });

function balances(): Balances {
  return {
    BTC: { main_balance: '0.5' },
    ETH: { main_balance: '10' },
    USDT: { main_balance: '9.75' },
    DOGE: { main_balance: '0.00000001' },
    WHALE: { main_balance: FORTY_DIGITS },
  };
}

function setup(data: Balances | BalanceResponse = balances(), hideSmallBelow = '0') {
  const bridge = installBridge([DEMO_ACCOUNT], { ...DEFAULT_SETTINGS, hideSmallBelow });
  bridge.reply('exchange.balance', 'items' in data && 'unreadable' in data ? (data as BalanceResponse) : answer(data as Balances));
  bridge.reply('exchange.assets', {
    items: {
      BTC: { name: 'Bitcoin', can_deposit: true, can_withdraw: true, currency_precision: 8, is_memo: false },
      ETH: { name: 'Ethereum', can_deposit: true, can_withdraw: true, currency_precision: 18, is_memo: false },
    },
    unreadable: [],
  });
  renderWithQuery(<BalancesView account={DEMO_ACCOUNT} />);
  return bridge;
}

const tickers = () => screen.queryAllByTestId('balance-row').map((r) => r.querySelector('.cell-main')?.textContent);

describe('BalancesView', () => {
  it('shows a loading skeleton until the balance arrives', () => {
    const bridge = installBridge();
    bridge.hang('exchange.balance');
    bridge.hang('exchange.assets');
    renderWithQuery(<BalancesView account={DEMO_ACCOUNT} />);
    expect(screen.getByRole('status', { name: '' })).toHaveProperty('ariaBusy', 'true');
    expect(screen.getByText(/Loading balances/)).toBeTruthy();
  });

  it('lists every asset with its name, largest amount first (decimal order, not text order)', async () => {
    setup();
    await waitFor(() => expect(tickers()).toHaveLength(5));
    expect(tickers()).toEqual(['WHALE', 'ETH', 'USDT', 'BTC', 'DOGE']);
    expect(screen.getByText('Bitcoin')).toBeTruthy();
    // 40 digits shown exactly, grouped.
    expect(screen.getByTitle(FORTY_DIGITS).textContent).toBe('9,999,999,999,999,999,999,999,999,999,999,999,999,999');
  });

  it('sorts by ticker and toggles direction', async () => {
    setup();
    await waitFor(() => expect(tickers()).toHaveLength(5));
    await userEvent.click(screen.getByRole('button', { name: /Asset/ }));
    expect(tickers()).toEqual(['BTC', 'DOGE', 'ETH', 'USDT', 'WHALE']);
    await userEvent.click(screen.getByRole('button', { name: /Asset/ }));
    expect(tickers()).toEqual(['WHALE', 'USDT', 'ETH', 'DOGE', 'BTC']);
    await userEvent.click(screen.getByRole('button', { name: /Amount/ }));
    expect(tickers()).toEqual(['WHALE', 'ETH', 'USDT', 'BTC', 'DOGE']);
    expect(screen.getByRole('columnheader', { name: /Amount/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('searches by ticker or name, case-insensitively, and says when nothing matches', async () => {
    setup();
    await waitFor(() => expect(tickers()).toHaveLength(5));
    const search = screen.getByRole('searchbox', { name: 'Search assets' });
    await userEvent.type(search, 'ethe');
    await waitFor(() => expect(tickers()).toEqual(['ETH']));
    await userEvent.clear(search);
    await userEvent.type(search, 'zzz');
    await waitFor(() => expect(screen.getByText(/No assets match/)).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(tickers()).toHaveLength(5));
  });

  it('hides balances below the saved threshold and saves a new threshold to settings', async () => {
    const bridge = setup(balances(), '1');
    await waitFor(() => expect(tickers()).toHaveLength(5));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Hide small balances' }));
    expect(tickers()).toEqual(['WHALE', 'ETH', 'USDT']);
    const threshold = screen.getByRole('textbox', { name: 'Small balance threshold' });
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '9.8{Enter}');
    await waitFor(() => expect(bridge.callsTo('settings.update')).toEqual([{ hideSmallBelow: '9.8' }]));
    await waitFor(() => expect(tickers()).toEqual(['WHALE', 'ETH']));
  });

  it('refuses a threshold that is not an amount', async () => {
    const bridge = setup();
    await waitFor(() => expect(tickers()).toHaveLength(5));
    const threshold = screen.getByRole('textbox', { name: 'Small balance threshold' });
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '1e5{Enter}');
    expect(screen.getByText('Enter an amount such as 0.001')).toBeTruthy();
    expect(bridge.callsTo('settings.update')).toEqual([]);
  });

  it('shows an empty state for an account without balances', async () => {
    setup({});
    expect(await screen.findByText('No balances yet')).toBeTruthy();
  });

  it('shows the auth error with a way to fix the key, and Retry asks again', async () => {
    const bridge = installBridge();
    bridge.failWith('exchange.balance', { kind: 'auth', message: 'Unauthorized request.', code: 10, status: 401 });
    bridge.reply('exchange.assets', { items: {}, unreadable: [] });
    renderWithQuery(<BalancesView account={DEMO_ACCOUNT} />);
    const panel = await screen.findByRole('alert');
    expect(panel.textContent).toContain('The exchange refused this API key');
    expect(within(panel).getByRole('button', { name: 'Fix the key in Accounts' })).toBeTruthy();
    expect(bridge.callsTo('exchange.balance')).toHaveLength(1); // auth is never retried
    bridge.reply('exchange.balance', answer({ BTC: { main_balance: '1' } }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(tickers()).toEqual(['BTC']));
  });

  it('still shows balances when asset names fail to load', async () => {
    const bridge = installBridge();
    bridge.reply('exchange.balance', answer({ BTC: { main_balance: '1' } }));
    bridge.failWith('exchange.assets', { kind: 'permission', message: 'no' });
    renderWithQuery(<BalancesView account={DEMO_ACCOUNT} />);
    await waitFor(() => expect(tickers()).toEqual(['BTC']));
  });

  it('renders hostile strings as text and keeps the DOM small with 5 000 assets (windowing)', async () => {
    const many: Balances = {};
    for (let i = 0; i < 5_000; i++) many[`T${String(i).padStart(4, '0')}`] = { main_balance: `${i}.5` };
    many['<img src=x onerror=alert(1)>'] = { main_balance: '99999' };
    setup(many);
    await waitFor(() => expect(tickers().length).toBeGreaterThan(0));
    expect(tickers().length).toBeLessThan(100);
    expect(tickers()[0]).toBe('<img src=x onerror=alert(1)>');
    expect(document.querySelector('img')).toBeNull();
    // Scrolling moves the window.
    const scroller = screen.getByTestId('balances-scroll');
    scroller.scrollTop = 52 * 2_000;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(tickers()).toContain('T2999'));
    expect(tickers().length).toBeLessThan(100);
    expect(screen.getByText(/5001 assets/)).toBeTruthy();
  });

  it('hides zero balances by default, says how many, and shows them on request', async () => {
    setup({ BTC: { main_balance: '0.5' }, BSV: { main_balance: '0' }, BTG: { main_balance: '0.000' }, XLM: { main_balance: '36.48' } });
    await waitFor(() => expect(tickers()).toEqual(['XLM', 'BTC']));
    expect(screen.getByTestId('hidden-zero-count').textContent).toContain('2 hidden');
    const toggle = screen.getByRole('checkbox', { name: /Show zero balances/ });
    expect(toggle).toHaveProperty('checked', false);
    await userEvent.click(toggle);
    expect(tickers()).toEqual(['XLM', 'BTC', 'BSV', 'BTG']);
    expect(screen.queryByTestId('hidden-zero-count')).toBeNull();
    await userEvent.click(toggle);
    expect(tickers()).toEqual(['XLM', 'BTC']);
  });

  it('says so when every balance is zero, and offers to show them', async () => {
    setup({ BSV: { main_balance: '0' }, BTG: { main_balance: '0' } });
    await screen.findByText('Every balance is zero');
    await userEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(tickers()).toEqual(['BSV', 'BTG']));
  });

  it('shows the readable balances and names the unreadable one', async () => {
    setup(answer({ BTC: { main_balance: '0.5' } }, [{ where: 'ETH', reason: 'main_balance: must be a decimal string' }]));
    await waitFor(() => expect(tickers()).toEqual(['BTC']));
    expect(screen.getByTestId('unreadable-notice').textContent).toBe('1 balance could not be read: ETH: main_balance: must be a decimal string');
  });
});
