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
  await page.waitForTimeout(3_000);
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(page.getByTestId('total-value')).not.toHaveAttribute('title', `${first} USDT`, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Refresh', exact: true })).toBeEnabled();
  const latest = await balancesTotal(page);

  await openView(page, 'History');
  const chart = page.getByTestId('history-chart');
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(page.getByTestId('history-latest')).toHaveAttribute('data-value', latest);
  await expect(page.getByText(/\b([2-9]|[1-9]\d+) snapshots in this range/)).toBeVisible();
  // The change from the first snapshot to the last, with its sign, in money and percent (a move
  // too small for two places reads "+<0.01%", never as none).
  await expect(page.getByTestId('history-change')).toHaveText(/[+-][\d,.]+ USDT \([+-]<?[\d.]+%\)/);

  // Hovering the newest point shows its figure rounded to the quote, the exact one in the title.
  const box = (await chart.locator('.u-over').boundingBox())!;
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
  await expect(page.getByTestId('history-readout').locator('strong')).toHaveAttribute('title', `${latest} USDT`);

  // Ranges switch, and an asset's amount and value can be chosen.
  await page.getByRole('group', { name: 'Range' }).getByRole('button', { name: 'All' }).click();
  await expect(page.getByRole('group', { name: 'Range' }).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
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

/** Two snapshots a few seconds apart (the demo prices move in between), auto-refresh off. */
async function twoSnapshots(page: Page): Promise<void> {
  await openView(page, 'Settings');
  await page.getByRole('combobox', { name: 'Refresh automatically' }).selectOption({ label: 'Off' });
  await openView(page, 'Balances');
  const first = await balancesTotal(page);
  await page.waitForTimeout(3_000);
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(page.getByTestId('total-value')).not.toHaveAttribute('title', `${first} USDT`, { timeout: 20_000 });
}

test('on its first day the chart reads at 1024 x 700: distinct labels, spaced ticks, the true span, rounded figures', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1024, height: 700 });
  await twoSnapshots(page);
  await openView(page, 'History');
  const chart = page.getByTestId('history-chart');
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart).toHaveAttribute('data-y-ticks', /\[".+"\]/);

  // Every y label differs from its neighbour (a flat total of about 1.2 billion used to read "1.226B" six times).
  const yTicks = JSON.parse((await chart.getAttribute('data-y-ticks'))!) as string[];
  expect(yTicks.length).toBeGreaterThanOrEqual(2);
  yTicks.forEach((label, i) => i > 0 && expect(label).not.toBe(yTicks[i - 1]));

  // No two x labels overlap: each gap between tick centres is wider than half of both labels.
  const xTicks = JSON.parse((await chart.getAttribute('data-x-ticks'))!) as { label: string; at: number }[];
  expect(xTicks.length).toBeGreaterThanOrEqual(2);
  const widths = await page.evaluate((labels) => {
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
    return labels.map((l) => context.measureText(l).width);
  }, xTicks.map((t) => t.label));
  for (let i = 1; i < xTicks.length; i++) expect(xTicks[i]!.at - xTicks[i - 1]!.at).toBeGreaterThan((widths[i]! + widths[i - 1]!) / 2 + 4);

  // A few seconds of history: the longer ranges would show the same, so they are off; the chart
  // and the change cover the data that exists and say where it starts.
  const ranges = page.getByRole('group', { name: 'Range' });
  for (const name of ['1W', '1M', '1Y']) await expect(ranges.getByRole('button', { name })).toBeDisabled();
  await expect(ranges.getByRole('button', { name: '1D' })).toBeEnabled();
  await expect(ranges.getByRole('button', { name: 'All' })).toBeEnabled();
  await expect(page.getByTestId('history-starts')).toHaveText(/^History starts \w{3} \d{1,2}, \d{4}, /);
  await expect(page.getByTestId('history-change').locator('.history-label')).toHaveText(/^Change since /);
  await expect(page.getByTestId('history-change')).not.toContainText('the last day');

  // Figures rounded to the quote's cents, the exact ones on demand.
  const latest = page.getByTestId('history-latest');
  await expect(latest).toHaveText(/^[\d,]+\.\d{2} USDT$/);
  await expect(latest).toHaveAttribute('title', `${await latest.getAttribute('data-value')} USDT`);

  // The readout answers far from any point (at the plot's left edge, the nearest point is the
  // first) and stays while the pointer crosses onto the axis; it clears when it leaves the chart.
  const plot = (await chart.locator('.u-over').boundingBox())!;
  const readout = page.getByTestId('history-readout');
  await page.mouse.move(plot.x + 4, plot.y + plot.height - 4);
  await expect(readout.locator('strong')).toHaveText(/^[\d,]+\.\d{2} USDT$/);
  await expect(readout.locator('strong')).toHaveAttribute('title', /^\d+(\.\d+)? USDT$/);
  await page.mouse.move(plot.x - 20, plot.y + plot.height / 2);
  await expect(readout.locator('strong')).toHaveText(/^[\d,]+\.\d{2} USDT$/);
  await page.screenshot({ path: testInfo.outputPath('history-1024.png') });
  await page.mouse.move(plot.x + plot.width / 2, plot.y - 200);
  await expect(readout).toContainText('Hover the chart for exact figures');
});
