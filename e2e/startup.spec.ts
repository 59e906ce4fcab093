/**
 * The first screen: browser mode answers the launch URL with the balances already in the
 * page, so they paint before any script has run, and the app then hydrates that markup: the same
 * elements, now live. Electron loads its page from app://, which does not render a first screen.
 */
import { expect, test } from './fixtures';

test.describe('first screen', () => {
  test.skip(({ appMode }) => appMode !== 'browser', 'browser mode serves the first screen');

  test('the launch URL shows the balances with scripts off: they are in the page itself', async ({ browser, app }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(app.url);
      await expect(page.getByTestId('balance-row').first()).toBeVisible();
      await expect(page.getByTestId('total-value')).toHaveText(/^[\d,]+\.\d{2} USDT$/);
      await expect(page.locator('main h1')).toHaveText('Balances');
      // Nothing in it answers to input until the app has taken it over.
      await expect(page.locator('#root')).toHaveAttribute('inert', '');
    } finally {
      await context.close();
    }
  });

  test('the app hydrates the first screen: its elements stay, come alive, and the token leaves the address', async ({ page, app }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    // Before any script of the page: remember the first row the parser puts in.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const row = document.querySelector('[data-testid="balance-row"]');
        if (!row) return;
        (window as unknown as { firstScreenRow: Element }).firstScreenRow = row;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(app.url);
    const root = page.locator('#root');
    await expect(root).not.toHaveAttribute('data-first-screen');
    await expect(root).not.toHaveAttribute('inert');
    // The very element the page arrived with, not a copy built again.
    expect(await page.evaluate(() => document.contains((window as unknown as { firstScreenRow: Element }).firstScreenRow))).toBe(true);
    expect(await page.locator('#desk-first-screen').count()).toBe(0);
    expect(new URL(page.url()).search).toBe('');
    // Live: the search filters the rows the first screen painted.
    const first = (await page.getByTestId('balance-row').first().locator('td, th').first().innerText()).split('\n')[0]!;
    await page.getByLabel('Search assets').fill(first);
    await expect(page.getByTestId('balance-row')).toHaveCount(1);
    expect(warnings.filter((text) => /first screen|hydrat/i.test(text))).toEqual([]);
    // A reload is the page as built (no token any more): the app renders it itself.
    await page.reload();
    await expect(page.getByTestId('balance-row').first()).toBeVisible();
  });

  test('written in the browser’s language when none is chosen, and hydrated in it without a redraw', async ({ browser, app }) => {
    const context = await browser.newContext({ locale: 'uk-UA', viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
      });
      const response = await page.goto(app.url);
      expect(await response!.text()).toContain('>Баланси</h1>');
      await expect(page.locator('#root')).not.toHaveAttribute('data-first-screen');
      await expect(page.locator('main h1')).toHaveText('Баланси');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('uk');
      expect(warnings.filter((text) => /first screen|hydrat/i.test(text))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
