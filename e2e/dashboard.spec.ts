import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { compare } from '../shared/money/decimal';
import { addAccount, expect, injectFault, openView, test } from './fixtures';

const balanceRows = (page: Page) => page.getByTestId('balance-row');

test.describe('dashboard', () => {
  test('first launch lands in Demo with balances visible and the DEMO badge', async ({ page }) => {
    await expect(page.getByRole('heading', { name: 'Balances' })).toBeVisible();
    await expect(page.getByText('Demo data', { exact: true })).toBeVisible();
    await expect(page.locator('.top-bar').getByText('DEMO', { exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Account' })).toHaveValue('demo');
    await expect(balanceRows(page).first()).toBeVisible();
    await expect(page.getByRole('status', { name: 'Connection: Online' })).toBeVisible();
    await expect(page.getByText(/Updated \d+ (sec|min)\. ago/)).toBeVisible();
    // "Demo data" stays on every screen.
    for (const view of ['Codes', 'Positions', 'Flex plans', 'Withdraw', 'Accounts']) {
      await openView(page, view);
      await expect(page.getByText('Demo data', { exact: true })).toBeVisible();
    }
  });

  test('balances: valued in the quote, most valuable first; search, sort, hide small, CSV export', async ({ page }) => {
    await expect(balanceRows(page).first()).toBeVisible();
    const tickers = () => balanceRows(page).locator('.cell-main').allTextContents();
    const values = () => balanceRows(page).getByTestId('balance-value').evaluateAll((cells) => cells.map((c) => (c.getAttribute('title') ?? '').split(' ')[0]!));
    await expect(page.getByTestId('total-value')).toHaveText(/^[\d,]+\.\d{2} USDT$/);

    // Default: most valuable first (every digit in the cell's title), compared as decimals; no price last.
    const priced = (await values()).filter((v) => /^\d/.test(v));
    for (let i = 1; i < priced.length; i++) expect(compare(priced[i - 1]!, priced[i]!)).toBeGreaterThanOrEqual(0);

    // Tickers are not words: no spelling marks under them (the property, as the browser reads it).
    expect(await page.getByRole('searchbox', { name: 'Search assets' }).evaluate((box) => (box as HTMLInputElement).spellcheck)).toBe(false);
    await page.getByRole('searchbox', { name: 'Search assets' }).fill('bitcoin');
    await expect.poll(tickers).toContain('BTC');
    for (const row of await balanceRows(page).allTextContents()) expect(row.toLowerCase()).toContain('bitcoin');

    await page.getByRole('searchbox', { name: 'Search assets' }).fill('');
    await page.getByRole('button', { name: /^Asset/ }).click();
    await expect(page.getByRole('columnheader', { name: /Asset/ })).toHaveAttribute('aria-sort', 'ascending');
    const byTicker = await tickers();
    expect(byTicker).toEqual([...byTicker].sort());

    // Hide what is worth less than 1000 USDT (hiding is on by default); unpriced rows stay. It
    // applies as it is typed, with the focus still in the field (no Enter).
    await page.getByRole('textbox', { name: 'Small balance threshold' }).fill('');
    await page.getByRole('textbox', { name: 'Small balance threshold' }).pressSequentially('1000');
    await expect(page.getByTestId('hidden-small-count')).toHaveText(/^\d+ worth less than 1,000 USDT hidden$/);
    await expect(page.getByRole('textbox', { name: 'Small balance threshold' })).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Small balance threshold' })).toHaveValue('1000');
    for (const value of await values()) if (/^\d/.test(value)) expect(compare(value, '1000')).toBeGreaterThanOrEqual(0);
    const shownCount = await balanceRows(page).count();

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^balances-demo-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Ticker,Name,Main,Trade available,Trade frozen,Collateral,Total,Price (USDT),Value (USDT),24h price change %,Amount change 24h,Value change 24h (USDT),Share %');
    // Every shown row, not only the ones the windowed table has in the DOM.
    expect(lines.length - 1).toBeGreaterThanOrEqual(shownCount);

    // The export of every account says so in its name.
    await page.getByRole('combobox', { name: 'Balances of' }).selectOption('all');
    const allDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await allDownload).suggestedFilename()).toMatch(/^balances-all-accounts-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);

    // The threshold was saved (after a pause in typing): it survives a reload.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Small balance threshold' })).toHaveValue('1000');
  });

  test('codes: server pagination and reveal', async ({ page }) => {
    await openView(page, 'Codes');
    const pager = page.getByRole('navigation', { name: 'Codes pages (top)' });
    const summary = pager.getByText(/^Showing \d+–\d+ of \d+/);
    await expect(summary).toHaveText(/^Showing 1–30 of (\d+)/);
    const total = Number((await summary.textContent())!.match(/of (\d+)/)![1]);
    expect(total).toBeGreaterThan(60);

    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(summary).toHaveText(new RegExp(`^Showing 31–60 of ${total}`));
    await page.getByRole('navigation', { name: 'Codes pages (bottom)' }).getByRole('button', { name: 'Previous' }).click();
    await expect(summary).toHaveText(new RegExp(`^Showing 1–30 of ${total}`));
    await pager.getByRole('combobox', { name: 'Codes per page (top)' }).selectOption('10');
    await expect(summary).toHaveText(new RegExp(`^Showing 1–10 of ${total}`));
    await expect(page.getByTestId('code-row')).toHaveCount(10);

    const first = page.getByTestId('code-row').first();
    const value = first.getByTestId('code-value');
    await expect(value).toHaveText(/^•+$/);
    await first.getByRole('button', { name: /^Reveal code/ }).click();
    await expect(value).not.toHaveText(/•/);
    expect((await value.textContent())!.length).toBeGreaterThan(4);
    await expect(first.getByRole('button', { name: /^Copy code/ })).toBeVisible();
    // Only that row.
    await expect(page.getByTestId('code-row').nth(1).getByTestId('code-value')).toHaveText(/^•+$/);
  });

  test("empty states with the simulator's Empty account", async ({ page, simulator }) => {
    const empty = simulator.accounts.find((a) => a.name === 'Empty')!;
    await addAccount(page, { name: 'Empty', baseUrl: simulator.url, apiKey: empty.apiKey, apiSecret: empty.apiSecret });
    await expect(page.getByText(/Saved .Empty./)).toBeVisible();
    // The first real account becomes the active one.
    await expect(page.getByRole('combobox', { name: 'Account' })).toHaveValue(/.+/);
    await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: 'Empty' });
    await expect(page.getByText('Demo data', { exact: true })).toHaveCount(0);
    await openView(page, 'Balances');
    // The exchange lists every asset, at zero for an empty account; zero assets are not rows.
    await expect(page.getByText('Every balance is zero')).toBeVisible();
    await openView(page, 'Codes');
    await expect(page.getByText('No codes yet')).toBeVisible();
  });

  test('error state: a server fault shows an error panel, Retry recovers', async ({ page, simulator }) => {
    const main = simulator.accounts.find((a) => a.name === 'Main (B2B)')!;
    await addAccount(page, { name: 'Main (B2B)', baseUrl: simulator.url, apiKey: main.apiKey, apiSecret: main.apiSecret });
    await expect(page.getByText(/Saved .Main \(B2B\)./)).toBeVisible();
    await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: 'Main (B2B)' });
    await injectFault(simulator, { kind: 'server_error', path: '/api/v4/main-account/codes/my', count: 0 });
    await openView(page, 'Codes');
    // The view's own error panel: the account's positions already at risk raise an alert toast too.
    const panel = page.getByRole('region', { name: 'Codes' }).getByRole('alert');
    const started = Date.now();
    await expect(panel).toContainText('The exchange had a problem', { timeout: 60_000 });
    console.log(`error panel after ${Date.now() - started} ms (main-process and renderer retries included)`);
    await fetch(`${simulator.url}/__admin/faults`, { method: 'DELETE', headers: { 'X-Admin-Token': simulator.adminToken } });
    // Retry brings the codes back; the refresh every view gets when the exchange answers again may come first.
    const retried = panel.getByRole('button', { name: 'Retry' }).click().catch(() => undefined);
    await expect(page.getByTestId('code-row').first()).toBeVisible();
    await expect(panel).toHaveCount(0);
    await retried;
  });

  test('hostile data renders as text and never breaks the layout', async ({ page }) => {
    const longTicker = 'X'.repeat(32);
    const fortyDigits = '1234567890123456789012345678901234567890';
    const html = '<img src=x onerror="window.__pwned=1">';
    // Swapped in at the bridge boundary: what a misbehaving exchange could send.
    await page.route('**/api/invoke', async (route) => {
      const { channel } = route.request().postDataJSON() as { channel: string };
      if (channel === 'app.bootstrap') {
        // Without the landing answers in the bootstrap, the page asks for them itself (below).
        const response = await route.fetch();
        const envelope = (await response.json()) as { ok: boolean; data?: { landing: unknown } };
        if (envelope.ok && envelope.data) envelope.data.landing = null;
        return route.fulfill({ response, json: envelope });
      }
      if (channel === 'balances.overview') {
        const row = (asset: string, amount: string) => ({ asset, main: amount, tradeAvailable: '0', tradeFrozen: '0', collateral: '0', total: amount, price: null, value: null, change24h: null, share: null });
        const data = {
          quote: 'USDT',
          accounts: [{ id: 'demo', name: 'Demo' }],
          rows: [row(longTicker, `${fortyDigits}.123456789012345678`), row('BTC', '1')],
          totals: { value: '0', main: '0', trade: '0', collateral: '0', change24h: null },
          allocation: [],
          unpriced: 2,
          zeroAssets: 0,
          byAccount: [],
          grandTotal: '0',
          notes: [],
          pricedAt: null,
        };
        return route.fulfill({ json: { ok: true, data } });
      }
      if (channel === 'exchange.assets') {
        const asset = { name: html + 'N'.repeat(180), can_deposit: true, can_withdraw: true, currency_precision: 8, is_memo: false };
        return route.fulfill({ json: { ok: true, data: { items: { [longTicker]: asset }, unreadable: [] } } });
      }
      if (channel === 'codes.page') {
        const code = { amount: fortyDigits, code: 'C'.repeat(500), date: 1_760_000_000, status: `${html}unknown-status-${'z'.repeat(40)}`, ticker: longTicker, external_id: html };
        return route.fulfill({ json: { ok: true, data: { total: 1, rows: [code], limit: 30, offset: 0, windowLimited: false, unreadable: [] } } });
      }
      return route.continue();
    });
    await page.reload();
    await expect(balanceRows(page)).toHaveCount(2);
    await expect(balanceRows(page).filter({ hasText: longTicker })).toHaveCount(1);
    await expect(page.getByText(html + 'N', { exact: false })).toBeVisible();
    const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    expect(await fitsWidth()).toBe(true);

    await openView(page, 'Codes');
    await expect(page.getByTestId('code-row')).toHaveCount(1);
    await expect(page.getByText(/unknown-status-z+/)).toBeVisible();
    await page.getByRole('button', { name: /^Reveal code/ }).click();
    await expect(page.getByTestId('code-value')).toHaveText('C'.repeat(500));
    expect(await fitsWidth()).toBe(true);
    // The revealed code wraps whole inside its column, but a hostile length never makes a tall row.
    expect((await page.getByTestId('code-row').boundingBox())!.height).toBeLessThan(160);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('main img').count()).toBe(0);
  });
});
