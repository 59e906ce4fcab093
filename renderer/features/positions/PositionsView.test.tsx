import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Position, PositionsResponse, UnreadableItem } from '../../../shared/api/schemas';
import { failure } from '../../test/fakeBridge';
import { installBridge, REAL_ACCOUNT, renderWithQuery } from '../../test/setup';
import { useUi } from '../../state/ui';
import { PositionsView } from './PositionsView';

function position(positionId: number, patch: Partial<Position> = {}): Position {
  return {
    positionId,
    market: 'BTC_USDT',
    openDate: 1_760_000_000.25,
    modifyDate: 1_760_003_600.5,
    amount: '0.25',
    basePrice: '100',
    liquidationPrice: '87.66',
    liquidationState: null,
    pnl: '0',
    pnlPercent: '3.81',
    margin: '250.5',
    freeMargin: '1180.25',
    funding: '0.35',
    unrealizedFunding: '0.0121',
    tpsl: null,
    positionSide: 'LONG',
    leverage: null,
    unrealizedPnl: null,
    ...patch,
  };
}

/** The closed-positions section's answer when a test is about open positions. */
const NO_CLOSED = { positions: [], totalsByMarket: [], markets: [], unreadable: 0 };

/** The channel's answer: readable positions plus the ones the schema could not read. */
const list = (items: Position[], unreadable: UnreadableItem[] = []) => ({ items, unreadable });

