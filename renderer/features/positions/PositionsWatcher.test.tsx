import { describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import type { Position } from '../../../shared/api/schemas';
import { installBridge, REAL_ACCOUNT, renderWithQuery } from '../../test/setup';
import { PositionsWatcher } from './PositionsWatcher';
import { RiskTracker } from './useRiskNotifications';

const position = (positionId: number, liquidationState: string | null): Position => ({
  positionId,
  market: 'ETH_USDT',
  openDate: 1_760_000_000,
  modifyDate: 1_760_000_100,
  amount: '1',
  basePrice: '2000',
  liquidationPrice: '1800',
  liquidationState,
  pnl: '0',
  pnlPercent: '-4',
  margin: '200',
  freeMargin: '10',
  funding: '0',
  unrealizedFunding: '0',
  tpsl: null,
  positionSide: 'LONG',
  leverage: null,
  unrealizedPnl: null,
});

describe('PositionsWatcher (risk notifications outside the Positions view)', () => {
  it('notifies when a watched position enters margin call, without the Positions view mounted', async () => {
    let state: string | null = null;
    const bridge = installBridge([REAL_ACCOUNT]).handleAll({ 'exchange.positions': () => ({ items: [position(7, state)], unreadable: [] }) });
    const notify = vi.fn();
    const { client: queryClient } = renderWithQuery(<PositionsWatcher account={{ ...REAL_ACCOUNT, notifyPositions: true }} riskTracker={new RiskTracker()} notify={notify} />);
    await waitFor(() => expect(bridge.callsTo('exchange.positions')).toHaveLength(1));
    await waitFor(() => expect(queryClient.getQueryState(['exchange.positions', { accountId: REAL_ACCOUNT.id }])?.status).toBe('success'));
    expect(notify).not.toHaveBeenCalled();

    state = 'margin_call';
    await act(() => queryClient.invalidateQueries({ queryKey: ['exchange.positions'] }));
    await waitFor(() => expect(notify).toHaveBeenCalledTimes(1));
    expect(notify.mock.calls[0]?.[0]).toMatchObject({ tag: 'position-7-margin_call' });
  });

  it('sends no request at all for an account that did not opt in', async () => {
    const bridge = installBridge([REAL_ACCOUNT]).handleAll({ 'exchange.positions': () => ({ items: [position(7, 'liquidation')], unreadable: [] }) });
    const notify = vi.fn();
    renderWithQuery(<PositionsWatcher account={REAL_ACCOUNT} riskTracker={new RiskTracker()} notify={notify} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(bridge.callsTo('exchange.positions')).toEqual([]);
    expect(notify).not.toHaveBeenCalled();
  });
});
