import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PriceAlertView } from '../../../shared/model/priceAlerts';
import { REAL_ACCOUNT, installBridge, renderWithQuery } from '../../test/setup';
import { AlertsView } from './AlertsView';

const fired: PriceAlertView = {
  id: 'alert-0001',
  rule: { kind: 'price', accountId: 'main', market: 'BTC_USDT', direction: 'above', threshold: '63000' },
  rearm: 'once',
  state: 'fired',
  createdAt: Date.UTC(2026, 0, 1),
  lastFiredAt: Date.UTC(2026, 0, 2),
  current: { value: '63500.5', at: Date.UTC(2026, 0, 2), market: 'BTC_USDT' },
};

function setup(alerts: PriceAlertView[] = [], unreadable: { id: string; reason: string }[] = []) {
  const bridge = installBridge([REAL_ACCOUNT]);
  bridge.reply('priceAlerts.list', { alerts, unreadable, available: true });
  bridge.reply('priceAlerts.markets', { markets: [{ name: 'BTC_USDT', lastPrice: '62000' }, { name: 'ETH_USDT', lastPrice: '3000.5' }] });
  renderWithQuery(<AlertsView account={REAL_ACCOUNT} />);
  return bridge;
}

describe('the Alerts view', () => {
  it('refuses a missing market and a line that is not a number before sending, and shows the last price beside the line', async () => {
    const bridge = setup();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New alert' });
    await user.type(within(form).getByLabelText('Line'), '-5');
    await user.click(within(form).getByRole('button', { name: 'Add alert' }));
    expect(within(form).getByText('Choose a market.')).toBeTruthy();
    expect(within(form).getByText('Enter a number above 0, such as 50000 or 0.25.')).toBeTruthy();
    expect(bridge.callsTo('priceAlerts.create')).toEqual([]);

    await user.type(within(form).getByRole('combobox', { name: 'Market' }), 'ETH');
    await user.click(await screen.findByRole('option', { name: /^ETH_USDT/ }));
    expect(within(form).getByTestId('price-alert-last-price').textContent).toBe('Last price now: 3,000.5');
    await user.clear(within(form).getByLabelText('Line'));
    await user.type(within(form).getByLabelText('Line'), '3100');
    bridge.handle('priceAlerts.create', ({ rule, rearm }) => ({ id: 'alert-0002', rule, rearm, state: 'armed', createdAt: 1, lastFiredAt: null }));
    await user.click(within(form).getByRole('button', { name: 'Add alert' }));
    await waitFor(() => expect(bridge.callsTo('priceAlerts.create')).toHaveLength(1));
    expect(bridge.callsTo('priceAlerts.create')[0]).toEqual({ rule: { kind: 'price', accountId: 'main', market: 'ETH_USDT', direction: 'above', threshold: '3100' }, rearm: 'once' });
  });

  it('sends a distance alert on any position with no market, and words a market the exchange refused', async () => {
    const bridge = setup();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New alert' });
    await user.selectOptions(within(form).getByLabelText('Alert on'), 'distance');
    await user.type(within(form).getByLabelText('Line (%)'), '60');
    await user.click(within(form).getByRole('button', { name: 'Add alert' }));
    expect(within(form).getByText('Enter a percentage above 0 and at most 50, with at most 2 decimals, such as 10 or 7.5.')).toBeTruthy();
    await user.clear(within(form).getByLabelText('Line (%)'));
    await user.type(within(form).getByLabelText('Line (%)'), '7.5');
    bridge.failWith('priceAlerts.create', { kind: 'validation', message: 'The exchange has no such market.', fields: { market: ['unknown_market'] } });
    await user.click(within(form).getByRole('button', { name: 'Add alert' }));
    expect(await within(form).findByText('The exchange does not list this market.')).toBeTruthy();
    expect(bridge.callsTo('priceAlerts.create')[0]).toEqual({ rule: { kind: 'distance', accountId: 'main', market: null, direction: 'below', threshold: '7.5' }, rearm: 'once' });
  });

  it('lists each alert with the value now and its state; a fired one re-arms, an unreadable one can be deleted', async () => {
    const bridge = setup([fired], [{ id: 'alert-0009', reason: 'not JSON' }]);
    const user = userEvent.setup();
    const item = await screen.findByRole('listitem', { name: 'BTC_USDT above 63,000' });
    expect(within(item).getByTestId('price-alert-current').textContent).toBe('63,500.5');
    expect(within(item).getByText('Fired')).toBeTruthy();
    expect(screen.getByText('One kept alert could not be read; it is left as it was.')).toBeTruthy();

    bridge.handle('priceAlerts.rearm', ({ id }) => ({ ...fired, id, state: 'armed' }));
    await user.click(within(item).getByRole('button', { name: 'Re-arm: BTC_USDT above 63,000' }));
    await waitFor(() => expect(bridge.callsTo('priceAlerts.rearm')).toEqual([{ id: 'alert-0001' }]));

    bridge.reply('priceAlerts.delete', { deleted: true });
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    await waitFor(() => expect(bridge.callsTo('priceAlerts.delete')).toEqual([{ id: 'alert-0009' }]));
  });
});
