/**
 * One outage, one story: with every exchange call answering 503, a view with two parts (Flex: plans
 * and investments) shows one banner with one Retry, the top bar says since when the exchange is busy
 * and counts the failed attempts upwards only, and the age of the figures keeps counting. When the
 * exchange is back, the open view and a view not open during the outage both show fresh figures.
 * With DESK_SCREENSHOT_DIR set, the outage and the recovery are photographed.
 */
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { addAccount, expect, injectFault, openView, test } from './fixtures';

const SCREENSHOT_DIR = process.env.DESK_SCREENSHOT_DIR ? resolve(process.env.DESK_SCREENSHOT_DIR) : null;
const photograph = async (page: Page, name: string) => {
  if (SCREENSHOT_DIR) await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
};

/** The count of failed attempts in the indicator's tooltip ("… (7 failed attempts so far): …"). */
async function failedAttempts(page: Page): Promise<number> {
  const title = (await page.getByRole('status', { name: /^Connection: / }).getAttribute('title')) ?? '';
  const count = /\((\d+) failed attempts? so far\)/.exec(title);
  return count ? Number(count[1]) : 0;
}

/** The seconds of "Updated 20 sec. ago · could not refresh" (minutes as 60 s steps). */
async function ageSeconds(page: Page): Promise<number> {
  const text = (await page.locator('.top-bar .updated-ago').textContent()) ?? '';
  const match = /^Updated (\d+) (sec|min)\. ago/.exec(text);
  if (!match) return -1;
  return Number(match[1]) * (match[2] === 'min' ? 60 : 1);
}

test('an outage tells one story: one banner, a rising count, a true age; every view is fresh after it', async ({ page, simulator }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const account = simulator.accounts.find((a) => a.name === 'Main (B2B)')!;
  await addAccount(page, { name: 'Main', baseUrl: simulator.url, apiKey: account.apiKey, apiSecret: account.apiSecret });
  const card = page.getByRole('listitem', { name: 'Main' });
  await expect(card).toContainText('Stored in keychain');
  // The REST story alone: no live feed beside it.
  const alerts = card.getByRole('checkbox', { name: 'Notify me about margin calls and liquidations' });
  if (await alerts.isChecked()) await alerts.uncheck();
  await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: 'Main' });

  // Positions read once before the outage, then left closed through it.
  await openView(page, 'Positions');
  await expect(page.getByRole('status', { name: 'Connection: Online' })).toBeVisible();
  await openView(page, 'Flex plans');
  await expect(page.getByRole('heading', { name: 'Current investments' })).toBeVisible();
  await expect(page.locator('.top-bar .updated-ago')).toHaveText(/^Updated \d+ sec\. ago$/);

  await injectFault(simulator, { kind: 'server_error', count: 0 });
  const outageBegan = Date.now();
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  const indicator = page.getByRole('status', { name: /^Connection: / });
  await expect(indicator).toHaveAccessibleName(/^Connection: Exchange busy since \d{1,2}:\d\d\s[AP]M$/, { timeout: 60_000 });

  // One banner for the view's two parts, and no second panel beside it.
  const banner = page.getByTestId('view-failures');
  await expect(banner).toBeVisible({ timeout: 60_000 });
  await expect(banner).toHaveText(/^As of \d{1,2}:\d\d\s[AP]M: the exchange is not answering\.Retry$/);
  await expect(page.getByTestId('view-failures')).toHaveCount(1);
  await expect(page.locator('section.view .error-panel')).toHaveCount(1);
  await expect(page.locator('section.view [role="alert"]')).toHaveCount(0);

  // The count only rises, whichever calls fail and however each retries; the words keep "since".
  const counts: number[] = [await failedAttempts(page)];
  for (let i = 0; i < 4; i++) {
    await expect.poll(() => failedAttempts(page), { timeout: 20_000 }).toBeGreaterThan(counts.at(-1)!);
    counts.push(await failedAttempts(page));
    await expect(indicator).toHaveAccessibleName(/^Connection: Exchange busy since \d{1,2}:\d\d\s[AP]M$/);
  }
  expect(counts).toEqual([...counts].sort((a, b) => a - b));

  // The age keeps counting through the outage, from the last good figures.
  await expect(page.locator('.top-bar .updated-ago')).toHaveText(/^Updated \d+ (sec|min)\. ago · could not refresh$/);
  const firstAge = await ageSeconds(page);
  await expect.poll(() => ageSeconds(page), { timeout: 25_000 }).toBeGreaterThan(firstAge);
  // It never claims less than the outage has lasted (10-second steps).
  expect(await ageSeconds(page)).toBeGreaterThanOrEqual(Math.floor((Date.now() - outageBegan) / 10_000) * 10 - 10);

  await photograph(page, 'outage-one-banner-1440x900');
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(banner).toBeInViewport();
  await photograph(page, 'outage-one-banner-1024x700');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The exchange back: the open view refreshes by itself, the banner goes, the age is fresh.
  await fetch(`${simulator.url}/__admin/faults`, { method: 'DELETE', headers: { 'X-Admin-Token': simulator.adminToken } });
  await expect(indicator).toHaveAccessibleName('Connection: Online', { timeout: 30_000 });
  await expect(banner).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('.top-bar .updated-ago')).toHaveText(/^Updated \d+ sec\. ago$/);
  expect(await ageSeconds(page)).toBeLessThan(20);

  // Positions, not open during the outage, reads the exchange again when opened.
  const positionsRead = page.waitForRequest((r) => r.method() === 'POST' && (r.postData() ?? '').includes('"channel":"exchange.positions"'));
  await openView(page, 'Positions');
  await positionsRead;
  await expect(page.getByTestId('view-failures')).toHaveCount(0);
  await expect(page.locator('.top-bar .updated-ago')).toHaveText(/^Updated \d+ sec\. ago$/);
  expect(await ageSeconds(page)).toBeLessThan(20);
  await photograph(page, 'outage-recovered-positions-1440x900');
});
