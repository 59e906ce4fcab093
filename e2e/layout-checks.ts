/**
 * What the layout specs look for on a page: sideways overflow, text cut short in a table, and
 * axe-core's serious or critical findings. Shared by layout.spec.ts (every view, both sizes, both
 * themes) and i18n.spec.ts (in Ukrainian).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The axe rules whose outcome depends on colours alone: the only ones a second theme (same DOM,
 * other colours) can change.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * axe-core's serious and critical violations on the page (every rule, or only `rules`); minor and
 * moderate ones are printed, not failed, so they stay visible.
 */
export async function seriousViolations(page: Page, where: string, rules?: readonly string[]): Promise<string[]> {
  // Legacy mode runs axe in the page itself: the app has no frames, and the default mode opens a
  // new blank page (a new renderer process) for every check. Only violations are read, so axe
  // gathers no node details for the rules that pass.
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (rules) builder.withRules([...rules]);
  const result = await builder.analyze();
  const lines: string[] = [];
  for (const violation of result.violations) {
    // DESK_AXE_DETAIL=1 prints what axe measured (contrast ratios, colours) for each element.
    if (process.env.DESK_AXE_DETAIL) for (const n of violation.nodes) console.log(`axe detail ${where} ${violation.id} ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`);
    const text = `${where}: ${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
      .slice(0, 3)
      .map((n) => n.target.join(' '))
      .join(', ')}`;
    if (violation.impact === 'serious' || violation.impact === 'critical') lines.push(text);
    else console.log(`axe, not failing: ${text}`);
  }
  return lines;
}

/**
 * Everything the layout walks look for on a view but axe: a window that scrolls, sideways
 * overflow and cut-short table text.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return [...(await windowScrolls(page)), ...(await sidewaysOverflow(page)), ...(await cutShortInTables(page))];
}

/**
 * The window itself never scrolls, only the view inside it: the page is no taller than the window,
 * and the wheel turned over the side menu (which has nothing more to show) leaves the top bar at
 * the top of the window. A page taller than the window used to scroll away under that wheel,
 * taking the top bar, the menu and the data with it.
 */
export async function windowScrolls(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const tallerBy = await page.evaluate(() => {
    const root = document.scrollingElement!;
    return root.scrollHeight - root.clientHeight;
  });
  if (tallerBy > 1) problems.push(`the window is ${tallerBy} px taller than itself`);
  const menu = await page.locator('nav.side-nav').boundingBox();
  if (!menu) return [...problems, 'no side menu'];
  await page.mouse.move(menu.x + menu.width / 2, menu.y + menu.height / 2);
  await page.mouse.wheel(0, 5000);
  // The wheel scrolls asynchronously: two frames later it has been applied.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const after = await page.evaluate(() => ({ scrolled: document.scrollingElement!.scrollTop, barTop: document.querySelector('.top-bar')!.getBoundingClientRect().top }));
  if (after.scrolled !== 0 || after.barTop !== 0) problems.push(`the wheel over the side menu scrolled the window by ${after.scrolled} px (the top bar is at ${after.barTop} px)`);
  await page.evaluate(() => document.scrollingElement!.scrollTo(0, 0));
  return problems;
}

/**
 * A table column whose header is not in sight as the view opens: past the right edge of its
 * table's frame (to be reached only by scrolling sideways). `header` is the header's words, as
 * written (not as shown in capitals); every table with such a header is checked.
 */
export function columnsOutOfSight(page: Page, header: string): Promise<string[]> {
  return page.evaluate((words) => {
    const problems: string[] = [];
    const headers = [...document.querySelectorAll('main table th')].filter((th) => (th.textContent ?? '').trim().replace(/\s*[\u2191\u2193]$/, '') === words);
    if (headers.length === 0) return [`no column "${words}"`];
    for (const th of headers) {
      const frame = th.closest('.table-wrap, .table-scroll') ?? document.querySelector('main')!;
      const seen = frame.getBoundingClientRect();
      const box = th.getBoundingClientRect();
      if (box.right > seen.right + 1) problems.push(`the column "${words}" ends ${Math.round(box.right - seen.right)} px past the edge of its table`);
    }
    return problems;
  }, header);
}

/**
 * Tables (inside `scope`, by default the whole view) whose frame scrolls sideways: their last
 * column is reached only by scrolling. A table's frame is its nearest ancestor that scrolls.
 */
export function tablesScrollingSideways(page: Page, scope = 'main'): Promise<string[]> {
  return page.evaluate((selector) => {
    const problems: string[] = [];
    for (const table of document.querySelectorAll(`${selector} table`)) {
      let frame = table.parentElement;
      while (frame && !['auto', 'scroll'].includes(getComputedStyle(frame).overflowX)) frame = frame.parentElement;
      if (!frame) continue;
      const name = table.getAttribute('aria-label') ?? table.querySelector('th')?.textContent?.trim() ?? 'a table';
      if (frame.scrollWidth > frame.clientWidth) problems.push(`"${name}" scrolls sideways by ${frame.scrollWidth - frame.clientWidth} px (${frame.clientWidth} px wide)`);
    }
    return problems;
  }, scope);
}

/**
 * What overflows sideways: the page, the view area, an element sticking out of the view area, or
 * anything outside a data table showing a sideways scrollbar.
 */
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
    // A sideways scrollbar anywhere on the page (the side menu, a card, a form) but a data table's
    // own frame. An element that scrolls one way scrolls the other too (CSS turns its visible
    // overflow into auto), so a menu that only meant to scroll down showed a sideways bar.
    for (const el of document.querySelectorAll('body *')) {
      const overflowX = getComputedStyle(el).overflowX;
      if (overflowX !== 'auto' && overflowX !== 'scroll') continue;
      if (el.querySelector('table') || el.closest('.visually-hidden')) continue;
      if (el.scrollWidth > el.clientWidth + 1) problems.push(`${describe(el)} shows a sideways scrollbar (${el.scrollWidth - el.clientWidth} px more)`);
    }
    return problems.slice(0, 10);
  });
}

/**
 * Text in a table that is cut short: a header or cell whose content is wider than it (clipped or
 * spilling into the next column), or an element inside one that clips its text. Only what is
 * marked .clip may be shortened (ids, hashes, names: DataTable.css); an amount, a date, a status
 * or a header never is.
 */
export function cutShortInTables(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const el of document.querySelectorAll('main table th, main table td, main table th *, main table td *')) {
      if (el.closest('.clip, .visually-hidden')) continue;
      const cell = el.tagName === 'TH' || el.tagName === 'TD';
      if (!cell && getComputedStyle(el).overflowX === 'visible') continue;
      if (el.scrollWidth > el.clientWidth + 1) problems.push(`"${(el.textContent ?? '').trim().slice(0, 40)}" is cut short (${el.scrollWidth} px in ${el.clientWidth} px)`);
    }
    return [...new Set(problems)].slice(0, 10);
  });
}
