/**
 * Three states a person can get into around an account's identity, each said truly in English and
 * Ukrainian: removing an account while one of its withdrawals may still be paying out (refused,
 * naming why), starting with the settings file lost while the database keeps that account's records
 * (told how to bring them back), and a second window opened without the session (told it ended,
 * never that the exchange refused the key). With DESK_SCREENSHOT_DIR set, each is photographed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { ENDPOINTS } from '../shared/api/endpoints';
import { expect, injectFault, newContextOnTestClock, openView, startBrowserApp, test } from './fixtures';
import { acceptNewDestination, confirmation, ETH_ADDRESS, fillWithdrawal, form, status, useSimulatorAccount } from './withdrawals-helpers';

const SCREENSHOT_DIR = process.env.DESK_SCREENSHOT_DIR ? resolve(process.env.DESK_SCREENSHOT_DIR) : null;
const photograph = async (page: Page, name: string) => {
  if (SCREENSHOT_DIR) await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
};
const ACCOUNT = 'Main (B2B)';
const ukNav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Головне меню' }).getByRole('link', { name, exact: true });

test('an open withdrawal keeps its account; lost settings and a window without its session say so, in both languages', async ({ page, simulator, browser }) => {
  test.setTimeout(150_000);
  const dir = mkdtempSync(join(tmpdir(), 'desk-identity-'));
  let app = await startBrowserApp(dir);
  try {
    await page.goto(app.url);

    // A withdrawal whose outcome stays open: the connection drops before the exchange commits it.
    await useSimulatorAccount(page, simulator);
    await fillWithdrawal(page, { ticker: 'ETH', address: ETH_ADDRESS, amount: '0.5' });
    await form(page).getByRole('button', { name: 'Review withdrawal' }).click();
    await injectFault(simulator, { kind: 'reset_before_commit', path: ENDPOINTS.withdrawPay.path, count: 1 });
    await acceptNewDestination(page);
    await confirmation(page).getByRole('button', { name: 'Send 0.5 ETH' }).click();
    await expect(status(page)).toHaveAttribute('data-state', 'not_found');

    // Removing its account is refused, and says why.
    await openView(page, 'Accounts');
    const card = page.getByRole('listitem', { name: ACCOUNT });
    await card.getByRole('button', { name: 'Remove' }).click();
    await card.getByRole('alertdialog', { name: `Remove ${ACCOUNT}?` }).getByRole('button', { name: 'Yes, remove' }).click();
    // It names the withdrawal, so the person can settle that one first.
    const refusal = page.getByText(/^The withdrawal of 0\.5 ETH to 0x[0-9a-fA-F]{40} \(id [\w-]+\) may still be paying out/);
    await expect(refusal).toBeVisible();
    await refusal.scrollIntoViewIfNeeded();
    await expect(card).toBeVisible();
    await photograph(page, 'identity-remove-refused');

    await openView(page, 'Settings');
    await page.getByLabel('Language', { exact: true }).selectOption('uk');
    await ukNav(page, 'Акаунти').click();
    const ukCard = page.getByRole('listitem', { name: ACCOUNT });
    await ukCard.getByRole('button', { name: 'Видалити' }).click();
    await ukCard.getByRole('alertdialog', { name: `Видалити ${ACCOUNT}?` }).getByRole('button', { name: 'Так, видалити' }).click();
    const ukRefusal = page.getByText(/^Виведення 0\.5 ETH на 0x[0-9a-fA-F]{40} \(id [\w-]+\) ще може виплачуватися/);
    await expect(ukRefusal).toBeVisible();
    await ukRefusal.scrollIntoViewIfNeeded();
    await photograph(page, 'identity-remove-refused-uk');

    // The settings file lost: the app starts without the account, and says its records are kept.
    await page.goto('about:blank');
    await app.stop();
    rmSync(join(dir, 'settings.json'));
    app = await startBrowserApp(dir);
    await page.goto(app.url);
    const forgotten = page.getByTestId('forgotten-accounts');
    await expect(forgotten).toContainText('keeps the withdrawal records of 1 account it no longer lists');
    await photograph(page, 'identity-settings-lost');
    await openView(page, 'Settings');
    await page.getByLabel('Language', { exact: true }).selectOption('uk');
    await expect(forgotten).toContainText('Файл налаштувань');
    await photograph(page, 'identity-settings-lost-uk');

    // A second window without the session cookie: the local server's own refusal, worded as such.
    const origin = new URL(app.url).origin;
    for (const [locale, words, name] of [
      ['en-US', 'This window’s session ended; open the app again', 'identity-session-ended'],
      ['uk-UA', 'Сеанс цього вікна завершився; відкрийте застосунок знову', 'identity-session-ended-uk'],
    ] as const) {
      const context = await newContextOnTestClock(browser, { locale, viewport: { width: 1024, height: 700 } });
      const stranger = await context.newPage();
      await stranger.goto(`${origin}/`);
      await expect(stranger.getByText(words).first()).toBeVisible();
      await expect(stranger.getByText(/refused this API key|відхилила цей API-ключ/)).toHaveCount(0);
      await photograph(stranger, name);
      await context.close();
    }
  } finally {
    await page.goto('about:blank').catch(() => {});
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
