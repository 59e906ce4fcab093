/**
 * Screenshots of every view in light and dark, for the README and for looking at: at 1280x800
 * (the README's, `<view>-<theme>.png`), and at the smallest window (1024x700) and a wide one
 * (1440x900) as `<view>-<theme>-<size>.png`. Scrollbars show as a real window shows them
 * (Playwright hides them by default), so a frame that scrolls where it should not is seen.
 * Only `npm run screenshots` makes them (it sets DESK_SCREENSHOT_DIR, e2e/screenshots/ by default);
 * `npm test` skips this file: what it waits for on each view is asserted by the layout, accounts
 * and history specs, so here it would only spend minutes drawing pictures.
 */
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { SCROLLBARS_SHOWN } from './chromium';
import { addAccount, expect, openView, test } from './fixtures';

test.use({ launchOptions: SCROLLBARS_SHOWN });

const SCREENSHOT_DIR = process.env.DESK_SCREENSHOT_DIR ? resolve(process.env.DESK_SCREENSHOT_DIR) : null;
// Skipped for the whole file, before any fixture starts an app.
test.skip(SCREENSHOT_DIR === null, 'screenshots are made by `npm run screenshots` (DESK_SCREENSHOT_DIR), not by `npm test`');

const VIEWS: Array<{ nav: string; file: string; ready: (page: Page) => Promise<void> }> = [
  { nav: 'Balances', file: 'balances', ready: async (p) => void (await expect(p.getByTestId('balance-row').first()).toBeVisible()) },
  { nav: 'Codes', file: 'codes', ready: async (p) => void (await expect(p.getByTestId('code-row').first()).toBeVisible()) },
  { nav: 'Positions', file: 'positions', ready: async (p) => void (await expect(p.locator('main [aria-busy="true"]')).toHaveCount(0)) },
  { nav: 'Flex plans', file: 'flex', ready: async (p) => void (await expect(p.locator('main [aria-busy="true"]')).toHaveCount(0)) },
  { nav: 'Withdraw', file: 'withdraw', ready: async (p) => void (await expect(p.locator('main [aria-busy="true"]')).toHaveCount(0)) },
  { nav: 'Transactions', file: 'transactions', ready: async (p) => void (await expect(p.getByTestId('transaction-row').first()).toBeVisible()) },
  { nav: 'Settings', file: 'settings', ready: async (p) => void (await expect(p.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()) },
  { nav: 'History', file: 'history', ready: async (p) => void (await expect(p.getByTestId('history-chart').locator('canvas')).toBeVisible()) },
  { nav: 'Sub-accounts', file: 'subaccounts', ready: async (p) => void (await expect(p.locator('main [aria-busy="true"]')).toHaveCount(0)) },
  { nav: 'Receive', file: 'receive', ready: async (p) => void (await expect(p.locator('main [aria-busy="true"]')).toHaveCount(0)) },
  { nav: 'Alerts', file: 'alerts', ready: async (p) => void (await expect(p.locator('main [aria-busy="true"]')).toHaveCount(0)) },
];

/** The README's size (no suffix), then the smallest window and a wide one. */
const SIZES = [
  { width: 1280, height: 800, suffix: '' },
  { width: 1024, height: 700, suffix: '-1024x700' },
  { width: 1440, height: 900, suffix: '-1440x900' },
] as const;

for (const size of SIZES) {
  for (const theme of ['light', 'dark'] as const) {
    test(`screenshots of every view (${theme}, ${size.width}x${size.height})`, async ({ page, appMode, simulator }) => {
      test.skip(appMode !== 'browser', 'screenshots come from the browser project');
      if (SCREENSHOT_DIR === null) return;
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await expect(page.getByTestId('balance-row').first()).toBeVisible();
      for (const view of VIEWS) {
        await openView(page, view.nav);
        await view.ready(page);
        // Let lazy chunks, fonts and the first refetch settle.
        await page.waitForTimeout(400);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${view.file}-${theme}${size.suffix}.png`) });
      }
      // Accounts last: adding a key makes that account the active one.
      const main = simulator.accounts.find((a) => a.name === 'Main (B2B)')!;
      await addAccount(page, { name: 'Main (B2B)', baseUrl: simulator.url, apiKey: main.apiKey, apiSecret: main.apiSecret });
      const report = page.getByRole('group', { name: /What the key for Main \(B2B\) can reach/ });
      await expect(report).toBeVisible();
      await report.scrollIntoViewIfNeeded();
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `accounts-${theme}${size.suffix}.png`) });
    });
  }
}
