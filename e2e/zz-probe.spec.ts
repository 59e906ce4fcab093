import { SCROLLBARS_SHOWN } from './chromium';
import { expect, test, openView } from './fixtures';
test.use({ launchOptions: SCROLLBARS_SHOWN });
test('probe', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(page.getByTestId('balance-row').first()).toBeVisible();
  await openView(page, 'Positions');
  await expect(page.getByTestId('risk-row').first()).toBeVisible();
  await page.locator('main table').first().evaluate((t) => { t.parentElement!.scrollLeft = 300; });
  await page.screenshot({ path: '/tmp/ux/positions.png' });
  await page.locator('main').evaluate((m) => { m.scrollTop = 100000; });
  await page.screenshot({ path: '/tmp/ux/positions-bottom.png', clip: { x: 190, y: 90, width: 420, height: 300 } });
});
