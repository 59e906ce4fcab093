import { SCROLLBARS_SHOWN } from './chromium';
import { expect, test, openView } from './fixtures';
test.use({ launchOptions: SCROLLBARS_SHOWN });
test('probe', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByTestId('balance-row').first()).toBeVisible();
  await openView(page, 'Settings');
  await page.getByLabel('Language', { exact: true }).selectOption('uk');
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  await page.evaluate(() => { location.hash = '#/alerts'; });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/ux/alerts-uk.png' });
  await page.evaluate(() => { location.hash = '#/accounts'; });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/ux/accounts-uk.png', fullPage: false });
});
