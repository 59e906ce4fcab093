import { readFileSync } from 'node:fs';
import { expect, openView, test } from './fixtures';

test.describe('transactions', () => {
  test('Demo: the exchange history lists deposits and withdrawals, filters by type, and exports the whole filtered set', async ({ page }) => {
    await openView(page, 'Transactions');
    const rows = page.getByTestId('transaction-row');
    await expect(rows.first()).toBeVisible();
    await expect(page.locator('[data-testid="transaction-row"][data-kind="deposit"]').first()).toBeVisible();
    await expect(page.locator('[data-testid="transaction-row"][data-kind="withdrawal"]').first()).toBeVisible();
    const status = page.getByRole('navigation', { name: 'Transactions pages (top)' });
    await expect(status).toContainText(/Showing 1\u201350 of \d+/);
    const total = Number((await status.textContent())!.match(/of (\d+)/)![1]);
    expect(total).toBeGreaterThan(50);

    // Both pagers move the same list.
    await page.getByRole('navigation', { name: 'Transactions pages (bottom)' }).getByRole('button', { name: 'Next' }).click();
    await expect(status).toContainText(/^Showing 51\u2013/);

    const filter = page.getByRole('form', { name: 'Filter transactions' });
    await filter.getByLabel('Type').selectOption('deposit');
    await filter.getByLabel('Asset').fill('not a ticker!');
    await filter.getByRole('button', { name: 'Apply filter' }).click();
    await expect(filter.getByText(/^Asset must be an asset ticker/)).toBeVisible();
    await filter.getByLabel('Asset').fill('');
    await filter.getByRole('button', { name: 'Apply filter' }).click();
    await expect(status).toContainText(/^Showing 1\u2013/);
    await expect(page.locator('[data-testid="transaction-row"][data-kind="withdrawal"]')).toHaveCount(0);
    const deposits = Number((await status.textContent())!.match(/of (\d+)/)![1]);
    expect(deposits).toBeLessThan(total);

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: /^Export all \d+ as CSV$/ }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^transactions-demo-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Date (UTC),Type,Asset,Amount,Fee,Network,Address,Memo,Status,Status code,Confirmations,Transaction hash,Withdrawal id');
    expect(lines).toHaveLength(deposits + 1);
    expect(lines.slice(1).every((line) => line.split(',')[1] === 'deposit')).toBe(true);
    await expect(page.getByTestId('export-status')).toHaveText(`Exported ${deposits} transactions.`);
  });
});