const cards = () => screen.getAllByTestId('position-card');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PositionsView', () => {
  it('shows every field of a position, with signs, units and the liquidation distance', async () => {
    installBridge([REAL_ACCOUNT]).handleAll({
      'exchange.positions': () => list([
        position(11, {
          pnl: '-12.5',
          pnlPercent: '-4.2',
          tpsl: { takeProfitId: 1, takeProfit: '72000', stopLossId: null, stopLoss: null },
        }),
      ]),
    });
    renderWithQuery(<PositionsView account={REAL_ACCOUNT} />);
    const card = await screen.findByRole('article', { name: 'Position 11 on BTC_USDT' });
    const field = (label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

    expect(within(card).getByText('Long')).toBeTruthy();
    expect(within(card).getByTestId('risk-badge').textContent).toBe('Normal');
    expect(field('Amount').textContent).toBe('0.25');
    expect(field('Base price').textContent).toBe('100 USDT');
    expect(field('Liquidation price').textContent).toContain('87.66 USDT');
    // The distance is the risk overview's (from the current price); none has answered here.
    expect(field('Liquidation price').textContent).toBe('87.66 USDT');
    expect(field('PnL (realized)').textContent).toContain('-12.5 USDT');
    expect(field('PnL (realized)').querySelector('.signed--negative')).not.toBeNull();
    expect(field('PnL % (unrealized)').textContent).toContain('-4.2 %');
    expect(field('Margin').textContent).toBe('250.5 USDT');
    expect(field('Free margin').textContent).toBe('1,180.25 USDT');
    expect(field('Funding').textContent).toBe('0.35 USDT');
    expect(field('Unrealized funding').textContent).toBe('0.0121 USDT');
    expect(field('TP / SL').textContent).toBe('TP 72,000 USDTSL none');
    const opened = field('Opened').querySelector('time');
    expect(opened?.getAttribute('dateTime')).toBe('2025-10-09T08:53:20.250Z');
    expect(field('Modified').querySelector('time')?.getAttribute('dateTime')).toBe('2025-10-09T09:53:20.500Z');
  });

  it('puts liquidation first, then margin call, and summarises the risk in a banner', async () => {
    installBridge([REAL_ACCOUNT]).handleAll({
      'exchange.positions': () => list([
        position(1),
        position(2, { liquidationState: 'margin_call' }),
        position(3, { liquidationState: 'something_new' }),
        position(4, { liquidationState: 'liquidation' }),
        position(5, { liquidationState: 'margin_call' }),
      ]),
    });
    renderWithQuery(<PositionsView account={REAL_ACCOUNT} />);
    await screen.findAllByTestId('position-card');
    expect(cards().map((c) => c.dataset.positionId)).toEqual(['4', '2', '5', '1', '3']);
    expect(cards().map((c) => within(c).getByTestId('risk-badge').textContent)).toEqual(['Liquidation', 'Margin call', 'Margin call', 'Normal', 'something_new']);
    expect(screen.getByTestId('risk-banner').textContent).toContain('1 position in liquidation and 2 positions in margin call');
  });

  it('shows no banner when nothing is at risk', async () => {
    installBridge([REAL_ACCOUNT]).handleAll({ 'exchange.positions': () => list([position(1), position(2, { liquidationState: 'odd' })]) });
    renderWithQuery(<PositionsView account={REAL_ACCOUNT} />);
    await screen.findAllByTestId('position-card');
    expect(screen.queryByTestId('risk-banner')).toBeNull();
  });

  it('explains funding on futures, missing side, missing liquidation price and no TP/SL', async () => {
    installBridge([REAL_ACCOUNT]).handleAll({
      'exchange.positions': () => list([position(7, { market: 'BTC_PERP', funding: '0', unrealizedFunding: '0', positionSide: null, liquidationPrice: null })]),
    });
    renderWithQuery(<PositionsView account={REAL_ACCOUNT} />);
    const card = await screen.findByRole('article', { name: 'Position 7 on BTC_PERP' });
    const field = (label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(field('Funding').textContent).toBe('0futures funding is settled through periodic balance updates, not per position');
    expect(within(card).getByText('side not reported')).toBeTruthy();
    expect(field('Liquidation price').textContent).toBe('—no liquidation price reported');
    expect(field('TP / SL').textContent).toBe('none');
  });

  it('shows a skeleton while loading and the empty state when there are no positions', async () => {
    let answer: (value: PositionsResponse) => void = () => undefined;
    installBridge([REAL_ACCOUNT]).handleAll({ 'exchange.positions': () => new Promise<PositionsResponse>((resolve) => (answer = resolve)) });
    renderWithQuery(<PositionsView account={REAL_ACCOUNT} />);
    expect(await screen.findByText('Loading positions…')).toBeTruthy();
    act(() => answer(list([])));
    expect(await screen.findByText('No open positions')).toBeTruthy();
  });

  it('shows the error with a Retry that loads again', async () => {
    let fail = true;
    const bridge = installBridge([REAL_ACCOUNT]).handleAll({
      'positions.closed': () => NO_CLOSED,
      'exchange.positions': () => {
        if (fail) throw failure({ kind: 'auth', message: 'The exchange did not accept the API key.', status: 401, code: 10 });
        return list([position(1)]);
      },
    });
    renderWithQuery(<PositionsView account={REAL_ACCOUNT} />);
    const panel = await screen.findByRole('alert');
    expect(panel.dataset.errorKind).toBe('auth');
    expect(panel.textContent).toContain('The exchange refused this API key');
    fail = false;
    await userEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('position-card')).toBeTruthy();
    expect(bridge.callsTo('exchange.positions')).toHaveLength(2);
  });

  it('validates the market filter before sending anything', async () => {
    const bridge = installBridge([REAL_ACCOUNT]).handleAll({ 'positions.closed': () => NO_CLOSED, 'exchange.positions': (p) => (p.market ? list([position(9, { market: p.market })]) : list([position(1), position(2)])) });
    renderWithQuery(<PositionsView account={REAL_ACCOUNT} />);
    await screen.findAllByTestId('position-card');
    const input = screen.getByRole('searchbox');

    await userEvent.type(input, 'BTC-USDT{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('The market must look like BASE_QUOTE, e.g. BTC_USDT or BTC_PERP.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(bridge.callsTo('exchange.positions')).toEqual([{ accountId: 'main' }]);

    await userEvent.clear(input);
    await userEvent.type(input, ' eth_perp {Enter}');
    await waitFor(() => expect(cards().map((c) => c.dataset.positionId)).toEqual(['9']));
    expect(bridge.callsTo('exchange.positions')).toEqual([{ accountId: 'main' }, { accountId: 'main', market: 'ETH_PERP' }]);
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
  });

  it('says whether alerts are on and leads to the one place they are switched (the account card)', async () => {
    installBridge([REAL_ACCOUNT]).handleAll({ 'exchange.positions': () => list([]) });
    useUi.getState().setView('positions');
    renderWithQuery(<PositionsView account={REAL_ACCOUNT} />);
    expect((await screen.findByTestId('alerts-state')).textContent).toContain('Alerts about margin calls and liquidations are off for this account.');
    expect(screen.queryByRole('checkbox', { name: /Notify me/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Change in Accounts' }));
    expect(useUi.getState().view).toBe('accounts');
  });

  it('renders hostile text as text without breaking the card', async () => {
    const market = '<img src=x onerror=alert(1)>' + 'W'.repeat(30);
    installBridge([REAL_ACCOUNT]).handleAll({ 'exchange.positions': () => list([position(1, { market, liquidationState: '<b>bold</b>' })]) });
    const { container } = renderWithQuery(<PositionsView account={REAL_ACCOUNT} />);
    const card = await screen.findByTestId('position-card');
    expect(within(card).getByRole('heading').textContent).toBe(market);
    expect(within(card).getByTestId('risk-badge').textContent).toBe('<b>bold</b>');
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });

  it('shows a pending position (null amount, prices and PnL) in words, never NaN', async () => {
    const pendingOne = position(21, { amount: null, basePrice: null, liquidationPrice: null, pnl: null, pnlPercent: null, tpsl: null, positionSide: null });
    installBridge([REAL_ACCOUNT]).handleAll({ 'exchange.positions': () => list([pendingOne]) });
    renderWithQuery(<PositionsView account={REAL_ACCOUNT} />);
    const card = await screen.findByRole('article', { name: 'Position 21 on BTC_USDT' });
    const field = (label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
    for (const label of ['Amount', 'Base price', 'PnL (realized)', 'PnL % (unrealized)']) expect(field(label).textContent).toBe('— pending');
    expect(field('Liquidation price').textContent).toContain('no liquidation price reported');
    expect(within(card).getByText('side not reported')).toBeTruthy();
    expect(within(card).getAllByText('pending').length).toBeGreaterThanOrEqual(5);
    expect(card.textContent).not.toMatch(/NaN|undefined|null/);
  });

  it('shows leverage and unrealized PnL when the exchange sends them', async () => {
    installBridge([REAL_ACCOUNT]).handleAll({ 'exchange.positions': () => list([position(31, { leverage: '10', unrealizedPnl: '-1.25' }), position(32)]) });
    renderWithQuery(<PositionsView account={REAL_ACCOUNT} />);
    const card = await screen.findByRole('article', { name: 'Position 31 on BTC_USDT' });
    const field = (label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(field('Leverage').textContent).toBe('10×');
    expect(field('Unrealized PnL').textContent).toContain('-1.25 USDT');
    const plain = screen.getByRole('article', { name: 'Position 32 on BTC_USDT' });
    expect(within(plain).queryByText('Leverage')).toBeNull();
    expect(within(plain).queryByText('Unrealized PnL')).toBeNull();
  });

  it('shows the readable positions and a notice naming the unreadable ones', async () => {
    const unreadable = [
      { where: 'positionId 7', reason: 'amount: must be a decimal string' },
      { where: 'positionId 8', reason: 'margin: must be a decimal string' },
      { where: '#3', reason: 'positionId: Invalid input' },
      { where: 'positionId 9', reason: 'funding: must be a decimal string' },
    ];
    installBridge([REAL_ACCOUNT]).handleAll({ 'exchange.positions': () => list([position(1)], unreadable) });
    renderWithQuery(<PositionsView account={REAL_ACCOUNT} />);
    await screen.findByRole('article', { name: 'Position 1 on BTC_USDT' });
    expect(screen.getByTestId('unreadable-notice').textContent).toBe(
      '4 positions could not be read: positionId 7: amount: must be a decimal string; positionId 8: margin: must be a decimal string; #3: positionId: Invalid input; and 1 more',
    );
  });
});
