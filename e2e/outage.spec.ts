import type { Page } from '@playwright/test';
import { addAccount, expect, injectFault, openView, test } from './fixtures';

/** The top bar's height and whether its controls sit on one line (its tallest child, give or take). */
async function topBarLines(page: Page): Promise<{ height: number; tallest: number }> {
  return page.locator('header.top-bar').evaluate((bar) => {
    const children = [...bar.querySelectorAll('.top-bar__brand, .top-bar__controls > *')];
    const tallest = Math.max(...children.map((c) => c.getBoundingClientRect().height));
    return { height: bar.getBoundingClientRect().height, tallest };
  });
}

/**
 * An outage never makes the account look empty: with the exchange answering 503 after a good
 * refresh, Balances keeps the total it last read, marked with its time and why it is not newer.
 */
test.describe('an exchange outage', () => {
  test('keeps the last total on Balances, marked stale, and the top bar on one line', async ({ page, simulator }) => {
    await page.setViewportSize({ width: 1024, height: 700 });
    const account = simulator.accounts.find((a) => a.name === 'Trader')!;
    await addAccount(page, { name: 'Trader', baseUrl: simulator.url, apiKey: account.apiKey, apiSecret: account.apiSecret });
    await expect(page.getByRole('listitem', { name: 'Trader' })).toContainText('Stored in keychain');
    await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: 'Trader' });
    await openView(page, 'Balances');

    const total = page.getByTestId('total-value');
    await expect(total).toHaveText(/^[\d,]+(\.\d+)? USDT$/);
    const before = await total.textContent();
    const rows = await page.getByTestId('balance-row').count();
    expect(rows).toBeGreaterThan(0);
    await expect(page.getByTestId('view-failures')).toHaveCount(0);

    // Refreshed by hand rather than waiting for the 30 s auto-refresh: the same refresh either way.
    const refresh = page.getByRole('button', { name: 'Refresh', exact: true });
    await injectFault(simulator, { kind: 'server_error', count: 0 });
    await refresh.click();
    // Said once, in the view's banner; the total is dimmed, not worded again.
    const stale = page.getByTestId('view-failures');
    await expect(stale).toContainText(/^As of \d{1,2}:\d\d\s[AP]M: the exchange is not answering\./, { timeout: 60_000 });
    await expect(page.getByText(/the exchange is not answering/)).toHaveCount(1);

    // The figures it last read, not zeros and not an empty account.
    await expect(total).toHaveText(before!);
    await expect(page.getByTestId('balance-row')).toHaveCount(rows);
    await expect(page.getByText('No balances yet')).toHaveCount(0);
    await expect(page.getByText(/\b0 assets\b/)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Total value' })).toHaveAttribute('data-stale', 'true');

    // However long the status words get, the bar stays one line (the rest is in tooltips).
    const bar = await topBarLines(page);
    expect(bar.height).toBeLessThan(bar.tallest + 24);

    // The exchange back: the mark goes on the next refresh.
    await fetch(`${simulator.url}/__admin/faults`, { method: 'DELETE', headers: { 'X-Admin-Token': simulator.adminToken } });
    await expect(refresh).toBeEnabled({ timeout: 30_000 });
    await refresh.click();
    await expect(stale).toHaveCount(0, { timeout: 60_000 });
  });
});
