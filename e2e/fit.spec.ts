/**
 * The smallest window (1024 x 700) as a person sees it, scrollbars shown (Playwright hides them
 * by default): Balances' table starts high on the page and is the one thing that scrolls, the
 * side menu never scrolls sideways, the total says its 24 h move (or that it is not known), status
 * badges stay on one line, and each view shows one freshness clock, as fresh as its figures.
 */
import type { Page } from '@playwright/test';
import { SCROLLBARS_SHOWN } from './chromium';
import { expect, openView, test } from './fixtures';
import { TOUR } from './tour';

test.use({ launchOptions: SCROLLBARS_SHOWN });

const SMALLEST = { width: 1024, height: 700 };
/** Where Balances' table may start at the smallest window: below the bar, the title, the total and the toolbar (it was ~515 px). */
const TABLE_TOP_AT_MOST = 440;

const scrollsSideways = (page: Page, selector: string) => page.locator(selector).evaluate((el) => el.scrollWidth - el.clientWidth);

test('Balances at 1024 x 700: the table starts high and is the one scroll area; the side menu never scrolls sideways', async ({ page, appMode }) => {
  test.skip(appMode !== 'browser', 'the layout is checked in the browser project');
  await page.setViewportSize(SMALLEST);
  await expect(page.getByTestId('balance-row').nth(4)).toBeVisible();
  const frame = page.getByTestId('balances-scroll');
  const box = (await frame.boundingBox())!;
  expect(box.y).toBeLessThanOrEqual(TABLE_TOP_AT_MOST);
  // The table reaches down to the window's bottom edge (less the view's margin), showing several rows.
  expect(box.y + box.height).toBeGreaterThan(SMALLEST.height - 40);
  expect(box.height).toBeGreaterThan(4 * 52);
  // The view area does not scroll; the table's frame does.
  const main = await page.locator('main').evaluate((el) => ({ scrolls: el.scrollHeight - el.clientHeight }));
  expect(main.scrolls).toBeLessThanOrEqual(1);
  const rows = await frame.evaluate((el) => ({ more: el.scrollHeight - el.clientHeight }));
  expect(rows.more).toBeGreaterThan(0);
  await frame.hover();
  await page.mouse.wheel(0, 600);
  await expect.poll(() => frame.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  expect(await page.locator('main').evaluate((el) => el.scrollTop)).toBe(0);

  // The side menu, on every view.
  for (const stop of TOUR) {
    if (stop.name === 'withdraw-confirm') continue;
    await stop.open(page);
    expect(await scrollsSideways(page, 'nav.side-nav'), `side menu on ${stop.name}`).toBeLessThanOrEqual(0);
  }

  // Transactions: the title row holds the export button and the five filter fields fit one row (the table started at ~555 px).
  await openView(page, 'Transactions');
  const transactions = page.locator('main table').first();
  await expect(transactions).toBeVisible();
  expect((await transactions.boundingBox())!.y).toBeLessThanOrEqual(TABLE_TOP_AT_MOST);
});

test('the total says its 24 h price move, in the tone of its sign, on one line', async ({ page, appMode }) => {
  test.skip(appMode !== 'browser', 'the browser project covers the renderer');
  await page.setViewportSize(SMALLEST);
  const change = page.getByTestId('total-change');
  await expect(change).toHaveText(/^24 h price move [+-]?[\d,]+\.\d{2} USDT \([+-]?<?[\d.]+%\)$/);
  // On one line at the smallest window.
  expect(await change.evaluate((el) => el.getClientRects().length === 1 && el.getBoundingClientRect().height < 26)).toBe(true);
  // Its tooltip keeps the exact figure and says what it counts.
  await expect(change).toHaveAttribute('title', /Deposits and withdrawals are not in it\. \(-?\d+(\.\d+)? USDT\)$/);
  const sign = (await change.locator('.num').textContent())!.trim()[0];
  if (sign === '+') await expect(change.locator('.num')).toHaveClass(/change--up/);
  if (sign === '-') await expect(change.locator('.num')).toHaveClass(/change--down/);
});

test('badges and status pills stay on one line on every view at 1024 x 700', async ({ page, appMode }) => {
  test.skip(appMode !== 'browser', 'the layout is checked in the browser project');
  test.setTimeout(150_000);
  await page.setViewportSize(SMALLEST);
  await expect(page.getByTestId('balance-row').first()).toBeVisible();
  const wrapped: string[] = [];
  let seen = 0;
  // The tour's Withdraw stop sends one withdrawal first, so the recent list holds a status badge.
  for (const stop of [...TOUR, ...TOUR.filter((s) => s.name === 'withdraw')]) {
    await stop.open(page);
    const badges = await page.locator('main .badge:visible').evaluateAll((nodes) =>
      nodes.map((node) => ({ text: (node.textContent ?? '').trim(), lines: node.getClientRects().length, height: node.getBoundingClientRect().height, cut: node.scrollWidth > node.clientWidth + 1, inMismatch: node.closest('.withdraw-recent__mismatch') !== null })),
    );
    seen += badges.length;
    for (const b of badges) if (!b.inMismatch && (b.lines !== 1 || b.height > 24 || b.cut)) wrapped.push(`${stop.name}: "${b.text}" (${Math.round(b.height)} px tall${b.cut ? ', cut' : ''})`);
  }
  expect(seen).toBeGreaterThan(0);
  expect(wrapped).toEqual([]);
});

test('one freshness clock per view, as fresh as the figures moving on it', async ({ page, appMode }) => {
  test.skip(appMode !== 'browser', 'the browser project covers the renderer');
  await page.setViewportSize(SMALLEST);
  await expect(page.getByTestId('balance-row').first()).toBeVisible();
  for (const stop of TOUR) {
    if (stop.name === 'withdraw-confirm') continue;
    await stop.open(page);
    // Views with figures have one; a view of settings and keys has none.
    expect(await page.locator('.updated-ago').count(), `clocks on ${stop.name}`).toBe(['accounts', 'settings'].includes(stop.name) ? 0 : 1);
  }
  // Balances' figures refresh every few seconds and on each pushed price: over half a minute its
  // one clock never reads older than the automatic refresh (nothing slower or event-fed dates it).
  await TOUR[0]!.open(page);
  const readings: string[] = [];
  for (let i = 0; i < 12; i++) {
    readings.push((await page.locator('.updated-ago').textContent()) ?? '');
    await page.waitForTimeout(2_500);
  }
  for (const reading of readings) expect(reading).toMatch(/^Updated (0|10|20) sec\. ago$/);
});
