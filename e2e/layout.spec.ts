/**
 * Every view at the smallest window the app allows (1024 x 700, the Electron minimum) in both
 * themes and at a wide one (1440 x 900) in the light theme, with scrollbars shown as a real window
 * shows them (Playwright hides them by default): the page never scrolls sideways, nothing outside
 * a data table shows a sideways scrollbar (the side menu included), neither does the view
 * area, and nothing sticks out past the view's right edge, except inside a wide table's own
 * scrolling wrapper (.table-wrap), which shows an edge shadow while there is more to see; and no
 * table cuts an amount, a date, a status or a header short. On the 1024 x 700 walks, axe-core also
 * finds no serious or critical problem on any view nor on the shortcuts dialog: every rule in the
 * light theme, the colour rules in the dark one. i18n.spec.ts holds the Ukrainian pages to the
 * same layout checks at both sizes.
 *
 * With DESK_SCREENSHOT_DIR set it also saves a screenshot of every stop there; `npm test` leaves
 * committed files alone.
 */
import { join, resolve } from 'node:path';
import { SCROLLBARS_SHOWN } from './chromium';
import { expect, openView, test } from './fixtures';
import type { Page } from '@playwright/test';
import { COLOUR_RULES, columnsOutOfSight, cutShortInTables, layoutProblems, seriousViolations, sidewaysOverflow, tablesScrollingSideways, windowScrolls } from './layout-checks';
import { TOUR } from './tour';

test.use({ launchOptions: SCROLLBARS_SHOWN });

const SCREENSHOT_DIR = process.env.DESK_SCREENSHOT_DIR ? resolve(process.env.DESK_SCREENSHOT_DIR) : null;
const SIZES = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const;

/** Columns that must be in sight as a view opens, at every size: a position's state and distance, a closed one's result. */
const IN_SIGHT: Partial<Record<string, readonly string[]>> = {
  positions: ['Market', 'State', 'Distance', 'Realized P&L'],
};

// The light walk takes both sizes: the smallest with axe, then the wide one. The DOM is the same in
// both themes, so the dark walk takes the smallest size only and asks axe only about colours.
for (const theme of ['light', 'dark'] as const) {
  const rules = theme === 'light' ? undefined : COLOUR_RULES;
  const sizes = theme === 'light' ? SIZES : SIZES.slice(0, 1);
  const axeWhat = rules ? 'no serious or critical colour problem' : 'no serious or critical problem';
  test(`every view fits ${sizes.map((s) => `${s.width}x${s.height}`).join(' and ')} without sideways scrolling, and axe finds ${axeWhat} (${theme})`, async ({ page, appMode }) => {
    test.skip(appMode !== 'browser', 'the layout is checked in the browser project');
    test.setTimeout(360_000);
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await expect(page.getByTestId('balance-row').first()).toBeVisible();
    const found: string[] = [];
    for (const size of sizes) {
      const axe = size.width === SIZES[0].width;
      await page.setViewportSize(size);
      for (const stop of TOUR) {
        await stop.open(page);
        const problems = await layoutProblems(page);
        found.push(...problems.map((p) => `${size.width}x${size.height} ${stop.name}: ${p}`));
        // What a person watching risk looks for first is in sight without scrolling sideways.
        for (const header of IN_SIGHT[stop.name] ?? []) found.push(...(await columnsOutOfSight(page, header)).map((p) => `${size.width}x${size.height} ${stop.name}: ${p}`));
        if (axe) found.push(...(await seriousViolations(page, stop.name, rules)));
        if (SCREENSHOT_DIR) await page.screenshot({ path: join(SCREENSHOT_DIR, `${stop.name}-${theme}-${size.width}x${size.height}.png`) });
      }
      if (axe) {
        await page.keyboard.press('F1');
        const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
        await expect(shortcuts).toBeVisible();
        found.push(...(await seriousViolations(page, 'shortcuts dialog', rules)));
        await page.keyboard.press('Escape');
        await expect(shortcuts).toHaveCount(0);
      }
    }
    expect(found).toEqual([]);
  });
}

