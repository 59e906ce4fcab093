/**
 * The CSV writer is loaded on the first export. When that load fails, the person is told, instead
 * of a button that does nothing. (Its own file: the module mock below applies to the whole file.)
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEMO_ACCOUNT, installBridge, renderWithQuery } from '../../test/setup';
import { useToasts } from '../../shell/toasts/toasts';
import { BalancesView } from './BalancesView';

vi.mock('./exportCsv', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/exportCsv.js');
});

describe('Balances export when the CSV writer cannot load', () => {
  it('says so in a toast', async () => {
    const bridge = installBridge();
    bridge.reply('balances.overview', {
      quote: 'USDT',
      accounts: [{ id: DEMO_ACCOUNT.id, name: DEMO_ACCOUNT.name }],
      rows: [{ asset: 'USDT', main: '5', tradeAvailable: '0', tradeFrozen: '0', collateral: '0', total: '5', price: '1', value: '5', change24h: null, share: null }],
      allocation: [],
      totals: { value: '5', main: '5', trade: '0', collateral: '0', change24h: null },
      unpriced: 0,
      zeroAssets: 0,
      byAccount: [],
      grandTotal: '0',
      notes: [],
      pricedAt: 1,
    });
    bridge.reply('exchange.assets', { items: {}, unreadable: [] });
    renderWithQuery(<BalancesView account={DEMO_ACCOUNT} />);
    await screen.findAllByTestId('balance-row');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(useToasts.getState().toasts).toMatchObject([{ tone: 'danger', title: 'The CSV could not be written' }]));
  });
});
