import { startSimulator, type RunningSimulator } from '../electron/simulator';
import { addAccount, expect, openView, test } from './fixtures';

/**
 * The connection indicator tells the truth about the exchange: the simulator the account talks to
 * is stopped and started again on the same port while the page sits idle on Balances.
 */
test.describe('connection status', () => {
  test('says Offline within 5 s of the exchange stopping, and Online again after it returns', async ({ page, simulator }) => {
    const account = simulator.accounts.find((a) => a.name === 'Trader')!;
    await addAccount(page, { name: 'Trader', baseUrl: simulator.url, apiKey: account.apiKey, apiSecret: account.apiSecret });
    await expect(page.getByRole('listitem', { name: 'Trader' })).toContainText('Stored in keychain');
    // Position alerts (on by default with open positions) would show the live feed's state; this
    // spec is about the exchange's REST answers.
    await page.getByRole('listitem', { name: 'Trader' }).getByRole('checkbox', { name: 'Notify me about margin calls and liquidations' }).uncheck();
    await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: 'Trader' });
    await openView(page, 'Balances');
    const indicator = page.getByRole('status', { name: /^Connection: / });
    await expect(indicator).toHaveAccessibleName('Connection: Online');
    await expect(page.getByText(/^Updated \d+ sec\. ago$/)).toBeVisible();

    const port = Number(new URL(simulator.url).port);
    await simulator.close();
    const stoppedAt = Date.now();
    await expect(indicator).toHaveAccessibleName(/^Connection: Offline since \d{1,2}:\d\d\s[AP]M$/, { timeout: 5_000 });
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    // Beside Offline, the true age of the data, saying it could not refresh.
    await expect(page.getByText(/^Updated \d+ sec\. ago · could not refresh$/)).toBeVisible();
    await expect(page.getByText(/^Updated \d+ sec\. ago$/)).toHaveCount(0);

    let restarted: RunningSimulator | null = null;
    try {
      restarted = await startSimulator({ port });
      const backAt = Date.now();
      await expect(indicator).toHaveAccessibleName('Connection: Online', { timeout: 5_000 });
      expect(Date.now() - backAt).toBeLessThan(5_000);
    } finally {
      await restarted?.close();
    }
  });
});
