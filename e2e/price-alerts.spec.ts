/**
 * Price alerts end to end in browser mode: an alert set in the Alerts view, prices moved through
 * the simulator's admin API and pushed to the app over the simulator's WebSocket. Prices are
 * frozen here (priceTickMs 0) so the "dance" on the line is exactly the one the test makes.
 */
import type { Page } from '@playwright/test';
import { startSimulator } from '../electron/simulator';
import { addAccount, expect, openView, test as base } from './fixtures';

const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the object pattern
  simulator: async ({}, use) => {
    const simulator = await startSimulator({ port: 0, priceTickMs: 0 });
    await use(simulator);
    await simulator.close();
  },
});

const ACCOUNT = 'Main (B2B)';

async function setPrice(url: string, token: string, market: string, price: string) {
  const response = await fetch(`${url}/__admin/prices`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Admin-Token': token }, body: JSON.stringify({ market, price }) });
  if (!response.ok) throw new Error(`admin prices refused: ${response.status} ${await response.text()}`);
}

const priceLogItems = (page: Page) => page.getByTestId('alert-log-item').filter({ hasText: 'BTC_USDT: price above 63,000' });
const priceToasts = (page: Page) => page.getByTestId('alert-toast').filter({ hasText: 'BTC_USDT: price above 63,000' });

test('a price alert set in the Alerts view fires once per crossing, not while the price dances on the line, and re-arms', async ({ page, simulator }) => {
  test.setTimeout(120_000);
  const move = (price: string) => setPrice(simulator.url, simulator.adminToken, 'BTC_USDT', price);
  await move('62000');
  const account = simulator.accounts.find((a) => a.name === ACCOUNT)!;
  await addAccount(page, { name: ACCOUNT, baseUrl: simulator.url, apiKey: account.apiKey, apiSecret: account.apiSecret });
  await expect(page.getByText(/Saved .Main \(B2B\)./)).toBeVisible();

  await openView(page, 'Alerts');
  const form = page.getByRole('form', { name: 'New alert' });
  await form.getByLabel('Account').selectOption({ label: ACCOUNT });
  await expect(form.getByLabel('Alert on')).toHaveValue('price');
  // A line that is not a number is refused before anything is sent.
  await form.getByLabel('Line', { exact: true }).fill('abc');
  await form.getByRole('button', { name: 'Add alert' }).click();
  await expect(form.getByText('Choose a market.')).toBeVisible();
  await expect(form.getByText('Enter a number above 0, such as 50000 or 0.25.')).toBeVisible();

  const market = form.getByRole('combobox', { name: 'Market' });
  await market.fill('BTC_US');
  // Each option names the market and shows its last price.
  await page.getByRole('option', { name: /^BTC_USDT\s*62,000$/ }).click();
  await expect(market).toHaveValue('BTC_USDT');
  // The current price beside the line.
  await expect(form.getByTestId('price-alert-last-price')).toHaveText('Last price now: 62,000');
  await form.getByLabel('Line', { exact: true }).fill('63000');
  await form.getByLabel('When it goes').selectOption({ label: 'Above' });
  await form.getByLabel('After it fires').selectOption({ label: 'Re-arm by itself (every crossing)' });
  await form.getByRole('button', { name: 'Add alert' }).click();

  const item = page.getByRole('listitem', { name: 'BTC_USDT above 63,000' });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('data-state', 'armed');
  // The alert has seen the price (below its line) before the move.
  await expect(item.getByTestId('price-alert-current')).toHaveText('62,000', { timeout: 10_000 });

  await move('63500');
  await expect(priceToasts(page)).toHaveCount(1, { timeout: 5_000 });
  await expect(priceLogItems(page)).toHaveCount(1);
  await expect(priceToasts(page)).toContainText('The last price of BTC_USDT is 63,500, above your alert at 63,000');
  await expect(item).toHaveAttribute('data-state', 'fired');
  await expect(item.getByText('Fired', { exact: true })).toBeVisible();
  await expect(item.getByText(/^last fired /)).toBeVisible();

  // Back and forth across the line inside the 0.1 % band (63 below it): nothing new.
  for (const price of ['62990', '63010', '62950', '63100']) {
    await move(price);
    await expect(item.getByTestId('price-alert-current')).toHaveText(new Intl.NumberFormat('en').format(Number(price)), { timeout: 5_000 });
  }
  await expect(priceLogItems(page)).toHaveCount(1);
  await expect(item).toHaveAttribute('data-state', 'fired');

  // Past the band it re-arms by itself; the next crossing fires again (the toast is rewritten, the log grows).
  await move('62900');
  await expect(item).toHaveAttribute('data-state', 'armed', { timeout: 5_000 });
  await move('63200');
  await expect(priceLogItems(page)).toHaveCount(2, { timeout: 5_000 });
  await expect(priceToasts(page)).toHaveCount(1);
  await expect(priceToasts(page)).toContainText('is 63,200');

  // Switched to "once" while fired: it no longer re-arms by itself, only with its Re-arm button.
  await item.getByRole('button', { name: 'Edit: BTC_USDT above 63,000' }).click();
  const edit = page.getByRole('form', { name: 'Edit alert' });
  await edit.getByLabel('After it fires').selectOption({ label: 'Stay off until I re-arm it' });
  await edit.getByRole('button', { name: 'Save alert' }).click();
  await expect(page.getByRole('form', { name: 'New alert' })).toBeVisible();
  await expect(item).toHaveAttribute('data-state', 'fired');
  // A fired "once" alert is off the price stream: down and up again, nothing happens.
  await move('62000');
  await page.waitForTimeout(2_500);
  await move('64000');
  await page.waitForTimeout(2_500);
  await expect(item).toHaveAttribute('data-state', 'fired');
  await expect(priceLogItems(page)).toHaveCount(2);
  await item.getByRole('button', { name: 'Re-arm: BTC_USDT above 63,000' }).click();
  await expect(item).toHaveAttribute('data-state', 'armed');
  await move('62000');
  await expect(item.getByTestId('price-alert-current')).toHaveText('62,000', { timeout: 5_000 });
  await move('63300');
  await expect(priceLogItems(page)).toHaveCount(3, { timeout: 5_000 });
  await expect(item).toHaveAttribute('data-state', 'fired');

  await item.getByRole('button', { name: 'Delete: BTC_USDT above 63,000' }).click();
  await expect(item).toHaveCount(0);
});
