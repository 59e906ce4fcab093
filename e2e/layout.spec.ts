/**
 * Every view at the smallest window the app allows (1024 x 700, the Electron minimum) and at a
 * wide one (1440 x 900), in both themes: the page never scrolls sideways, neither does the view
 * area, and nothing sticks out past the view's right edge, except inside a wide table's own
 * scrolling wrapper (.table-wrap), which shows an edge shadow while there is more to see.
 *
 * With DESK_SCREENSHOT_DIR set it also saves a screenshot of every stop there; `npm test` leaves
 * committed files alone.
 */
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { TOUR } from './tour';

const SCREENSHOT_DIR = process.env.DESK_SCREENSHOT_DIR ? resolve(process.env.DESK_SCREENSHOT_DIR) : null;
const SIZES = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const;

/** What overflows sideways: the page, the view area, or an element sticking out of the view area. */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const scrolls = (el: Element | null, name: string) => {
      if (el && el.scrollWidth > el.clientWidth + 1) problems.push(`${name} scrolls sideways by ${el.scrollWidth - el.clientWidth} px`);
    };
    scrolls(document.scrollingElement, 'the page');
    scrolls(document.body, 'the body');
    const main = document.querySelector('main');
    scrolls(main, 'the view area');
    if (!main) return ['no <main>'];
    const edge = main.getBoundingClientRect().right;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    for (const el of main.querySelectorAll('*')) {
      // Inside a wrapper that scrolls or clips on purpose (a wide table, an ellipsis): that wrapper is checked instead.
      let clipped = false;
      for (let up = el.parentElement; up && up !== main; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') {
          clipped = true;
          break;
        }
      }
      if (clipped) continue;
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > edge + 1) problems.push(`${describe(el)} sticks out ${Math.round(box.right - edge)} px past the view`);
    }
    return problems.slice(0, 10);
  });
}

for (const size of SIZES) {
  for (const theme of ['light', 'dark'] as const) {
    test(`every view fits ${size.width}x${size.height} without sideways scrolling (${theme})`, async ({ page, appMode }) => {
      test.skip(appMode !== 'browser', 'the layout is checked in the browser project');
      test.setTimeout(180_000);
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await expect(page.getByTestId('balance-row').first()).toBeVisible();
      const found: string[] = [];
      for (const stop of TOUR) {
        await stop.open(page);
        const problems = await sidewaysOverflow(page);
        found.push(...problems.map((p) => `${stop.name}: ${p}`));
        if (SCREENSHOT_DIR) await page.screenshot({ path: join(SCREENSHOT_DIR, `${stop.name}-${theme}-${size.width}x${size.height}.png`) });
      }
      expect(found).toEqual([]);
    });
  }
}

test('the overflow check itself catches a view that is too wide and content that sticks out', async ({ page, appMode }) => {
  test.skip(appMode !== 'browser', 'the layout is checked in the browser project');
  await page.setViewportSize(SIZES[0]);
  await expect(page.getByTestId('balance-row').first()).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual([]);
  await page.evaluate(() => {
    const wide = document.createElement('div');
    wide.id = 'too-wide';
    wide.style.width = '1400px';
    wide.textContent = 'wide';
    document.querySelector('main .view')!.append(wide);
  });
  const problems = await sidewaysOverflow(page);
  expect(problems).toContainEqual(expect.stringMatching(/^the view area scrolls sideways by \d+ px$/));
  // The view's grid widens with it, so its own controls stick out too: those are named.
  expect(problems).toContainEqual(expect.stringMatching(/^button\.button "Export CSV" sticks out \d+ px past the view$/));
});
