/**
 * History in Demo, browser mode: each Balances refresh leaves a snapshot in the app's
 * SQLite database (the embedded simulator's prices move every second, so refreshes a few seconds
 * apart differ); the History chart's last point is the total Balances showed, exactly; and the
 * CSV of the balances as of today is that snapshot, row for row.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, openView, test } from './fixtures';

/** The exact total Balances shows (its title carries the undisplayed digits), e.g. "123.45". */
async function balancesTotal(page: Page): Promise<string> {
  const total = page.getByTestId('total-value');
  await expect(total).toBeVisible();
  const title = (await total.getAttribute('title')) ?? '';
  return title.replace(/ [A-Z0-9]+$/, '');
}

function parseCsv(text: string): string[][] {
  // Our own export: no field holds a comma, quote or line break (tickers and decimals), so a split is exact.
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
}

test('the chart ends at the Balances total, and the CSV for a date is that snapshot', async ({ page }) => {
  test.setTimeout(120_000);
  // Auto-refresh lives in Settings now; off, so only the clicks below take snapshots.
  await openView(page, 'Settings');
  await page.getByRole('combobox', { name: 'Refresh automatically' }).selectOption({ label: 'Off' });

  // Two refreshes of Balances, a few seconds apart: the demo prices have moved in between.
  await openView(page, 'Balances');
  const first = await balancesTotal(page);
  await page.waitForTimeout(6_000);
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(page.getByTestId('total-value')).not.toHaveAttribute('title', `${first} USDT`, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Refresh', exact: true })).toBeEnabled();
  const latest = await balancesTotal(page);

  await openView(page, 'History');
  const chart = page.getByTestId('history-chart');
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(page.getByTestId('history-latest')).toHaveAttribute('data-value', latest);
  await expect(page.getByText(/^2 snapshots in this range/)).toBeVisible();
  // The change from the first snapshot to the last, with its sign, in money and percent.
  await expect(page.getByTestId('history-change')).toHaveText(/[+-][\d,.]+ USDT \([+-][\d.]+ %\)/);

  // Hovering the newest point shows its exact figure.
  const box = (await chart.locator('.u-over').boundingBox())!;
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
  await expect(page.getByTestId('history-readout')).toContainText(`${latest} USDT`);

  // Ranges switch, and an asset's amount and value can be chosen.
  await page.getByRole('group', { name: 'Range' }).getByRole('button', { name: '1W' }).click();
  await expect(page.getByRole('group', { name: 'Range' }).getByRole('button', { name: '1W' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('combobox', { name: 'Series' }).selectOption('BTC');
  await expect(page.getByTestId('history-latest')).toHaveAttribute('data-value', /^\d+(\.\d+)?$/);
  await expect(page.locator('.history-amount')).toContainText('BTC');

  // Balances as of today: the newest snapshot; its CSV holds every asset row and the same total.
  const asOfTotal = page.getByTestId('asof-total');
  await expect(asOfTotal).toHaveAttribute('title', `${latest} USDT`);
  const assetRows = await page.locator('.history-asof tbody tr').count();
  expect(assetRows).toBeGreaterThan(3);
  const downloading = page.waitForEvent('download');
  await page.locator('.history-asof').getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  const csv = parseCsv(readFileSync((await download.path())!, 'utf8'));
  expect(csv[0]).toEqual(['Taken at (UTC)', 'Asset', 'Main', 'Trade available', 'Trade frozen', 'Collateral', 'Total', 'Price (USDT)', 'Value (USDT)']);
  expect(csv.length).toBe(assetRows + 2);
  expect(csv.at(-1)!.slice(1)).toEqual(['Total', '', '', '', '', '', '', latest]);
  // Each row is the table's row: the asset's total amount, digit for digit.
  const btc = csv.find((row) => row[1] === 'BTC')!;
  const btcRow = page.locator('.history-asof tbody tr').filter({ has: page.getByRole('rowheader', { name: 'BTC', exact: true }) });
  await expect(btcRow.locator('td').first()).toHaveText(new Intl.NumberFormat('en-US', { minimumFractionDigits: (btc[6]!.split('.')[1] ?? '').length }).format(btc[6] as unknown as number));

  // A date before the first snapshot has none.
  const yesterday = new Date(Date.now() - 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  await page.getByLabel('As of date').fill(`${yesterday.getFullYear()}-${pad(yesterday.getMonth() + 1)}-${pad(yesterday.getDate())}`);
  await expect(page.getByTestId('asof-none')).toBeVisible();
  await expect(page.locator('.history-asof').getByRole('button', { name: 'Export CSV' })).toBeDisabled();
});
