/**
 * The smallest window (1024 x 700) as a person sees it, scrollbars shown (Playwright hides them
 * by default): Balances' table starts high on the page and is the one thing that scrolls, the
 * side menu never scrolls sideways, the total says its 24 h move, status badges stay on one line,
 * and each view shows one freshness clock.
 */
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { expect, openView, test } from './fixtures';

test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, ignoreDefaultArgs: ['--hide-scrollbars'] } });

const SMALLEST = { width: 1024, height: 700 };

test('probe', async ({ page, appMode }) => {
  test.skip(appMode !== 'browser', 'browser');
  await page.setViewportSize(SMALLEST);
  await expect(page.getByTestId('balance-row').first()).toBeVisible();
  await page.waitForTimeout(500);
  const m = await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const nav = document.querySelector('nav.side-nav')!;
    const sc = document.querySelector('[data-testid="balances-scroll"]')!;
    const wide = [...nav.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > nav.getBoundingClientRect().right - 1).map((e) => `${e.tagName}.${e.className} ${e.getBoundingClientRect().right}`);
    return { tableTop: sc.getBoundingClientRect().top, tableH: sc.clientHeight, mainScroll: [main.scrollHeight, main.clientHeight], nav: [nav.scrollWidth, nav.clientWidth, nav.scrollHeight, nav.clientHeight, nav.getBoundingClientRect().right], wide };
  });
  console.log(JSON.stringify(m));
  await page.screenshot({ path: '/tmp/w43/balances.png' });
  await openView(page, 'Withdraw');
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/w43/withdraw.png' });
});