/** The views' and controls' names in the two languages the wide walk takes. */
const WORDS = {
  en: { menu: 'Main', balances: 'Balances', positions: 'Positions', history: 'History', subAccounts: 'Include sub-accounts' },
  uk: { menu: 'Головне меню', balances: 'Баланси', positions: 'Позиції', history: 'Історія', subAccounts: 'Із субакаунтами' },
} as const;

async function go(page: Page, words: (typeof WORDS)[keyof typeof WORDS], view: 'balances' | 'positions' | 'history'): Promise<void> {
  const link = page.getByRole('navigation', { name: words.menu }).getByRole('link', { name: words[view], exact: true });
  await link.click();
  await expect(link).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

test('at 1440 x 900, in English and Ukrainian, Balances with sub-accounts, balances as of a date and closed positions reach their last column without scrolling sideways', async ({ page, appMode }) => {
  test.skip(appMode !== 'browser', 'the layout is checked in the browser project');
  test.setTimeout(180_000);
  await page.setViewportSize(SIZES[1]);
  await expect(page.getByTestId('balance-row').first()).toBeVisible();
  const found: string[] = [];
  for (const language of ['en', 'uk'] as const) {
    const words = WORDS[language];
    if (language === 'uk') {
      await openView(page, 'Settings');
      await page.getByLabel('Language', { exact: true }).selectOption('uk');
      await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
    }
    await go(page, words, 'balances');
    const include = page.getByRole('checkbox', { name: words.subAccounts });
    if (!(await include.isChecked())) await include.check();
    await expect(page.getByTestId('balance-row').first()).toBeVisible();
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    found.push(...(await tablesScrollingSideways(page)).map((p) => `${language} balances: ${p}`));
    if (SCREENSHOT_DIR) await page.screenshot({ path: join(SCREENSHOT_DIR, `balances-subaccounts-${language}-1440x900.png`) });
    await go(page, words, 'history');
    await expect(page.locator('.history-asof table tbody tr').first()).toBeVisible();
    found.push(...(await tablesScrollingSideways(page, '.history-asof')).map((p) => `${language} history: ${p}`));
    await go(page, words, 'positions');
    await expect(page.getByTestId('closed-position').first()).toBeVisible();
    found.push(...(await tablesScrollingSideways(page, '.closed-positions')).map((p) => `${language} closed positions: ${p}`));
  }
  expect(found).toEqual([]);
});

test('at 1024 x 700, Balances scrolled sideways to its last column keeps the asset in sight', async ({ page, appMode }) => {
  test.skip(appMode !== 'browser', 'the layout is checked in the browser project');
  await page.setViewportSize(SIZES[0]);
  await page.getByRole('checkbox', { name: 'Include sub-accounts' }).check();
  const scroller = page.getByTestId('balances-scroll');
  const asset = page.getByTestId('balance-row').first().locator('td').first();
  await expect(asset).toBeVisible();
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  const [frame, cell] = await Promise.all([scroller.boundingBox(), asset.boundingBox()]);
  expect(Math.abs(cell!.x - frame!.x)).toBeLessThanOrEqual(2);
  await expect(asset).toBeInViewport();
});

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
  // What sticks out is named.
  expect(problems).toContainEqual(expect.stringMatching(/^div#too-wide "wide" sticks out \d+ px past the view$/));
});

test('the overflow check itself catches a sideways scrollbar outside the view, such as in the side menu', async ({ page, appMode }) => {
  test.skip(appMode !== 'browser', 'the layout is checked in the browser project');
  await page.setViewportSize(SIZES[0]);
  await expect(page.getByTestId('balance-row').first()).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual([]);
  await page.evaluate(() => {
    const wide = document.createElement('span');
    wide.textContent = 'A menu entry far too wide for the menu';
    wide.style.whiteSpace = 'nowrap';
    document.querySelector('nav.side-nav ul')!.append(wide);
  });
  expect(await sidewaysOverflow(page)).toContainEqual(expect.stringMatching(/^nav\.side-nav ".*" shows a sideways scrollbar \(\d+ px more\)$/));
});

test('the window check itself catches a page taller than the window, and the wheel over the side menu moving it', async ({ page, appMode }) => {
  test.skip(appMode !== 'browser', 'the layout is checked in the browser project');
  await page.setViewportSize(SIZES[0]);
  await expect(page.getByTestId('balance-row').first()).toBeVisible();
  expect(await windowScrolls(page)).toEqual([]);
  // Something placed against the window rather than inside the view area, far below it.
  await page.evaluate(() => {
    const low = document.createElement('div');
    low.style.cssText = 'position: absolute; top: 3000px; height: 10px; width: 10px';
    document.body.append(low);
    document.documentElement.style.overflow = 'visible';
  });
  const problems = await windowScrolls(page);
  expect(problems).toContainEqual(expect.stringMatching(/^the window is \d+ px taller than itself$/));
  expect(problems).toContainEqual(expect.stringMatching(/^the wheel over the side menu scrolled the window by \d+ px/));
});

test('the in-sight check itself catches a column past the edge of its table', async ({ page, appMode }) => {
  test.skip(appMode !== 'browser', 'the layout is checked in the browser project');
  await page.setViewportSize(SIZES[0]);
  await openView(page, 'Positions');
  await expect(page.getByTestId('risk-row').first()).toBeVisible();
  expect(await columnsOutOfSight(page, 'State')).toEqual([]);
  await page.evaluate(() => {
    const state = [...document.querySelectorAll<HTMLElement>('main table th')].find((th) => th.textContent?.startsWith('State'))!;
    state.style.paddingLeft = '2000px';
  });
  expect(await columnsOutOfSight(page, 'State')).toEqual([expect.stringMatching(/^the column "State" ends \d+ px past the edge of its table$/)]);
});

test('the cut-short check itself catches an amount squeezed into a narrow column, and lets a .clip id be shortened', async ({ page, appMode }) => {
  test.skip(appMode !== 'browser', 'the layout is checked in the browser project');
  await page.setViewportSize(SIZES[0]);
  await expect(page.getByTestId('balance-row').first()).toBeVisible();
  expect(await cutShortInTables(page)).toEqual([]);
  await page.evaluate(() => {
    const total = document.querySelector<HTMLElement>('[data-testid="balance-total"]')!;
    total.textContent = '123,456,789,012,345,678.1234567890';
    const name = document.querySelector<HTMLElement>('[data-testid="balance-row"] .cell-sub')!;
    name.textContent = 'A name far too long for its column, shortened on purpose';
  });
  const problems = await cutShortInTables(page);
  expect(problems).toContainEqual(expect.stringMatching(/^"123,456,789,012,345,678\.1234567890" is cut short \(\d+ px in \d+ px\)$/));
  expect(problems.filter((p) => p.includes('A name far too long'))).toEqual([]);
});

test('the axe check itself catches faint text and a button without a name', async ({ page, appMode }) => {
  test.skip(appMode !== 'browser', 'the layout is checked in the browser project');
  await expect(page.getByTestId('balance-row').first()).toBeVisible();
  await page.evaluate(() => {
    const faint = document.createElement('p');
    faint.textContent = 'Faint words on white';
    faint.style.cssText = 'color: #c8c8c8; background: #ffffff';
    const nameless = document.createElement('button');
    document.querySelector('main .view')!.append(faint, nameless);
  });
  const found = await seriousViolations(page, 'probe');
  expect(found).toContainEqual(expect.stringMatching(/^probe: color-contrast \(serious\)/));
  expect(found).toContainEqual(expect.stringMatching(/^probe: button-name \(critical\)/));
  expect(await seriousViolations(page, 'probe', COLOUR_RULES)).toEqual([expect.stringMatching(/^probe: color-contrast \(serious\)/)]);
});
