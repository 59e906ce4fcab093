/**
 * Screenshots of every view in light and dark, 1280x800, for the README and for looking at.
 * `npm test` writes them under test-results/screenshots/ so a test run never rewrites committed
 * files; `npm run screenshots` writes them to e2e/screenshots/ (the README's pictures).
 */
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { addAccount, expect, openView, test } from './fixtures';

const SCREENSHOT_DIR = process.env.DESK_SCREENSHOT_DIR
  ? resolve(process.env.DESK_SCREENSHOT_DIR)
  : join(import.meta.dirname, '..', 'test-results', 'screenshots');

const VIEWS: Array<{ nav: string; file: string; ready: (page: Page) => Promise<void> }> = [
  { nav: 'Balances', file: 'balances', ready: async (p) => void (await expect(p.getByTestId('balance-row').first()).toBeVisible()) },
  { nav: 'Codes', file: 'codes', ready: async (p) => void (await expect(p.getByTestId('code-row').first()).toBeVisible()) },
  { nav: 'Positions', file: 'positions', ready: async (p) => void (await expect(p.locator('main [aria-busy="true"]')).toHaveCount(0)) },
  { nav: 'Flex plans', file: 'flex', ready: async (p) => void (await expect(p.locator('main [aria-busy="true"]')).toHaveCount(0)) },
  { nav: 'Withdraw', file: 'withdraw', ready: async (p) => void (await expect(p.locator('main [aria-busy="true"]')).toHaveCount(0)) },
  { nav: 'Transactions', file: 'transactions', ready: async (p) => void (await expect(p.getByTestId('transaction-row').first()).toBeVisible()) },
  { nav: 'Settings', file: 'settings', ready: async (p) => void (await expect(p.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()) },
  { nav: 'History', file: 'history', ready: async (p) => void (await expect(p.getByTestId('history-chart').locator('canvas')).toBeVisible()) },
];

/** DESK_SCREENSHOT_SIZE=1024x700 looks at another window size (the committed ones are 1280x800). */
const [WIDTH, HEIGHT] = (process.env.DESK_SCREENSHOT_SIZE ?? '1280x800').split('x').map(Number) as [number, number];

for (const theme of ['light', 'dark'] as const) {
  test(`screenshots of every view (${theme})`, async ({ page, appMode, simulator }) => {
    test.skip(appMode !== 'browser', 'screenshots come from the browser project');
    await page.setViewportSize({ width: WIDTH, height: HEIGHT });
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await expect(page.getByTestId('balance-row').first()).toBeVisible();
    for (const view of VIEWS) {
      await openView(page, view.nav);
      await view.ready(page);
      // Let lazy chunks, fonts and the first refetch settle.
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${view.file}-${theme}.png`) });
    }
    // Accounts last: adding a key makes that account the active one.
    const main = simulator.accounts.find((a) => a.name === 'Main (B2B)')!;
    await addAccount(page, { name: 'Main (B2B)', baseUrl: simulator.url, apiKey: main.apiKey, apiSecret: main.apiSecret });
    const report = page.getByRole('group', { name: /What the key for Main \(B2B\) can reach/ });
    await expect(report).toBeVisible();
    await report.scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `accounts-${theme}.png`) });
  });
}
