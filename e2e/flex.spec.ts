/**
 * Flex plans view end to end: the built app in browser mode against the exchange simulator.
 */
import type { Page } from '@playwright/test';
import { compare, sub } from '../shared/money/decimal';
import { addAccount, expect, injectFault, openView, test } from './fixtures';
import type { RunningSimulator } from '../electron/simulator';

const planRows = (page: Page) => page.getByTestId('plan-row');

async function useSimulatorAccount(page: Page, simulator: RunningSimulator, name: string, { open = true } = {}) {
  const account = simulator.accounts.find((a) => a.name === name)!;
  await addAccount(page, { name, baseUrl: simulator.url, apiKey: account.apiKey, apiSecret: account.apiSecret });
  await expect(page.getByText(new RegExp(`Saved .${name.replace(/[()]/g, '\\$&')}.`))).toBeVisible();
  await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: name });
  if (open) await openView(page, 'Flex plans');
  return account;
}

async function ledgerBalance(simulator: RunningSimulator, apiKey: string, ticker: string): Promise<string> {
  const response = await fetch(`${simulator.url}/__admin/ledger?apiKey=${encodeURIComponent(apiKey)}`, { headers: { 'X-Admin-Token': simulator.adminToken } });
  const ledger = (await response.json()) as { balances: Record<string, string> };
  return ledger.balances[ticker] ?? '0';
}

