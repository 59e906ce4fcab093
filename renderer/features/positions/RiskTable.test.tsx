import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Position } from '../../../shared/api/schemas';
import type { PositionRisk, PositionsOverview } from '../../../shared/model/balances';
import { installBridge, REAL_ACCOUNT, renderWithQuery } from '../../test/setup';
import { PositionsView } from './PositionsView';

function risk(positionId: number, market: string, patch: Partial<PositionRisk> = {}): PositionRisk {
  return {
    positionId,
    market,
    side: 'LONG',
    amount: '1',
    basePrice: '100',
    liquidationPrice: '80',
    liquidationState: null,
    currentPrice: '100',
    priceSource: 'last',
    distancePercent: '20',
    unrealizedPnl: '0',
    leverage: '5',
    margin: '20',
    ...patch,
  };
}

/** In the main process's order: liquidation, margin call, then the smallest distance. */
const OVERVIEW: PositionsOverview = {
  accountId: REAL_ACCOUNT.id,
  positions: [
    risk(1, 'BTC_PERP', { liquidationState: 'liquidation', distancePercent: '-2.1', currentPrice: '61934.71', priceSource: 'index', unrealizedPnl: '-1678.4' }),
    risk(2, 'ETH_USDT', { liquidationState: 'margin_call', distancePercent: '7.5', unrealizedPnl: '-365.04' }),
    risk(3, 'SOL_USDT', { distancePercent: '33.17', unrealizedPnl: '342.48', leverage: '10' }),
    risk(4, 'XRP_USDT', { liquidationPrice: null, distancePercent: null, unrealizedPnl: null }),
  ],
  summary: { equity: '46762.86', margin: '7930.1', freeMargin: '38832.77', unrealizedFunding: '0', pnl: '-2332.13', leverage: '5', marginFraction: '0.1696' },
  unreadable: 0,
  notes: [{ kind: 'region_unavailable', part: 'futures' }],
};

const DETAIL: Position = {
  positionId: 1,
  market: 'BTC_PERP',
  openDate: 1_760_000_000,
  modifyDate: 1_760_000_000,
  amount: '1',
  basePrice: '100',
  liquidationPrice: '80',
  liquidationState: 'liquidation',
  pnl: '0',
  pnlPercent: '0',
  margin: '20',
  freeMargin: '0',
  funding: '0',
  unrealizedFunding: '0',
  tpsl: null,
  positionSide: 'LONG',
  leverage: null,
  unrealizedPnl: null,
};

function setup(overview: PositionsOverview = OVERVIEW) {
  const bridge = installBridge([REAL_ACCOUNT]);
  // The detail cards come from the exchange's own list; one is enough here.
  bridge.reply('exchange.positions', { items: [DETAIL], unreadable: [] });
  bridge.reply('positions.overview', overview);
  renderWithQuery(<PositionsView account={REAL_ACCOUNT} />);
  return bridge;
}

const markets = () => screen.getAllByTestId('risk-row').map((row) => row.querySelector('.cell-main')?.textContent);

