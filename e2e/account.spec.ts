/**
 * The whole account in the browser: with more than one account configured, Balances lands on every
 * account at once, lists each account's total and share, and the grand total is exactly their sum.
 */
import Decimal from 'decimal.js';
import type { Page } from '@playwright/test';
import { addAccount, expect, openView, test } from './fixtures';

/** Every account's total and the grand total, read in one go (a refresh between reads could move prices). */
function readTotals(page: Page): Promise<{ values: string[]; grand: string }> {
  return page.getByTestId('accounts-totals').evaluate((table) => ({
    values: [...table.querySelectorAll('[data-testid="account-total-value"]')].map((c) => c.getAttribute('data-value') ?? ''),
    grand: table.querySelector('[data-testid="grand-total"]')?.getAttribute('data-value') ?? '',
  }));
}

test.describe('all accounts at a glance', () => {
  test("the grand total equals the sum of the accounts' totals exactly, and an unreadable account is said as such", async ({ page, simulator }) => {
    for (const name of ['Trader', 'Read-only']) {
      const account = simulator.accounts.find((a) => a.name === name)!;
      await addAccount(page, { name, baseUrl: simulator.url, apiKey: account.apiKey, apiSecret: account.apiSecret });
      await expect(page.getByRole('listitem', { name })).toBeVisible();
    }
    await openView(page, 'Balances');
    const table = page.getByTestId('accounts-totals');
    await expect(table).toBeVisible();
    const rows = table.getByTestId('account-total-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveAttribute('data-account', 'Trader');
    await expect(rows.nth(1)).toHaveAttribute('data-account', 'Read-only');

    const { values, grand } = await readTotals(page);
    expect(values.every((v) => /^\d+(\.\d+)?$/.test(v))).toBe(true);
    expect(new Decimal(grand).equals(values.reduce((s, v) => s.plus(v), new Decimal(0)))).toBe(true);
    expect(new Decimal(grand).isPositive()).toBe(true);

    // One account the exchange refuses: named, the other stays in the grand total.
    const readOnly = simulator.accounts.find((a) => a.name === 'Read-only')!;
    await fetch(`${simulator.url}/__admin/account`, {
      method: 'POST',
      headers: { 'X-Admin-Token': simulator.adminToken, 'Content-Type': 'application/json' },
      body: JSON.stringify({ apiKey: readOnly.apiKey, enabled: false }),
    });
    await page.reload();
    const refused = page.getByTestId('account-total-row').filter({ hasText: 'Read-only' });
    await expect(refused).toContainText('Could not be read', { timeout: 20_000 });
    const after = await readTotals(page);
    expect(after.values[0]).toMatch(/^\d+(\.\d+)?$/);
    expect(after.values[1]).toBe('');
    expect(after.grand).toBe(after.values[0]);
  });
});

test.describe('sub-accounts of the Demo master key', () => {
  test("lists them a page at a time, shows one's balances with split rows added up, and names the unconfirmed one", async ({ page }) => {
    await openView(page, 'Sub-accounts');
    const rows = page.getByTestId('sub-account-row');
    await expect(rows).toHaveCount(30);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(rows).toHaveCount(6);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

    await page.getByLabel('Search sub-accounts').fill('trading');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect(rows).toHaveCount(1);
    await rows.first().getByRole('button', { name: 'Balances' }).click();
    const panel = page.getByTestId('sub-account-balances');
    const btc = panel.locator('[data-testid="sub-account-line"][data-asset="BTC"]');
    await expect(btc).toContainText('(2 rows added)');
    await expect(btc.locator('td[data-value]')).toHaveAttribute('data-value', '0.0201');
    await expect(panel.getByTestId('sub-account-summed')).toBeVisible();
    await expect(panel.getByTestId('sub-account-total')).toHaveAttribute('data-value', /^\d+(\.\d+)?$/);

    await page.getByLabel('Search sub-accounts').fill('new_desk');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect(rows).toHaveCount(1);
    // The exchange's status code, in the page's words.
    await expect(rows.first()).toContainText('Pending');
    await rows.first().getByRole('button', { name: 'Balances' }).click();
    await expect(page.getByTestId('sub-account-balances').getByText('This sub-account is not confirmed')).toBeVisible();
  });

  test("included on request: Balances adds every sub-account's value to the account's own total, exactly, naming the one left out", async ({ page }) => {
    await openView(page, 'Balances');
    await expect(page.getByTestId('sub-accounts-included')).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Include sub-accounts' }).check();
    const included = page.getByTestId('sub-accounts-included');
    await expect(included).toBeVisible({ timeout: 20_000 });
    await expect(included.getByTestId('sub-accounts-excluded')).toContainText('new_desk (not confirmed)');
    // The three figures of one render (prices move between refreshes).
    const figures = await included.evaluate((section) => ({
      own: section.getAttribute('data-own') ?? '',
      subs: section.querySelector('[data-testid="sub-accounts-value"]')?.getAttribute('data-value') ?? '',
      withSubs: section.querySelector('[data-testid="total-with-sub-accounts"]')?.getAttribute('data-value') ?? '',
    }));
    expect(new Decimal(figures.subs).greaterThan(0)).toBe(true);
    expect(new Decimal(figures.withSubs).equals(new Decimal(figures.own).plus(figures.subs))).toBe(true);
  });
});

test.describe('receive (deposit addresses) in Demo', () => {
  test('USDT on TRC20 shows its address as a QR code with the network warning; a memo asset shows the memo warning; fiat says why there is none', async ({ page }) => {
    await openView(page, 'Receive');
    await page.getByLabel('Asset to receive').selectOption('USDT');
    await page.getByRole('combobox', { name: 'Network' }).selectOption('TRC20');
    const card = page.getByTestId('deposit-address');
    await expect(card.getByText('Send only USDT on TRC20 to this address.')).toBeVisible();
    const address = await card.getByTestId('deposit-address-text').textContent();
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const qr = card.getByTestId('deposit-qr');
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute('data-address', address!);
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(card.getByTestId('memo-warning')).toHaveCount(0);

    await page.getByLabel('Asset to receive').selectOption('XRP');
    await expect(page.getByTestId('memo-warning')).toHaveText('The memo is required: a deposit without it is lost.');
    await expect(page.getByTestId('deposit-memo')).toHaveText(/^\d+$/);

    await page.getByLabel('Asset to receive').selectOption('EUR');
    await expect(page.getByTestId('deposit-none')).toContainText('EUR has no deposit address');
  });
});