test.describe('flex plans', () => {
  test('plans with bounds and rates, paged by full pages, filtered by ticker', async ({ page }) => {
    await openView(page, 'Flex plans');
    await expect(planRows(page)).toHaveCount(10);
    await expect(page.getByRole('table', { name: 'Flex plans' }).getByRole('columnheader')).toHaveText(['Plan', 'Min investment', 'Max investment', 'Max rate', 'Action']);
    // A plan is named by its asset and term; its id (a UUID) is only on hover.
    const firstPlan = planRows(page).first().getByRole('cell').first();
    await expect(firstPlan).toHaveText(/^[A-Z0-9]+Flex, no fixed term$/);
    await expect(firstPlan).toHaveAttribute('title', /^Plan id \S+$/);
    await expect(planRows(page).first().getByRole('cell').nth(3)).toHaveText(/^\d+(\.\d+)? %$/);

    const next = page.getByRole('button', { name: 'Next' });
    await next.click();
    await expect(page.getByText(/^Plans 11–\d+$/)).toBeVisible();
    const secondPage = await planRows(page).count();
    expect(secondPage).toBeGreaterThan(0);
    expect(secondPage).toBeLessThan(10);
    await expect(next).toBeDisabled();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(planRows(page)).toHaveCount(10);

    const search = page.getByRole('searchbox');
    await search.fill('US DT');
    await search.press('Enter');
    await expect(page.getByText('The ticker must be letters, digits, dot, dash or underscore.')).toBeVisible();
    await search.fill('usdt');
    await search.press('Enter');
    // The unfiltered page lists USDT too: wait until the filter has replaced it (only USDT left).
    await expect.poll(async () => [...new Set(await planRows(page).locator('.cell-main').allTextContents())]).toEqual(['USDT']);
    for (const ticker of await planRows(page).locator('.cell-main').allTextContents()) expect(ticker).toBe('USDT');
  });

  test('an account without B2B access (Trader) sees the explanation, not an error', async ({ page, simulator }) => {
    await useSimulatorAccount(page, simulator, 'Trader');
    const panel = page.getByTestId('b2b-panel');
    // Both causes the exchange's 403 can mean (docs/exchange-api.md): no B2B access, or a key restricted away from the endpoint.
    await expect(panel).toContainText('The account has no B2B lending access.');
    await expect(panel).toContainText('endpoint access restrictions exclude the flex endpoints');
    await expect(page.locator('main').getByRole('alert')).toHaveCount(0);
    await expect(planRows(page)).toHaveCount(0);
  });

  test('invest: checks, confirmation, one request, transaction id, balance and investments refreshed', async ({ page, simulator }) => {
    const main = await useSimulatorAccount(page, simulator, 'Main (B2B)');
    const before = await ledgerBalance(simulator, main.apiKey, 'USDT');
    // The seeded account already holds investments; wait for them before counting.
    await expect(page.getByTestId('investment-row').first()).toBeVisible();
    const investmentsBefore = await page.getByTestId('investment-row').count();

    const usdtPlan = planRows(page).filter({ has: page.locator('.cell-main', { hasText: /^USDT$/ }) }).first();
    await expect(usdtPlan).toBeVisible();
    await usdtPlan.getByRole('button', { name: /^Invest in USDT plan/ }).click();
    const panel = page.getByTestId('invest-panel');
    await expect(panel.getByTestId('invest-available')).toHaveText(/USDT$/);
    await expect(panel.getByTestId('invest-plan-name')).toHaveText(/^USDT flex plan, no fixed term, up to [\d.]+ % a year$/);
    // No UUID-like id anywhere in the words of the panel or the investments.
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-/i;
    expect(await panel.textContent()).not.toMatch(uuid);
    for (const name of await page.getByTestId('investment-name').allTextContents()) expect(name).toMatch(/^[A-Z0-9]+ flex plan, no fixed term$/);

    const amount = panel.getByRole('textbox', { name: 'Amount (USDT)' });
    await amount.fill('1');
    await panel.getByRole('button', { name: 'Review investment' }).click();
    await expect(panel.getByRole('alert')).toHaveText(/^The minimum for this plan is \d+ USDT\.$/);
    await amount.fill('99999999999');
    await panel.getByRole('button', { name: 'Review investment' }).click();
    await expect(panel.getByRole('alert')).toContainText(/maximum|Not enough/);

    let investRequests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/invoke') && request.postData()?.includes('"exchange.flexInvest"')) investRequests += 1;
    });
    await amount.fill('25.5');
    await panel.getByRole('button', { name: 'Review investment' }).click();
    await expect(panel.getByTestId('confirm-amount')).toHaveText('25.5 USDT');
    await expect(panel).toContainText('25.5 USDT will move from your main balance into this flex plan.');
    expect(investRequests).toBe(0);
    await panel.getByRole('button', { name: 'Confirm investment' }).click();

    await expect(panel.getByTestId('transaction-id')).toHaveText(/\S+/);
    expect(investRequests).toBe(1);
    const after = await ledgerBalance(simulator, main.apiKey, 'USDT');
    expect(compare(sub(before, after), '25.5')).toBe(0);
    await expect(page.getByTestId('investment-row')).toHaveCount(investmentsBefore + 1);
    await expect(page.getByTestId('investment-row').first()).toContainText('25.5 USDT');
  });

  test("empty states with the simulator's Empty account", async ({ page, simulator }) => {
    await useSimulatorAccount(page, simulator, 'Empty');
    await expect(page.getByText('No investments yet')).toBeVisible();
    const search = page.getByRole('searchbox');
    await search.fill('NOPLANS');
    await search.press('Enter');
    await expect(page.getByText('No flex plans')).toBeVisible();
  });

  test('error state: a server fault shows the error panel, Retry recovers', async ({ page, simulator }) => {
    // After the account is saved: its key check also reads flex plans.
    await useSimulatorAccount(page, simulator, 'Main (B2B)', { open: false });
    await injectFault(simulator, { kind: 'server_error', path: '/api/v4/main-account/smart-flex/plans', count: 0 });
    await openView(page, 'Flex plans');
    await expect(page.getByRole('alert').filter({ hasText: 'The exchange had a problem' })).toBeVisible({ timeout: 60_000 });
    await fetch(`${simulator.url}/__admin/faults`, { method: 'DELETE', headers: { 'X-Admin-Token': simulator.adminToken } });
    await page.getByRole('alert').getByRole('button', { name: 'Retry' }).click();
    await expect(planRows(page).first()).toBeVisible();
  });
});