describe('positions as risk', () => {
  it('heads the view with the collateral summary and names what is missing', async () => {
    setup();
    const summary = await screen.findByLabelText('Collateral summary');
    expect(within(summary).getByTestId('summary-equity').textContent).toBe('46,762.86');
    expect(within(summary).getByTestId('summary-pnl').textContent).toBe('-2,332.13');
    expect(within(summary).getByTestId('summary-leverage').textContent).toBe('5\u00d7');
    expect(screen.getByRole('status', { name: 'What is missing' }).textContent).toContain('The futures list (index prices) is not available in this region.');
  });

  it('lists positions riskiest first with the current price, the distance to liquidation as a toned bar, P&L in money and leverage', async () => {
    setup();
    await waitFor(() => expect(markets()).toEqual(['BTC_PERP', 'ETH_USDT', 'SOL_USDT', 'XRP_USDT']));
    const [btc, eth, sol, xrp] = screen.getAllByTestId('risk-row');
    expect(within(btc!).getByTestId('risk-current').getAttribute('title')).toBe('Index price');
    // Past its liquidation price: the signed figure, the words, a full red bar.
    expect(within(btc!).getByTestId('risk-distance').textContent).toBe('\u22122.1\u00a0%past liquidation');
    expect(btc!.querySelector('.distance')?.getAttribute('data-tone')).toBe('danger');
    expect(btc!.querySelector<HTMLElement>('.distance__fill')?.style.width).toBe('100%');
    // The card below says the same, from the same figure.
    expect(screen.getByRole('article', { name: 'Position 1 on BTC_PERP' }).querySelector('[data-testid="liquidation-distance"]')?.textContent).toBe('past liquidation by 2.1\u00a0%');
    expect(within(sol!).getByTestId('risk-distance').textContent).toBe('33.17\u00a0%');
    expect(eth!.querySelector('.distance')?.getAttribute('data-tone')).toBe('warning');
    expect(sol!.querySelector('.distance')?.getAttribute('data-tone')).toBe('positive');
    expect(within(sol!).getByText('+342.48')).toBeTruthy();
    expect(within(sol!).getByText('USDT')).toBeTruthy();
    expect(within(xrp!).getByTestId('risk-distance').textContent).toBe('no liquidation price');
  });

  it('sorts by distance, P&L or market, both ways; unknown figures stay last; the sort is remembered', async () => {
    setup();
    await waitFor(() => expect(markets()).toHaveLength(4));
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Distance' }));
    expect(markets()).toEqual(['BTC_PERP', 'ETH_USDT', 'SOL_USDT', 'XRP_USDT']);
    expect(screen.getByRole('button', { name: 'Sort by Distance' }).closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('button', { name: 'Sort by P&L' }).closest('th')?.getAttribute('aria-sort')).toBe('none');
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Distance' }));
    expect(markets()).toEqual(['SOL_USDT', 'ETH_USDT', 'BTC_PERP', 'XRP_USDT']);
    await userEvent.click(screen.getByRole('button', { name: 'Sort by P&L' }));
    expect(markets()).toEqual(['SOL_USDT', 'ETH_USDT', 'BTC_PERP', 'XRP_USDT']);
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Market' }));
    expect(markets()).toEqual(['BTC_PERP', 'ETH_USDT', 'SOL_USDT', 'XRP_USDT']);
  });

  it('puts the risk right after the market, keeps the market in view sideways, and says which price Current and P&L use', async () => {
    setup();
    await waitFor(() => expect(markets()).toHaveLength(4));
    const table = screen.getByRole('table', { name: 'Positions by risk' });
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent?.replace(/\s*[\u2191\u2193]?\s*$/, ''));
    expect(headers.slice(0, 3)).toEqual(['Market', 'State', 'Distance']);
    expect(within(table).getAllByRole('columnheader')[0]!.classList.contains('cell-sticky')).toBe(true);
    expect(screen.getAllByTestId('risk-row')[0]!.querySelector('td')!.classList.contains('cell-sticky')).toBe(true);
    expect(within(table).getByText('Current').getAttribute('title')).toBe('Index price for perpetual futures (markets ending in _PERP), last trade price for other markets');
    expect(screen.getByRole('button', { name: 'Sort by P&L' }).parentElement!.getAttribute('title')).toBe('Open (unrealized) P&L, at the last trade price');
  });

  it('keeps its order as the figures change, says how many rows changed place, and re-sorts when asked', async () => {
    const bridge = installBridge([REAL_ACCOUNT]);
    bridge.reply('exchange.positions', { items: [DETAIL], unreadable: [] });
    bridge.reply('positions.overview', OVERVIEW);
    const { client } = renderWithQuery(<PositionsView account={REAL_ACCOUNT} />);
    await waitFor(() => expect(markets()).toEqual(['BTC_PERP', 'ETH_USDT', 'SOL_USDT', 'XRP_USDT']));
    expect(screen.getByTestId('resort-prompt').textContent).toBe('Rows stay in place as figures change');
    // ETH leaves its margin call, far from liquidation now: riskiest-first would put it after SOL.
    const [btc, eth, sol, xrp] = OVERVIEW.positions;
    bridge.reply('positions.overview', { ...OVERVIEW, positions: [btc!, { ...sol!, distancePercent: '30' }, { ...eth!, liquidationState: null, distancePercent: '45' }, xrp!] });
    await client.invalidateQueries();
    await waitFor(() => expect(screen.getAllByTestId('risk-row')[1]!.querySelector('[data-testid="risk-distance"]')?.textContent).toBe('45\u00a0%'));
    expect(markets()).toEqual(['BTC_PERP', 'ETH_USDT', 'SOL_USDT', 'XRP_USDT']);
    expect(screen.getByTestId('resort-prompt').textContent).toContain('1 row changed place');
    const sortHeader = screen.getByRole('button', { name: 'Sort by State' });
    expect(sortHeader.getAttribute('data-held')).toBe('true');
    expect(sortHeader.getAttribute('title')).toMatch(/^Order held as last sorted/);
    await userEvent.click(screen.getByRole('button', { name: 'Re-sort' }));
    expect(markets()).toEqual(['BTC_PERP', 'SOL_USDT', 'ETH_USDT', 'XRP_USDT']);
    expect(screen.getByTestId('resort-prompt').textContent).toBe('Rows stay in place as figures change');
    expect(screen.queryByRole('button', { name: 'Re-sort' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sort by State' }).getAttribute('data-held')).toBeNull();
  });
});
