/**
 * Stable rows on Positions (browser mode, an account on the simulator with its live feed and REST
 * at its slowest): a pushed price moves a position's distance, yet its row stays where the sort put
 * it; the table says how many rows changed place, the held sort header says so, and Re-sort puts
 * the rows in the sorted order. With DESK_SCREENSHOT_DIR set it photographs the prompt at 1024 x 700.
 */
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import type { RunningSimulator } from '../electron/simulator';
import { addAccount, expect, openView, test } from './fixtures';

const ACCOUNT = 'Main (B2B)';
const SCREENSHOT_DIR = process.env.DESK_SCREENSHOT_DIR ? resolve(process.env.DESK_SCREENSHOT_DIR) : null;

async function admin(simulator: RunningSimulator, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${simulator.url}/__admin/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Admin-Token': simulator.adminToken }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`admin ${path} refused: ${response.status} ${await response.text()}`);
}

const markets = (page: Page) => page.getByTestId('risk-row').locator('td:first-child .cell-main').allTextContents();
const btcDistance = (page: Page) => page.getByTestId('risk-row').filter({ hasText: 'BTC_USDT' }).first().getByTestId('risk-distance');

test('a pushed price changes the figures but not the order; the table says how many rows moved, and Re-sort sorts', async ({ page, simulator }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1024, height: 700 });
  const account = simulator.accounts.find((a) => a.name === ACCOUNT)!;
  await addAccount(page, { name: ACCOUNT, baseUrl: simulator.url, apiKey: account.apiKey, apiSecret: account.apiSecret });
  await expect(page.getByText(/Saved .Main \(B2B\)./)).toBeVisible();
  await openView(page, 'Settings');
  await page.getByRole('combobox', { name: 'Refresh automatically' }).selectOption({ label: 'Every 5 min' });
  await openView(page, 'Accounts');
  await page.getByRole('listitem', { name: ACCOUNT }).getByRole('checkbox', { name: 'Notify me about margin calls and liquidations' }).check();
  await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: ACCOUNT });
  await openView(page, 'Positions');
  await expect(page.getByRole('status', { name: /^Connection: / })).toHaveAccessibleName('Connection: Live', { timeout: 15_000 });

  // Sorted by distance, nearest liquidation first.
  await page.getByRole('button', { name: 'Sort by Distance' }).click();
  await expect(page.getByRole('button', { name: 'Sort by Distance' }).locator('xpath=ancestor::th')).toHaveAttribute('aria-sort', 'ascending');
  const before = await markets(page);
  expect(before.length).toBeGreaterThan(1);
  const distanceBefore = await btcDistance(page).textContent();
  // BTC_USDT is a long (liquidation near 48,211): far above it, it is the furthest (sorted last);
  // just above it, among the nearest. Sent where it moves the row furthest from its place.
  const wasNear = before.indexOf('BTC_USDT') < before.length / 2;
  await admin(simulator, 'prices', { market: 'BTC_USDT', price: wasNear ? '900000' : '48300' });
  await expect(btcDistance(page)).not.toHaveText(distanceBefore ?? '', { timeout: 5_000 });

  // The figures moved; the rows did not. The table says so, and so does the sort header.
  const prompt = page.getByTestId('resort-prompt');
  await expect(prompt).toContainText(/^\d+ rows? changed place/);
  expect(await markets(page)).toEqual(before);
  const header = page.getByRole('button', { name: 'Sort by Distance' });
  await expect(header).toHaveAttribute('data-held', 'true');
  await expect(header).toHaveAttribute('title', /^Order held as last sorted/);
  if (SCREENSHOT_DIR) await page.screenshot({ path: join(SCREENSHOT_DIR, 'positions-resort-1024x700.png') });

  await prompt.getByRole('button', { name: 'Re-sort' }).click();
  const after = await markets(page);
  expect(after).not.toEqual(before);
  expect([...after].sort()).toEqual([...before].sort());
  if (wasNear) expect(after.indexOf('BTC_USDT')).toBeGreaterThan(before.indexOf('BTC_USDT'));
  else expect(after.indexOf('BTC_USDT')).toBeLessThan(before.indexOf('BTC_USDT'));
  await expect(prompt).toHaveText('Rows stay in place as figures change');
  await expect(header).not.toHaveAttribute('data-held', 'true');
});
