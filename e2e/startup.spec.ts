/**
 * Start-up: index.html paints a static shell at once (it holds no account data: the main process
 * serves data, never markup), and the app's first view comes from ONE boot call that brings
 * settings, accounts and the landing data together, not from a chain of calls.
 */
import { expect, test } from './fixtures';

test.describe('start-up', () => {
  test.skip(({ appMode }) => appMode !== 'browser', 'browser mode serves the launch URL');

  test('the launch URL is the page as built: a static shell, no account data, with scripts off too', async ({ browser, app }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const response = await page.goto(app.url);
      const body = await response!.text();
      expect(body).not.toContain('application/json');
      expect(body).not.toContain('balance-row');
      expect(body).not.toContain('activeAccountId');
      expect(body).not.toContain('USDT');
      await expect(page.locator('.boot-shell')).toBeVisible();
      await expect(page.locator('.boot-shell__mark')).toBeVisible();
      await expect(page.getByTestId('balance-row')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('the first view comes from one boot call, with no settings or accounts call before the first row', async ({ browser, app }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const channels: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname !== '/api/invoke') return;
        const { channel } = JSON.parse(request.postData() ?? '{}') as { channel?: string };
        channels.push(channel ?? '?');
      });
      await page.goto(app.url);
      await expect(page.getByTestId('balance-row').first()).toBeVisible();
      const beforeFirstRow = [...channels];
      expect(beforeFirstRow.filter((channel) => channel === 'app.bootstrap')).toHaveLength(1);
      expect(beforeFirstRow).not.toContain('settings.get');
      expect(beforeFirstRow).not.toContain('accounts.list');
      await expect(page.locator('.boot-shell')).toHaveCount(0);
      await expect(page.locator('main h1')).toHaveText('Balances');
      expect(new URL(page.url()).search).toBe('');
      // A reload (the token is spent; the session cookie opens the API) starts the same way.
      channels.length = 0;
      await page.reload();
      await expect(page.getByTestId('balance-row').first()).toBeVisible();
      expect(channels.filter((channel) => channel === 'app.bootstrap')).toHaveLength(1);
      expect(channels).not.toContain('settings.get');
    } finally {
      await context.close();
    }
  });

  test('speaks the browser’s language when none is chosen', async ({ browser, app }) => {
    const context = await browser.newContext({ locale: 'uk-UA', viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(app.url);
      await expect(page.locator('main h1')).toHaveText('Баланси');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('uk');
    } finally {
      await context.close();
    }
  });
});
