import { ENDPOINTS } from '../shared/api/endpoints';
import { expect, injectFault, test } from './fixtures';
import { acceptNewDestination, confirmation, confirmedUniqueId, ETH_ADDRESS, fillWithdrawal, form, ledger, status, useSimulatorAccount } from './withdrawals-helpers';

const WITHDRAW_PATH = ENDPOINTS.withdrawPay.path;

test.describe('withdrawal under faults', () => {
  test('reset after commit: the app finds the withdrawal in history and shows it sent; one debit', async ({ page, simulator }) => {
    const { apiKey } = await useSimulatorAccount(page, simulator);
    await fillWithdrawal(page, { ticker: 'ETH', address: ETH_ADDRESS, amount: '0.5' });
    await form(page).getByRole('button', { name: 'Review withdrawal' }).click();
    const uniqueId = await confirmedUniqueId(page);

    await injectFault(simulator, { kind: 'reset_after_commit', path: WITHDRAW_PATH, count: 1 });
    await acceptNewDestination(page);
    await confirmation(page).getByRole('button', { name: 'Send 0.5 ETH' }).click();
    await expect(status(page)).toHaveAttribute('data-state', 'sent');
    // Found through the history lookup: the exchange's phase is known, not just "accepted".
    await expect(status(page)).toHaveAttribute('data-phase', 'pending');
    await expect(status(page).getByTestId('withdrawal-status-label')).toHaveText('Pending');
    await expect(status(page).getByRole('button', { name: /Send again/ })).toHaveCount(0);

    const { debits } = await ledger(simulator, apiKey);
    expect(debits).toEqual([expect.objectContaining({ uniqueId, ticker: 'ETH', amount: '0.5', fee: '0.002', total: '0.502' })]);
  });

  test('reset before commit: not found, sent again with the same id; one debit', async ({ page, simulator }) => {
    const { apiKey } = await useSimulatorAccount(page, simulator);
    await fillWithdrawal(page, { ticker: 'ETH', address: ETH_ADDRESS, amount: '0.5' });
    await form(page).getByRole('button', { name: 'Review withdrawal' }).click();
    const uniqueId = await confirmedUniqueId(page);

    await injectFault(simulator, { kind: 'reset_before_commit', path: WITHDRAW_PATH, count: 1 });
    await acceptNewDestination(page);
    await confirmation(page).getByRole('button', { name: 'Send 0.5 ETH' }).click();
    await expect(status(page)).toHaveAttribute('data-state', 'not_found');
    await expect(status(page).getByTestId('withdrawal-status-label')).toHaveText('Not found at the exchange');
    expect((await ledger(simulator, apiKey)).debits).toEqual([]);

    await status(page).getByRole('button', { name: 'Check again' }).click();
    await expect(status(page)).toHaveAttribute('data-state', 'not_found');
    await status(page).getByRole('button', { name: `Send again (same id ${uniqueId.slice(0, 8)}…)` }).click();
    await expect(status(page)).toHaveAttribute('data-state', 'sent');
    expect((await ledger(simulator, apiKey)).debits).toEqual([expect.objectContaining({ uniqueId, total: '0.502' })]);
  });
});
