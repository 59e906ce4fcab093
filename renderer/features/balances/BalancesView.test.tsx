import { describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALLOCATION_TOP, type BalanceRow, type BalancesOverview, type OverviewNote } from '../../../shared/model/balances';
import type { AssetChanges } from '../../../shared/model/history';
import { add, compare, dec, mul, sum, toPlain } from '../../../shared/money/decimal';
import { DEMO_ACCOUNT, DEFAULT_SETTINGS, installBridge, renderWithQuery } from '../../test/setup';
import { BalancesView } from './BalancesView';
import { useUi } from '../../state/ui';

const FORTY_DIGITS = '9999999999999999999999999999999999999999';

interface Holding {
  main?: string;
  trade?: string;
  frozen?: string;
  collateral?: string;
  /** One unit in USDT; absent: no price. */
  price?: string;
  change?: string;
}

/** The allocation picture as the main process builds it (shares of the total in percent, then "other"). */
function allocationOf(rows: BalanceRow[], total: string): BalancesOverview['allocation'] {
  if (compare(total, '0') <= 0) return [];
  const priced = rows.filter((r): r is BalanceRow & { value: string } => r.value !== null && compare(r.value, '0') > 0).sort((a, b) => compare(b.value, a.value));
  const share = (value: string) => toPlain(dec(value).dividedBy(dec(total)).times(100).toDecimalPlaces(4));
  const rest = priced.slice(ALLOCATION_TOP);
  return [...priced.slice(0, ALLOCATION_TOP).map((r) => ({ asset: r.asset, share: share(r.value) })), ...(rest.length > 0 ? [{ asset: null, share: share(sum(rest.map((r) => r.value))) }] : [])];
}

/** An overview as the main process builds it: totals and values computed exactly from the holdings. */
function overview(holdings: Record<string, Holding>, extra: Partial<BalancesOverview> = {}): BalancesOverview {
  const rows: BalanceRow[] = Object.entries(holdings).map(([asset, h]) => {
    const parts = { main: h.main ?? '0', tradeAvailable: h.trade ?? '0', tradeFrozen: h.frozen ?? '0', collateral: h.collateral ?? '0' };
    const total = sum([parts.main, parts.tradeAvailable, parts.tradeFrozen, parts.collateral]);
    return { asset, ...parts, total, price: h.price ?? null, value: h.price ? mul(total, h.price) : null, change24h: h.change ?? null, share: null };
  });
  const priced = (pick: (r: BalanceRow) => string) => sum(rows.filter((r) => r.price !== null).map((r) => mul(pick(r), r.price as string)));
  const value = priced((r) => r.total);
  return {
    quote: 'USDT',
    accounts: [{ id: DEMO_ACCOUNT.id, name: DEMO_ACCOUNT.name }],
    rows,
    allocation: allocationOf(rows, value),
    totals: { value, main: priced((r) => r.main), trade: priced((r) => add(r.tradeAvailable, r.tradeFrozen)), collateral: priced((r) => r.collateral), change24h: null },
    unpriced: rows.filter((r) => r.price === null).length,
    zeroAssets: 0,
    byAccount: [],
    grandTotal: '0',
    notes: [],
    pricedAt: 1,
    ...extra,
  };
}

function holdings(): Record<string, Holding> {
  return {
    BTC: { main: '0.5', trade: '0.1', frozen: '0.05', price: '60000', change: '1.25' },
    ETH: { main: '10', collateral: '2', price: '3000', change: '-2.5' },
    USDT: { main: '9.75', price: '1' },
    DOGE: { main: '0.00000001', price: '0.1' },
    WHALE: { main: FORTY_DIGITS },
  };
}

/** History's answer before it holds a snapshot a day old. */
const NO_HISTORY: AssetChanges = { accountId: DEMO_ACCOUNT.id, quote: 'USDT', at: 1, since: null, missing: 'not_enough_history', assets: [] };

