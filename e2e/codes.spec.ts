import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { addAccount, expect, openView, test } from './fixtures';

/** The CSV's lines without the BOM, header first. */
async function csvLines(page: Page, click: () => Promise<void>): Promise<{ name: string; lines: string[] }> {
  const downloadPromise: Promise<Download> = page.waitForEvent('download');
  await click();
  const download = await downloadPromise;
  const lines = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
  return { name: download.suggestedFilename(), lines };
}

const externalIds = (lines: string[]) => lines.slice(1).map((line) => line.split(',').at(-1)!);

test.describe('codes', () => {
  test('the codes CSV holds every code: the whole list, a filtered set, and the signed history', async ({ page, simulator }) => {
    const main = simulator.accounts.find((a) => a.name === 'Main (B2B)')!;
    const truth = simulator.state.account(main.apiKey)!;
    await addAccount(page, { name: 'Main (B2B)', baseUrl: simulator.url, apiKey: main.apiKey, apiSecret: main.apiSecret });
    await expect(page.getByText(/Saved .Main \(B2B\)./)).toBeVisible();
    await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: 'Main (B2B)' });
    await openView(page, 'Codes');
    const status = page.getByRole('navigation', { name: 'Codes pages (top)' }).getByText(/^Showing \d+/);
    await expect(status).toHaveText(`Showing 1\u201330 of ${truth.codes.length}`);

    // Reveal one code: only that one is written into the file.
    const first = page.getByTestId('code-row').first();
    await first.getByRole('button', { name: /^Reveal code/ }).click();
    const revealed = (await first.getByTestId('code-value').textContent())!;

    const all = await csvLines(page, () => page.getByRole('button', { name: `Export all ${truth.codes.length} as CSV` }).click());
    expect(all.name).toMatch(/^codes-main-b2b-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    expect(all.lines[0]).toBe('Code,Amount,Ticker,Status,Status (as sent),Created (UTC),External ID');
    expect(externalIds(all.lines)).toEqual(truth.codes.map((c) => c.external_id));
    expect(all.lines.filter((line) => line.startsWith('WB'))).toEqual([expect.stringContaining(revealed)]);
    expect(all.lines.slice(1).filter((line) => line.startsWith('(hidden),'))).toHaveLength(truth.codes.length - 1);
    await expect(page.getByTestId('export-status')).toHaveText(`Exported ${truth.codes.length} codes.`);

    // A filter the exchange does not have: every matching code, and only those.
    const filter = page.getByRole('form', { name: 'Filter codes' });
    await expect(filter.getByTestId('codes-filter-scope')).toContainText('The exchange cannot filter codes');
    await filter.getByLabel('Asset').fill('usdt');
    await filter.getByLabel('Status').selectOption('unused');
    await filter.getByRole('button', { name: 'Apply filter' }).click();
    const expected = truth.codes.filter((c) => c.ticker === 'USDT' && ['new', 'active'].includes(c.status.toLowerCase()));
    expect(expected.length).toBeGreaterThan(5);
    await expect(status).toHaveText(`Showing 1\u2013${expected.length} of ${expected.length}`);
    const filtered = await csvLines(page, () => page.getByRole('button', { name: `Export all ${expected.length} as CSV` }).click());
    expect(externalIds(filtered.lines)).toEqual(expected.map((c) => c.external_id));
    expect(filtered.lines.slice(1).every((line) => line.split(',')[3] === 'Not applied yet')).toBe(true);

    // The history tab: every entry with its sign.
    await filter.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('tab', { name: 'Codes history' }).click();
    await expect(status).toHaveText(`Showing 1\u201330 of ${truth.codesHistory.length}`);
    const history = await csvLines(page, () => page.getByRole('button', { name: `Export all ${truth.codesHistory.length} as CSV` }).click());
    expect(history.name).toMatch(/^codes-history-main-b2b-/);
    expect(history.lines.slice(1).map((line) => line.split(',')[1])).toEqual(truth.codesHistory.map((c) => c.amount));
    expect(history.lines.slice(1).some((line) => line.split(',')[1]!.startsWith('+'))).toBe(true);
    expect(history.lines.slice(1).some((line) => line.split(',')[1]!.startsWith('-'))).toBe(true);
  });

  test('statuses read as words in both languages, what each means on hover', async ({ page, simulator }) => {
    const main = simulator.accounts.find((a) => a.name === 'Main (B2B)')!;
    const truth = simulator.state.account(main.apiKey)!;
    expect(truth.codes.slice(0, 30).some((c) => c.status === 'on_hold_review')).toBe(true);
    await addAccount(page, { name: 'Main (B2B)', baseUrl: simulator.url, apiKey: main.apiKey, apiSecret: main.apiSecret });
    await expect(page.getByText(/Saved .Main \(B2B\)./)).toBeVisible();
    await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: 'Main (B2B)' });
    await openView(page, 'Codes');
    const rows = page.getByTestId('code-row');
    await expect(rows.first()).toBeVisible();
    const held = rows.getByText('On hold for review', { exact: true }).first();
    await expect(held).toBeVisible();
    await expect(held).toHaveAttribute('title', 'The exchange holds this code while it reviews it');
    // No row shows a raw id with underscores as its status.
    await expect(rows.getByText(/_/)).toHaveCount(0);

    // A revealed code is shown whole, wrapping inside its column: the date column does not move.
    await page.setViewportSize({ width: 1024, height: 700 });
    const first = rows.first();
    const dateBefore = await first.getByRole('cell').nth(3).boundingBox();
    await first.getByRole('button', { name: /^Reveal code/ }).click();
    const value = first.getByTestId('code-value');
    await expect(value).not.toHaveText(/\u2022/);
    const shown = (await value.textContent())!;
    expect(truth.codes.map((c) => c.code)).toContain(shown);
    expect(await value.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const dateAfter = await first.getByRole('cell').nth(3).boundingBox();
    expect({ x: dateAfter!.x, width: dateAfter!.width }).toEqual({ x: dateBefore!.x, width: dateBefore!.width });
  });
});
