/**
 * Addresses, history and the keyboard, in the real page: every view has a URL hash, back and
 * forward move between views, a reload stays put, a restart of the app opens the last view, and
 * the shortcuts (views, refresh, search, help) work without reloading the page.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, nav, openView, startBrowserApp, test } from './fixtures';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test('views have addresses: back and forward move between them, a reload stays on the view and its filter', async ({ page, appMode }) => {
  test.skip(appMode !== 'browser', 'the URL bar exists in browser mode');
  await expect(page.getByTestId('balance-row').first()).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#/balances');
  await openView(page, 'Codes');
  await page.getByRole('tab', { name: /history/i }).click();
  await expect(page).toHaveURL(/#\/codes\?list=history$/);
  await openView(page, 'Positions');
  await expect(page).toHaveURL(/#\/positions$/);

  await page.goBack();
  await expect(heading(page, 'Codes')).toBeVisible();
  await expect(page.getByRole('tab', { name: /history/i })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(heading(page, 'Balances')).toBeVisible();
  await page.goForward();
  await expect(heading(page, 'Codes')).toBeVisible();

  await page.reload();
  await expect(heading(page, 'Codes')).toBeVisible();
  await expect(page.getByRole('tab', { name: /history/i })).toHaveAttribute('aria-selected', 'true');
  await expect(nav(page, 'Codes')).toHaveAttribute('aria-current', 'page');
});

test('a restarted app opens the view that was open when it was closed', async ({ page, appMode }) => {
  test.skip(appMode !== 'browser', 'restarts the browser-mode server');
  const userDataDir = mkdtempSync(join(tmpdir(), 'desk-e2e-restart-'));
  try {
    const first = await startBrowserApp(userDataDir);
    await page.goto(first.url);
    await expect(page.getByTestId('balance-row').first()).toBeVisible();
    await openView(page, 'Transactions');
    // Saved through settings.update: wait until it is on disk before stopping (the file itself
    // appears only with the first save, so a read before it counts as "not yet").
    const saved = () => (existsSync(join(userDataDir, 'settings.json')) ? readFileSync(join(userDataDir, 'settings.json'), 'utf8') : '');
    await expect.poll(saved).toContain('"lastView": "transactions"');
    await first.stop();

    const second = await startBrowserApp(userDataDir);
    try {
      await page.goto(second.url);
      await expect(heading(page, 'Transactions')).toBeVisible();
      await expect(page).toHaveURL(/#\/transactions$/);
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(userDataDir, { recursive: true, force: true });
  }
});

test('keyboard: Ctrl+digit opens views, Ctrl+R refreshes without reloading, / focuses search, F1 lists shortcuts and Escape returns focus', async ({ page, appMode }) => {
  test.skip(appMode !== 'browser', 'checked in the browser project');
  await expect(page.getByTestId('balance-row').first()).toBeVisible();
  await page.keyboard.press('Control+2');
  await expect(heading(page, 'Codes')).toBeVisible();
  await page.keyboard.press('Control+6');
  await expect(heading(page, 'Transactions')).toBeVisible();
  await page.keyboard.press('Control+0');
  await expect(heading(page, 'Alerts')).toBeVisible();
  await page.keyboard.press('Control+d');
  await expect(heading(page, 'Receive')).toBeVisible();
  await page.keyboard.press('Control+,');
  await expect(heading(page, 'Settings')).toBeVisible();
  await page.keyboard.press('Control+1');
  await expect(heading(page, 'Balances')).toBeVisible();

  // A reload would lose this marker; a refresh of the data keeps it and asks the app again.
  await page.evaluate(() => ((window as unknown as { deskMarker: number }).deskMarker = 1));
  const refreshed = page.waitForRequest((r) => r.url().endsWith('/api/invoke') && (r.postData() ?? '').includes('balances.overview'));
  await page.keyboard.press('Control+r');
  await refreshed;
  await page.keyboard.press('F5');
  expect(await page.evaluate(() => (window as unknown as { deskMarker?: number }).deskMarker)).toBe(1);

  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search assets' })).toBeFocused();
  await page.keyboard.type('?');
  await expect(page.getByRole('searchbox', { name: 'Search assets' })).toHaveValue('?');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search assets' }).fill('');

  const opener = page.getByRole('button', { name: 'Keyboard shortcuts' });
  await opener.focus();
  await page.keyboard.press('F1');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect(dialog.getByRole('row', { name: /Open Sub-accounts/ })).toContainText('Ctrl+9');
  await expect(dialog.getByRole('row', { name: /Open Receive/ })).toContainText('Ctrl+D');
  await expect(dialog.getByRole('row', { name: /Open Alerts/ })).toContainText('Ctrl+0');
  await expect(dialog.getByRole('row', { name: /Open Settings/ })).toContainText('Ctrl+,');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test.describe(() => {
  // Its init script stays with the window: the next test gets a new one.
  test.use({ freshWindow: true });

  test('no view breaks the page’s Content Security Policy, not even with a caught probe', async ({ page }) => {
    // A refused eval is caught by whoever tried it, but the browser still reports it (the console in
    // Electron's developer tools, a `securitypolicyviolation` event): zod probed `new Function` when
    // a view's schemas loaded, until the page set it jitless (renderer/zod.ts).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective}: ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
    });
    await page.reload();
    await expect(page.getByTestId('balance-row').first()).toBeVisible();
    for (const view of ['Codes', 'Positions', 'Flex plans', 'Withdraw', 'Transactions', 'History', 'Accounts', 'Settings', 'Balances']) {
      await openView(page, view);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    // The withdrawal form validates what is typed with the shared schemas.
    await openView(page, 'Withdraw');
    await page.getByRole('textbox').first().fill('1');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
});
