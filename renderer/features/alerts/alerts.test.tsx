import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { PositionAlert } from '../../../shared/model/alerts';
import { REAL_ACCOUNT, installBridge, renderWithQuery } from '../../test/setup';
import { AlertLog } from './AlertLog';
import { AlertThresholdField } from './AlertThresholdField';
import { ALERT_TOAST_LIFETIME_MS, AlertToasts } from '../../shell/toasts/AlertToasts';
import { useUi } from '../../state/ui';

const alert = (id: string, kind: PositionAlert['kind'], positionId = 7): PositionAlert => ({
  id,
  kind,
  accountId: 'main',
  accountName: 'Main',
  positionId,
  market: 'BTC_USDT',
  distancePercent: '7.29',
  thresholdPercent: kind === 'threshold' ? '10' : null,
  at: Date.UTC(2025, 0, 2, 3, 4, 5),
});

const WATCH: NonNullable<PositionAlert['watch']> = { ruleId: 'rule-1', direction: 'above', threshold: '63000', value: '63500' };

describe('alerts pushed by the main process', () => {
  it('show as a toast: a crossed threshold as a status, a liquidation as an alert, dismissable', async () => {
    const bridge = installBridge([REAL_ACCOUNT]);
    renderWithQuery(<AlertToasts />);
    act(() => bridge.emit('alerts.fired', alert('alert-1', 'threshold', 7)));
    expect(screen.getByRole('status').textContent).toContain('BTC_USDT: 7.29 % from liquidation');
    expect(screen.getByRole('status').textContent).toContain('Position #7 on BTC_USDT (Main) is 7.29 % from its liquidation price, below your 10 % alert.');
    act(() => bridge.emit('alerts.fired', alert('alert-2', 'liquidation', 8)));
    expect(screen.getByRole('alert').textContent).toContain('2 positions alerted');
    // Inside the app: no words sending the person to the app they are in.
    expect(document.body.textContent).not.toContain('Open WhiteBIT Desk');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss: 2 positions alerted' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryAllByTestId('alert-toast')).toHaveLength(0);
  });

  it('keep one toast per position, rewritten in place when its state changes', () => {
    const bridge = installBridge([REAL_ACCOUNT]);
    renderWithQuery(<AlertToasts />);
    act(() => bridge.emit('alerts.fired', alert('alert-1', 'margin_call')));
    expect(screen.getByTestId('alert-toast').textContent).toContain('position in margin call');
    const toast = screen.getByTestId('alert-toast');
    act(() => bridge.emit('alerts.fired', alert('alert-2', 'liquidation')));
    expect(screen.getAllByTestId('alert-toast')).toEqual([toast]);
    expect(toast.textContent).toContain('position in liquidation');
    expect(toast.textContent).not.toContain('margin call');
    expect(toast.getAttribute('role')).toBe('alert');
  });

  it('count the positions an at-risk summary stands for, beside the alerts that follow it', () => {
    const bridge = installBridge([REAL_ACCOUNT]);
    useUi.getState().setView('balances');
    renderWithQuery(<AlertToasts />);
    const atRisk: PositionAlert = { ...alert('alert-1', 'at_risk', 0), market: '', distancePercent: null, atRisk: { liquidation: 0, marginCall: 2, accounts: ['Main'] } };
    act(() => bridge.emit('alerts.fired', atRisk));
    act(() => bridge.emit('alerts.fired', alert('alert-2', 'threshold', 5)));
    const summary = screen.getByTestId('alert-toast');
    expect(summary.textContent).toContain('3 positions alerted');
    expect(summary.textContent).toContain('Margin call: 2 · Near liquidation: 1');
    // Nothing in liquidation among them: announced politely.
    expect(summary.getAttribute('role')).toBe('status');
  });

  it('collapse position alerts into one summary, offer Positions only from another view, and draw no toast over Positions', async () => {
    const bridge = installBridge([REAL_ACCOUNT]);
    useUi.getState().setView('balances');
    renderWithQuery(<AlertToasts />);
    for (const id of [1, 2, 3]) act(() => bridge.emit('alerts.fired', alert(`alert-${id}`, 'margin_call', id)));
    act(() => bridge.emit('alerts.fired', alert('alert-4', 'liquidation', 4)));
    act(() => bridge.emit('alerts.fired', alert('alert-5', 'threshold', 5)));
    const summary = screen.getByTestId('alert-toast');
    expect(screen.getAllByTestId('alert-toast')).toHaveLength(1);
    expect(summary.textContent).toContain('5 positions alerted');
    expect(summary.textContent).toContain('Liquidation: 1 · Margin call: 3 · Near liquidation: 1');
    // The worst of them sets how it is announced.
    expect(summary.getAttribute('role')).toBe('alert');
    expect(within(summary).getAllByRole('button', { name: 'Open Positions' })).toHaveLength(1);
    act(() => useUi.getState().setView('positions'));
    // Read out, not drawn over the rows it names.
    expect(screen.getByTestId('alert-toast').classList.contains('visually-hidden')).toBe(true);
    expect(screen.queryByRole('button')).toBeNull();
    act(() => useUi.getState().setView('balances'));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss: 5 positions alerted' }));
    expect(screen.queryAllByTestId('alert-toast')).toHaveLength(0);
  });

  it('leave by themselves, later while the pointer is on them', () => {
    vi.useFakeTimers();
    try {
      const bridge = installBridge([REAL_ACCOUNT]);
      useUi.getState().setView('balances');
      renderWithQuery(<AlertToasts />);
      act(() => bridge.emit('alerts.fired', alert('alert-1', 'margin_call', 1)));
      act(() => bridge.emit('alerts.fired', { ...alert('alert-2', 'price', 0), watch: WATCH }));
      expect(screen.getAllByTestId('alert-toast')).toHaveLength(2);
      fireEvent.mouseEnter(screen.getAllByTestId('alert-toast')[1]!);
      act(() => vi.advanceTimersByTime(ALERT_TOAST_LIFETIME_MS));
      // The one under the pointer stays; the other has gone.
      expect(screen.getAllByTestId('alert-toast')).toHaveLength(1);
      expect(screen.getByTestId('alert-toast').textContent).toContain('price above');
      fireEvent.mouseLeave(screen.getByTestId('alert-toast'));
      act(() => vi.advanceTimersByTime(ALERT_TOAST_LIFETIME_MS));
      expect(screen.queryAllByTestId('alert-toast')).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('take the person to the alert log in one click, and a price alert to Alerts, not Positions', async () => {
    const bridge = installBridge([REAL_ACCOUNT]);
    bridge.handle('alerts.log', () => ({ alerts: [], status: { watching: true, worst: 'none', count: 0, checkedAt: null, failedAccounts: [], priceAlertsArmed: 1 } }));
    useUi.getState().setView('balances');
    renderWithQuery(<AlertToasts />);
    act(() => bridge.emit('alerts.fired', { ...alert('alert-1', 'price', 0), watch: WATCH }));
    const toast = screen.getByTestId('alert-toast');
    expect(within(toast).queryByRole('button', { name: 'Open Positions' })).toBeNull();
    expect(within(toast).getByRole('button', { name: 'Open Alerts' })).toBeTruthy();
    await userEvent.click(within(toast).getByRole('button', { name: 'See the alert log' }));
    expect(useUi.getState().view).toBe('alerts');
  });

  it('read in Ukrainian when Ukrainian is picked', async () => {
    const { i18n } = await import('@lingui/core');
    const { messages } = await import('../../i18n/locales/first/uk.po');
    const english = { locale: i18n.locale, messages: i18n.messages };
    i18n.loadAndActivate({ locale: 'uk', messages });
    try {
      const bridge = installBridge([REAL_ACCOUNT]);
      renderWithQuery(<AlertToasts />);
      act(() => bridge.emit('alerts.fired', alert('alert-1', 'threshold')));
      expect(screen.getByRole('status').textContent).toContain('BTC_USDT: 7,29 % до ліквідації');
      expect(screen.getByRole('status').textContent).toContain('Позиція #7 на BTC_USDT (Main) за 7,29 % від ціни ліквідації, нижче вашого порогу 10 %.');
    } finally {
      i18n.loadAndActivate(english);
    }
  });

  it('list in the alert log, which reloads when the main process says something fired', async () => {
    let alerts: PositionAlert[] = [];
    const bridge = installBridge([REAL_ACCOUNT]);
    bridge.handle('alerts.log', () => ({ alerts, status: { watching: true, worst: 'near', count: 1, checkedAt: Date.UTC(2025, 0, 2), failedAccounts: [], priceAlertsArmed: 0 } }));
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

describe('the alert log', () => {
  it('shows what fired while no log was open, once one comes into view', async () => {
    let alerts: PositionAlert[] = [];
    const bridge = installBridge([REAL_ACCOUNT]);
    bridge.handle('alerts.log', () => ({ alerts, status: { watching: true, worst: 'near', count: 1, checkedAt: Date.UTC(2025, 0, 2), failedAccounts: [], priceAlertsArmed: 0 } }));
    function Switch({ shown }: { shown: boolean }) {
      return shown ? <AlertLog /> : <p>elsewhere</p>;
    }
    const view = renderWithQuery(<Switch shown />);
    expect(await screen.findByText('No alerts since the app started.')).toBeTruthy();
    view.rerender(
      <QueryClientProvider client={view.client}>
        <Switch shown={false} />
      </QueryClientProvider>,
    );
    alerts = [alert('alert-1', 'threshold')];
    act(() => bridge.emit('alerts.fired', alerts[0]!));
    view.rerender(
      <QueryClientProvider client={view.client}>
        <Switch shown />
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('alert-log-item')).toBeTruthy();
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
