/**
 * Holdings everywhere, in Demo: with sub-accounts included, "Who holds what" lists every asset once
 * with what the account and each sub-account holds; every total is the exact sum of its amounts,
 * on the page and in the CSV, and the value row under it adds up to the grand value.
 */
import { readFileSync } from 'node:fs';
import DecimalJs from 'decimal.js';
import { expect, openView, test } from './fixtures';

// The amounts carry up to 18 decimals on millions: the default 20 digits would round the sums.
const Decimal = DecimalJs.clone({ precision: 80 });
const added = (values: readonly string[]) => values.reduce((acc, v) => acc.plus(v), new Decimal(0));

test('with sub-accounts, each asset is held where the table says, and every total is the exact sum', async ({ page }) => {
  await openView(page, 'Balances');
  await page.getByRole('checkbox', { name: 'Include sub-accounts' }).check();
  const holdings = page.getByTestId('holdings');
  await holdings.locator('summary').click();
  await expect(holdings.locator('summary')).toHaveText(/^Who holds what: \d+ accounts and sub-accounts$/);
  const table = holdings.getByTestId('holdings-table');
  const headers = await table.locator('thead th').allTextContents();
  // Asset, the Demo account, at least one sub-account, Total, Value.
  expect(headers.length).toBeGreaterThanOrEqual(5);
  expect(headers[1]).toBe('Demo');

  // On the page: each row's total is the sum of its holders' amounts, digit for digit.
  const rows = table.getByTestId('holding-row');
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) {
    const amounts = await row.getByTestId('holding-amount').evaluateAll((cells) => cells.map((c) => c.getAttribute('title')!));
    const total = (await row.getByTestId('holding-total').getAttribute('title'))!;
    expect(added(amounts).eq(total), `${await row.locator('th').innerText()}: ${amounts.join(' + ')} = ${total}`).toBe(true);
  }
  const holderValues = await table.getByTestId('holder-value').evaluateAll((cells) => cells.map((c) => c.getAttribute('title')!.split(' ')[0]!));
  const grand = (await table.getByTestId('holdings-value').getAttribute('title'))!.split(' ')[0]!;
  expect(added(holderValues).eq(grand)).toBe(true);

  // The CSV holds every asset, not just the page, with the same sums.
  const downloading = page.waitForEvent('download');
  await holdings.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync((await (await downloading).path())!, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n').map((line) => line.split(','));
  const [header, ...body] = csv;
  const holders = header!.length - 4;
  const assetRows = body.slice(0, -1);
  expect(assetRows.length).toBeGreaterThan(await rows.count());
  for (const row of assetRows) expect(added(row.slice(1, 1 + holders)).eq(row[1 + holders]!), row[0]).toBe(true);
  const valueRow = body.at(-1)!;
  expect(added(valueRow.slice(1, 1 + holders)).eq(valueRow.at(-1)!)).toBe(true);
  const pricedValues = assetRows.map((row) => row.at(-1)!).filter((v) => v !== 'no price');
  expect(added(pricedValues).eq(valueRow.at(-1)!)).toBe(true);
});
