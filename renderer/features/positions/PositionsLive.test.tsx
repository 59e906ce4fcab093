/** The Positions view fed by main's live overviews: written into the cache, never a refetch. */
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { Position } from '../../../shared/api/schemas';
import type { PositionRisk, PositionsOverview } from '../../../shared/model/balances';
import { installBridge, REAL_ACCOUNT, renderWithQuery } from '../../test/setup';
import { PositionsView } from './PositionsView';

const risk = (patch: Partial<PositionRisk> = {}): PositionRisk => ({
  positionId: 3,
  market: 'SOL_USDT',
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
});

const overview = (accountId: string, patch: Partial<PositionRisk> = {}): PositionsOverview => ({ accountId, positions: [risk(patch)], summary: null, unreadable: 0, notes: [] });

/** The exchange's own record, for the detail card. */
const DETAIL: Position = {
  positionId: 3,
  market: 'SOL_USDT',
  openDate: 1_760_000_000,
  modifyDate: 1_760_000_000,
  amount: '1',
  basePrice: '100',
  liquidationPrice: '80',
  liquidationState: null,
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

const distance = () => screen.getByTestId('risk-distance').textContent ?? '';

describe('Positions with a live feed', () => {
  it('paints the overview main pushes, for its own account only, without reading it again', async () => {
    const bridge = installBridge([REAL_ACCOUNT]);
    bridge.reply('exchange.positions', { items: [DETAIL], unreadable: [] });
    bridge.reply('positions.overview', overview(REAL_ACCOUNT.id));
    renderWithQuery(<PositionsView account={REAL_ACCOUNT} />);
    await waitFor(() => expect(distance()).toContain('20'));
    const reads = bridge.callsTo('positions.overview').length;

    act(() => bridge.emit('live.overview', overview('another-account', { currentPrice: '95', distancePercent: '15.79' })));
    expect(distance()).toContain('20');

    act(() => bridge.emit('live.overview', overview(REAL_ACCOUNT.id, { currentPrice: '90', distancePercent: '11.11' })));
    await waitFor(() => expect(distance()).toContain('11.11'));
    expect(bridge.callsTo('positions.overview')).toHaveLength(reads);
  });

  it('keeps the cards and the risk banner in step with the pushed overview: a margin call shows at once, a closed position leaves', async () => {
    const bridge = installBridge([REAL_ACCOUNT]);
    const other: Position = { ...DETAIL, positionId: 4, market: 'ETH_USDT' };
    bridge.reply('exchange.positions', { items: [DETAIL, other], unreadable: [] });
    bridge.reply('positions.overview', { ...overview(REAL_ACCOUNT.id), positions: [risk(), risk({ positionId: 4, market: 'ETH_USDT' })] });
    renderWithQuery(<PositionsView account={REAL_ACCOUNT} />);
    await waitFor(() => expect(screen.getAllByTestId('position-card')).toHaveLength(2));
    const reads = bridge.callsTo('exchange.positions').length;

    // Position 4 closed and position 3 went into margin call: only the pushed overview says so.
    act(() => bridge.emit('live.overview', overview(REAL_ACCOUNT.id, { liquidationState: 'margin_call', liquidationPrice: '85' })));
    await waitFor(() => expect(screen.getAllByTestId('position-card')).toHaveLength(1));
    const card = screen.getByTestId('position-card');
    expect(card.getAttribute('data-liquidation-state')).toBe('margin_call');
    expect(card.textContent).toContain('85');
    expect(screen.getByTestId('risk-banner').textContent).toMatch(/margin call/i);
    expect(bridge.callsTo('exchange.positions')).toHaveLength(reads);
  });
});