function setup(data: BalancesOverview = overview(holdings()), hideSmallBelow = '0', changes: AssetChanges = NO_HISTORY) {
  const bridge = installBridge([DEMO_ACCOUNT], { ...DEFAULT_SETTINGS, hideSmallBelow });
  bridge.reply('balances.overview', data);
  bridge.reply('history.changes', changes);
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
  it('shows a loading skeleton until the overview arrives', () => {
    const bridge = installBridge();
    bridge.hang('balances.overview');
    bridge.hang('exchange.assets');
    renderWithQuery(<BalancesView account={DEMO_ACCOUNT} />);
    expect(screen.getByRole('status', { name: '' })).toHaveProperty('ariaBusy', 'true');
    expect(screen.getByText(/Loading balances/)).toBeTruthy();
  });

  it('lists every asset across main, trade and collateral, most valuable first; no price is last, never zero', async () => {
    setup();
    await waitFor(() => expect(tickers()).toHaveLength(5));
    // BTC 0.65 × 60000 = 39000; ETH 12 × 3000 = 36000; USDT 9.75; DOGE 0.000000001; WHALE: no price.
    expect(tickers()).toEqual(['BTC', 'ETH', 'USDT', 'DOGE', 'WHALE']);
    expect(screen.getByText('Bitcoin')).toBeTruthy();
    const btc = screen.getAllByTestId('balance-row')[0]!;
    expect(within(btc).getByTestId('balance-total').textContent).toBe('0.65');
    expect(within(btc).getByText('0.05 frozen')).toBeTruthy();
    expect(within(btc).getByTestId('balance-value').textContent).toBe('39,000.00');
    // No snapshot a day old yet: the change columns are blank, and say why once, in their header.
    expect(within(btc).getByTestId('balance-change').textContent).toBe('\u2013');
    expect(within(btc).getByTestId('balance-change').getAttribute('title')).toBe('Its price alone moved +1.25% in 24 hours.');
    expect((await screen.findByTestId('changes-missing')).textContent).toBe('24 h changenot enough history yet');
    const whale = screen.getAllByTestId('balance-row')[4]!;
    expect(within(whale).getByTestId('balance-value').textContent).toBe('no price');
    // 40 digits shown exactly, grouped.
    expect(within(whale).getByTestId('balance-total').textContent).toBe('9,999,999,999,999,999,999,999,999,999,999,999,999,999');
  });

  it('shows each asset\'s amount and value change over 24 h from History, signed and toned, and sorts by the value change', async () => {
    const since = Date.UTC(2026, 0, 1, 12);
    const bridge = setup(overview(holdings()), '0', {
      ...NO_HISTORY,
      at: since + 86_400_000,
      since,
      missing: null,
      assets: [
        { asset: 'BTC', amount: '-0.15', value: '-9000.5' },
        { asset: 'ETH', amount: '2', value: '6500' },
        { asset: 'USDT', amount: '0', value: '0' },
        { asset: 'DOGE', amount: '0.00000001', value: null },
      ],
    });
    await waitFor(() => expect(screen.getAllByTestId('balance-amount-change')[0]!.textContent).toBe('\u22120.15 BTC'));
    expect(bridge.callsTo('history.changes')[0]).toEqual({ accountId: DEMO_ACCOUNT.id, quote: 'USDT' });
    const row = (asset: string) => screen.getAllByTestId('balance-row').find((r) => r.getAttribute('data-asset') === asset)!;
    const btc = within(row('BTC')).getByTestId('balance-change');
    expect(within(btc).getByTestId('balance-value-change').textContent).toBe('\u22129,000.50');
    expect(btc.classList.contains('change--down')).toBe(true);
    expect(btc.getAttribute('title')).toBe('Value: -9000.5 USDT. Amount: -0.15 BTC. Its price alone moved +1.25% in 24 hours.');
    expect(within(row('ETH')).getByTestId('balance-amount-change').textContent).toBe('+2 ETH');
    expect(within(row('ETH')).getByTestId('balance-change').classList.contains('change--up')).toBe(true);
    const doge = within(row('DOGE')).getByTestId('balance-change');
    expect(doge.textContent).toBe('\u2013+0.00000001 DOGE');
    expect(doge.getAttribute('title')).toBe('Value: not known, no price at one end. Amount: 0.00000001 DOGE.');
    // The header says what the figures are; no "not enough history" note.
    expect(screen.queryByTestId('changes-missing')).toBeNull();
    const table = screen.getByRole('table');
    const header = within(table).getByRole('button', { name: /24 h change/ });
    expect(header.closest('th')!.getAttribute('title')).toMatch(/^The value now minus the value at .+, about 24 hours ago, in USDT: .+ Under it, the amount held now minus the amount held then/);
    await userEvent.click(header);
    expect(tickers()).toEqual(['ETH', 'USDT', 'BTC', 'DOGE', 'WHALE']);
  });

  it('heads the view with the total value, its split by account part, and what is left out of it', async () => {
    setup();
    // 39000 + 36000 + 9.75 + 0.000000001, shown in cents; every digit in the title.
    const total = await screen.findByTestId('total-value');
    expect(total.textContent).toBe('75,009.75 USDT');
    expect(total.getAttribute('title')).toBe('75009.750000001 USDT');
    expect(screen.getByTestId('total-trade').textContent).toBe('9,000.00 USDT');
    expect(screen.getByTestId('total-collateral').textContent).toBe('6,000.00 USDT');
    expect(screen.getByTestId('unpriced-count').textContent).toBe('1 asset has no price in USDT and is not in the total.');
    expect(screen.getByRole('figure', { name: 'Allocation by value' }).textContent).toContain('BTC 52.0%');
  });

  it('says the total\'s 24 h price move with its sign and percent, and "not known" (never 0) when it is not known', async () => {
    setup(overview(holdings(), { totals: { ...overview(holdings()).totals, change24h: { value: '-1234.5', percent: '-1.62' } } }));
    const change = await screen.findByTestId('total-change');
    expect(change.textContent).toBe('24 h price move -1,234.50 USDT (-1.62%)');
    expect(change.querySelector('.change--down')).not.toBeNull();
    cleanup();
    setup(overview(holdings(), { totals: { ...overview(holdings()).totals, change24h: { value: '0.004', percent: '0' } } }));
    // Too small for the shown places, yet a move: not "0%".
    expect((await screen.findByTestId('total-change')).textContent).toBe('24 h price move +0.00 USDT (+<0.01%)');
    cleanup();
    setup();
    expect((await screen.findByTestId('total-change')).textContent).toBe('24 h price move not known');
  });

  it('sorts by ticker, amount and value, both directions', async () => {
    setup();
    await waitFor(() => expect(tickers()).toHaveLength(5));
    await userEvent.click(screen.getByRole('button', { name: /Asset/ }));
    expect(tickers()).toEqual(['BTC', 'DOGE', 'ETH', 'USDT', 'WHALE']);
    await userEvent.click(screen.getByRole('button', { name: /Asset/ }));
    expect(tickers()).toEqual(['WHALE', 'USDT', 'ETH', 'DOGE', 'BTC']);
    await userEvent.click(screen.getByRole('button', { name: /Total/ }));
    expect(tickers()).toEqual(['WHALE', 'ETH', 'USDT', 'BTC', 'DOGE']);
    expect(screen.getByRole('columnheader', { name: /Total/ }).getAttribute('aria-sort')).toBe('descending');
    await userEvent.click(screen.getByRole('button', { name: /Value/ }));
    await userEvent.click(screen.getByRole('button', { name: /Value/ }));
    // Ascending by value; the unpriced row stays last either way.
    expect(tickers()).toEqual(['DOGE', 'USDT', 'ETH', 'BTC', 'WHALE']);
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
    // "Show all" clears the box too, and a search set elsewhere (an address, Back) shows in it.
    await waitFor(() => expect((search as HTMLInputElement).value).toBe(''));
    act(() => useUi.getState().setBalances({ search: 'btc' }));
    await waitFor(() => expect((search as HTMLInputElement).value).toBe('btc'));
    await waitFor(() => expect(tickers()).toEqual(['BTC']));
  });

  it('shows a search in the rows already on screen, and never carries one asset\'s "Copied" to another', async () => {
    setup();
    await waitFor(() => expect(tickers()).toHaveLength(5));
    const firstRow = screen.getAllByTestId('balance-row')[0]!;
    const firstAsset = firstRow.getAttribute('data-asset');
    await userEvent.click(within(firstRow).getByRole('button', { name: `Copy ${firstAsset} amount` }));
    await waitFor(() => expect(firstRow.querySelector('[data-shown="true"]')?.textContent).not.toBe('Copy'));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search assets' }), 'ethe');
    await waitFor(() => expect(tickers()).toEqual(['ETH']));
    // The same element now shows ETH (rows are slots), with ETH's own figures and a fresh Copy button.
    const row = screen.getByTestId('balance-row');
    expect(row).toBe(firstRow);
    expect(firstAsset).not.toBe('ETH');
    expect(row.getAttribute('data-asset')).toBe('ETH');
    expect(within(row).getByRole('button', { name: 'Copy ETH amount' }).querySelector('[data-shown="true"]')?.textContent).toBe('Copy');
  });

  it('leaves "Hide small balances" clear while the threshold is 0, and ticks it once a threshold is typed', async () => {
    setup(overview(holdings()), '0');
    await waitFor(() => expect(tickers()).toHaveLength(5));
    const box = screen.getByRole('checkbox', { name: 'Hide small balances' });
    expect(box).toHaveProperty('checked', false);
    await userEvent.type(screen.getByRole('textbox', { name: 'Small balance threshold' }), '{Backspace}10');
    await waitFor(() => expect(tickers()).toEqual(['BTC', 'ETH', 'WHALE']));
    expect(box).toHaveProperty('checked', true);
  });

  it('hides what is worth less than the threshold in the quote (on by default with one), counts it, keeps unpriced rows, and saves a new threshold', async () => {
    const bridge = setup(overview(holdings()), '10');
    await waitFor(() => expect(tickers()).toEqual(['BTC', 'ETH', 'WHALE']));
    expect(screen.getByTestId('hidden-small-count').textContent).toBe('2 worth less than 10 USDT hidden');
    const threshold = screen.getByRole('textbox', { name: 'Small balance threshold' });
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '36000.5{Enter}');
    await waitFor(() => expect(bridge.callsTo('settings.update')).toEqual([{ hideSmallBelow: '36000.5' }]));
    await waitFor(() => expect(tickers()).toEqual(['BTC', 'WHALE']));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Hide small balances' }));
    expect(tickers()).toHaveLength(5);
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

  it('values in another quote and sums every account on request', async () => {
    const bridge = setup();
    await waitFor(() => expect(tickers()).toHaveLength(5));
    expect(bridge.callsTo('balances.overview')).toEqual([{ accountId: DEMO_ACCOUNT.id, quote: 'USDT' }]);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Quote currency' }), 'BTC');
    await waitFor(() => expect(bridge.callsTo('settings.update')).toEqual([{ quote: 'BTC' }]));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Balances of' }), 'all');
    await waitFor(() => expect(bridge.callsTo('balances.overview').at(-1)).toEqual({ quote: 'BTC' }));
  });

  it('shows an empty state for an account without balances, and says when every listed asset is zero', async () => {
    setup(overview({}));
    expect(await screen.findByText('No balances yet')).toBeTruthy();
  });

  it('says so when every balance is zero', async () => {
    setup(overview({}, { zeroAssets: 3 }));
    expect(await screen.findByText('Every balance is zero')).toBeTruthy();
  });

  it('shows the auth error with a way to fix the key, and Retry asks again', async () => {
    const bridge = installBridge();
    bridge.failWith('balances.overview', { kind: 'auth', message: 'Unauthorized request.', code: 10, status: 401 });
    bridge.reply('exchange.assets', { items: {}, unreadable: [] });
    renderWithQuery(<BalancesView account={DEMO_ACCOUNT} />);
    const panel = await screen.findByRole('alert');
    expect(panel.textContent).toContain('The exchange refused this API key');
    expect(within(panel).getByRole('button', { name: 'Fix the key in Accounts' })).toBeTruthy();
    expect(bridge.callsTo('balances.overview')).toHaveLength(1); // auth is never retried
    bridge.reply('balances.overview', overview({ BTC: { main: '1', price: '60000' } }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(tickers()).toEqual(['BTC']));
  });

  it('still shows balances when asset names fail to load', async () => {
    const bridge = installBridge();
    bridge.reply('balances.overview', overview({ BTC: { main: '1' } }));
    bridge.failWith('exchange.assets', { kind: 'permission', message: 'no' });
    renderWithQuery(<BalancesView account={DEMO_ACCOUNT} />);
    await waitFor(() => expect(tickers()).toEqual(['BTC']));
  });

  it('renders hostile strings as text and keeps the DOM small with 5 000 assets (windowing)', async () => {
    const many: Record<string, Holding> = {};
    for (let i = 0; i < 5_000; i++) many[`T${String(i).padStart(4, '0')}`] = { main: `${i}.5`, price: '1' };
    many['<img src=x onerror=alert(1)>'] = { main: '99999', price: '1' };
    setup(overview(many));
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
    expect(screen.getByText(/5,001 assets/)).toBeTruthy();
  });

  it('names what is missing (a part that failed, unreadable entries) and keeps what it has', async () => {
    const notes: OverviewNote[] = [
      { kind: 'part_unavailable', part: 'collateral', accountId: 'demo', accountName: 'Demo', error: { kind: 'timeout', message: 'timed out' } },
      { kind: 'unreadable', part: 'main', accountName: 'Demo', count: 2 },
    ];
    setup(overview({ BTC: { main: '0.5', price: '60000' } }, { notes, zeroAssets: 4 }));
    await waitFor(() => expect(tickers()).toEqual(['BTC']));
    const missing = screen.getByRole('status', { name: 'What is missing' });
    expect(missing.textContent).toContain('The collateral balance of Demo could not be read: ');
    expect(missing.textContent).toContain('2 main balance entries of Demo could not be read and are left out.');
    expect(screen.getByTestId('hidden-zero-count').textContent).toBe('4 assets at zero not listed');
  });
});
