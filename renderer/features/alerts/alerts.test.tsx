import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PositionAlert } from '../../../shared/model/alerts';
import { REAL_ACCOUNT, installBridge, renderWithQuery } from '../../test/setup';
import { AlertLog } from './AlertLog';
import { AlertThresholdField } from './AlertThresholdField';
import { AlertToasts } from './AlertToasts';

const alert = (id: string, kind: PositionAlert['kind']): PositionAlert => ({
  id,
  kind,
  accountId: 'main',
  accountName: 'Main',
  positionId: 7,
  market: 'BTC_USDT',
  distancePercent: '7.29',
  thresholdPercent: kind === 'threshold' ? '10' : null,
  at: Date.UTC(2025, 0, 2, 3, 4, 5),
  title: kind === 'threshold' ? 'BTC_USDT: 7.29 % from liquidation' : 'BTC_USDT: position in liquidation',
  body: 'Position #7 on BTC_USDT (Main) …',
});

describe('alerts pushed by the main process', () => {
  it('show as toasts: a liquidation as an alert, a crossed threshold as a status, each dismissable', async () => {
    const bridge = installBridge([REAL_ACCOUNT]);
    renderWithQuery(<AlertToasts />);
    act(() => bridge.emit('alerts.fired', alert('alert-1', 'threshold')));
    act(() => bridge.emit('alerts.fired', alert('alert-2', 'liquidation')));
    expect(screen.getByRole('status').textContent).toContain('BTC_USDT: 7.29 % from liquidation');
    expect(screen.getByRole('alert').textContent).toContain('BTC_USDT: position in liquidation');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss: BTC_USDT: position in liquidation' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByTestId('alert-toast')).toHaveLength(1);
  });

  it('list in the alert log, which reloads when the main process says something fired', async () => {
    let alerts: PositionAlert[] = [];
    const bridge = installBridge([REAL_ACCOUNT]);
    bridge.handle('alerts.log', () => ({ alerts, status: { watching: true, worst: 'near', count: 1, checkedAt: Date.UTC(2025, 0, 2), failedAccounts: [] } }));
    renderWithQuery(<AlertLog />);
    expect(await screen.findByText('No alerts since the app started.')).toBeTruthy();
    expect(screen.getByTestId('alerts-status').textContent).toContain('1 position near liquidation');
    alerts = [alert('alert-1', 'threshold')];
    act(() => bridge.emit('alerts.fired', alerts[0]!));
    const item = await screen.findByTestId('alert-log-item');
    expect(within(item).getByText('Near liquidation')).toBeTruthy();
    expect(item.textContent).toContain('BTC_USDT: 7.29 % from liquidation');
  });
});

describe('the distance threshold on the account card', () => {
  it('refuses what the contract refuses before sending, saves a valid value and clears with an empty field', async () => {
    const bridge = installBridge([REAL_ACCOUNT]);
    bridge.handle('accounts.update', (p) => ({ ...REAL_ACCOUNT, alertThresholdPercent: p.alertThresholdPercent ?? null }));
    renderWithQuery(<AlertThresholdField account={{ ...REAL_ACCOUNT, notifyPositions: true }} />);
    const input = screen.getByLabelText('Alert below distance to liquidation (%)');
    for (const bad of ['0', '50.5', '7.125', 'ten']) {
      await userEvent.clear(input);
      await userEvent.type(input, `${bad}{Enter}`);
      expect((await screen.findByRole('alert')).textContent).toMatch(/^The threshold must/);
    }
    expect(bridge.callsTo('accounts.update')).toEqual([]);
    await userEvent.clear(input);
    await userEvent.type(input, '7.5{Enter}');
    await waitFor(() => expect(bridge.callsTo('accounts.update')).toEqual([{ accountId: 'main', alertThresholdPercent: '7.5' }]));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('switches the distance alert off when the field is emptied', async () => {
    const bridge = installBridge([REAL_ACCOUNT]);
    bridge.handle('accounts.update', () => ({ ...REAL_ACCOUNT, alertThresholdPercent: null }));
    renderWithQuery(<AlertThresholdField account={{ ...REAL_ACCOUNT, notifyPositions: true, alertThresholdPercent: '7.5' }} />);
    await userEvent.clear(screen.getByLabelText('Alert below distance to liquidation (%)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bridge.callsTo('accounts.update')).toEqual([{ accountId: 'main', alertThresholdPercent: null }]));
  });
});
