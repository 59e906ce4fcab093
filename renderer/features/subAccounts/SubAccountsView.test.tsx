import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SubAccountBalances, SubAccountItem, SubAccountPage } from '../../../shared/model/subAccounts';
import { DEMO_ACCOUNT, installBridge, renderWithQuery } from '../../test/setup';
import { SubAccountsView } from './SubAccountsView';

const sub = (alias: string, status: string | null): SubAccountItem => ({ id: `id-${alias}`, alias, email: `${alias[0]}***@example.com`, status });

function setup(items: SubAccountItem[]) {
  const bridge = installBridge();
  bridge.handle('subAccounts.list', ({ offset = 0, limit = 30 }): SubAccountPage => ({ access: 'ok', items: items.slice(offset, offset + limit), offset, limit, hasMore: offset + limit < items.length, unreadable: 0 }));
  bridge.handle(
    'subAccounts.balances',
    ({ id, quote = 'USDT' }): SubAccountBalances => ({
      id,
      state: 'ok',
      quote,
      lines: [{ asset: 'BTC', main: '0.01', spot: '0.0101', collateral: '0', total: '0.0201', rows: 2, price: '60000', value: '1206' }],
      total: '1206',
      unpriced: 0,
      unreadable: 0,
      summed: 1,
    }),
  );
  renderWithQuery(<SubAccountsView account={DEMO_ACCOUNT} />);
}

let scrolled: ReturnType<typeof vi.fn>;
beforeEach(() => {
  scrolled = vi.fn();
  Element.prototype.scrollIntoView = scrolled as unknown as Element['scrollIntoView'];
});

describe('SubAccountsView', () => {
  it('words the statuses it knows and shows any other as the exchange sent it, saying so', async () => {
    setup([sub('bot', 'active'), sub('desk', 'pending'), sub('odd', 'frozen'), sub('blank', null)]);
    const rows = await screen.findAllByTestId('sub-account-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual(['Active', 'Pending', 'frozen', '—']);
    expect(within(rows[2]!).getByText('frozen').closest('[title]')?.getAttribute('title')).toBe('frozen (not a status this app knows; shown as the exchange sent it)');
  });

  it('opens a sub-account’s balances and brings them into sight', async () => {
    setup([sub('bot', 'active')]);
    const row = await screen.findByTestId('sub-account-row');
    await userEvent.click(within(row).getByRole('button', { name: 'Balances' }));
    const panel = await screen.findByTestId('sub-account-balances');
    expect(await within(panel).findByText('(2 rows added)')).toBeTruthy();
    expect(scrolled).toHaveBeenCalled();
    expect(within(row).getByRole('button', { name: 'Balances' }).getAttribute('aria-pressed')).toBe('true');
  });
});
