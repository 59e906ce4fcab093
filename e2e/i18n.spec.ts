/**
 * Language: the page follows the OS language, can be switched to Ukrainian from the
 * settings, and then every view speaks Ukrainian — the navigation, the view titles, the table
 * headers, the buttons, the status badges and the choices in the lists hold no English left over.
 * The longer Ukrainian words are also held to the layout spec's rules on every view, at the
 * smallest window (1024 x 700) and a wide one (1440 x 900), scrollbars shown as a real window
 * shows them: nothing scrolls or sticks out sideways, nothing in a table is cut short.
 * With DESK_SCREENSHOT_DIR set, each view is photographed in Ukrainian (`<view>-uk.png`), at
 * DESK_SCREENSHOT_SIZE (default 1024x700).
 */
import { join, resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { SCROLLBARS_SHOWN } from './chromium';
import { expect, newContextOnTestClock, test } from './fixtures';
import { layoutProblems } from './layout-checks';

test.use({ launchOptions: SCROLLBARS_SHOWN });

const SCREENSHOT_DIR = process.env.DESK_SCREENSHOT_DIR ? resolve(process.env.DESK_SCREENSHOT_DIR) : null;
const [WIDTH, HEIGHT] = (process.env.DESK_SCREENSHOT_SIZE ?? '1024x700').split('x').map(Number) as [number, number];
const WIDE = { width: 1440, height: 900 };

/** Each view with what shows it has its data (so the whole of its wording is on the page). */
const VIEWS: ReadonlyArray<{ file: string; nav: string; title: string; ready: string }> = [
  { file: 'balances', nav: 'Баланси', title: 'Баланси', ready: '[data-testid="balance-row"]' },
  { file: 'codes', nav: 'Коди', title: 'Коди', ready: '[data-testid="code-row"]' },
  { file: 'positions', nav: 'Позиції', title: 'Позиції', ready: '.table--risk [data-testid="risk-distance"]' },
  { file: 'flex', nav: 'Гнучкі плани', title: 'Гнучкі плани', ready: '[data-testid="plan-row"]' },
  { file: 'withdraw', nav: 'Виведення', title: 'Виведення', ready: 'main form' },
  { file: 'transactions', nav: 'Транзакції', title: 'Транзакції', ready: '[data-testid="transaction-row"]' },
  { file: 'history', nav: 'Історія', title: 'Історія', ready: '[data-testid="history-latest"]' },
  { file: 'accounts', nav: 'Акаунти', title: 'Акаунти', ready: 'main form' },
  { file: 'alerts', nav: 'Сповіщення', title: 'Сповіщення', ready: 'main form' },
  // Last: the page is left here, so the reload below lands on the language setting.
  { file: 'settings', nav: 'Налаштування', title: 'Налаштування', ready: 'main form' },
];

const ukNav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Головне меню' }).getByRole('link', { name, exact: true });

/**
 * What may stay in Latin letters on a Ukrainian page, and only this: tickers, codes and
 * abbreviations in capitals (BTC_USDT, USDT, API, VASP, TP/SL), proper names (the product, the
 * exchange, the Travel Rule regulation, the exchange's Travel Rule platforms, the card schemes, the
 * demo account's name), key names (Ctrl, Esc), PnL as Ukrainian exchanges write it, and English as
 * the language list names it (each language in its own words).
 */
const KEPT_IN_LATIN = /\b(?:[A-Z0-9_&.-]{2,}|PnL|Travel Rule|WhiteBIT Desk|WhiteBIT|Visa|Mastercard|Kraken|Binance|Coinbase|Bitstamp|Bitpanda|Ctrl|Esc|English|Demo)\b/g;
function englishLeftovers(texts: string[]): string[] {
  // Ids the exchange sent (codes, hashes, addresses) hold digits, and host names (whitebit.com):
  // data, not wording. A snake_case status the app does not know is NOT excused: it must be worded.
  // A text may carry where it was found after a tab (element and class), for the failure message.
  return texts.filter((entry) => {
    const text = entry.split('\t')[0]!;
    const left = text.replace(/\S*\d\S*/g, '').replace(/\b[a-z-]+(?:\.[a-z-]+)+\b/g, '').replace(KEPT_IN_LATIN, '');
    return /[A-Za-z]{2,}/.test(left);
  });
}

/**
 * Everything a person reads on the page: every visible text, and the names and hints read out or
 * shown on hover (aria-label, title, placeholder, alt), in the header, the navigation and the view.
 * Table body cells are left out: the exchange fills them (asset names, addresses), and their
 * words (statuses, kinds) are checked by the views' own specs in both languages.
 */
async function pageWording(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const roots = [...document.querySelectorAll('header, nav, main, [role="dialog"], [role="alert"]')];
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null || el.tagName === 'OPTION' || getComputedStyle(el).position === 'fixed';
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const text = node.textContent?.trim();
        if (text && parent && visible(parent) && !parent.closest('script, style, .visually-hidden, td')) out.push(`${text}\t${parent.tagName.toLowerCase()}.${parent.className}`);
      }
      for (const el of root.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
        if (el.closest('td')) continue;
        for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
          const value = el.getAttribute(name)?.trim();
          if (value) out.push(`${value}\t${el.tagName.toLowerCase()}.${el.className}[${name}]`);
        }
      }
    }
    // Also the words read out but not shown (.visually-hidden).
    for (const el of document.querySelectorAll('.visually-hidden')) if (el.textContent?.trim()) out.push(el.textContent.trim());
    return [...new Set(out)];
  });
}

/** Opens a view from the Ukrainian menu and waits until its data is on the page. */
async function openUkView(page: Page, view: (typeof VIEWS)[number]): Promise<void> {
  await ukNav(page, view.nav).click();
  await expect(ukNav(page, view.nav)).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('main h1')).toHaveText(view.title);
  await expect(page.locator(view.ready).first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Завантаження' })).toHaveCount(0);
}

test('switches to Ukrainian in the settings; every view then speaks Ukrainian, and the choice survives a reload', async ({ page, appMode }) => {
  test.skip(appMode !== 'browser', 'the browser project covers the renderer');
  await page.setViewportSize({ width: WIDTH, height: HEIGHT });
  await expect(page.getByTestId('balance-row').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // The language is a setting like the others, in the Settings view.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Language', { exact: true }).selectOption('uk');
  await expect(ukNav(page, 'Баланси')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  await ukNav(page, 'Баланси').click();
  // The numbers follow: Ukrainian groups digits with a space and marks decimals with a comma.
  await expect(page.getByTestId('total-value')).toHaveText(/^[\d\s\u00a0]+,\d+ USDT$/);
  // Longer words still leave Balances' table as high as in English: the context line and the toolbar keep to one row each.
  if (WIDTH === 1024) expect((await page.getByTestId('balances-scroll').boundingBox())!.y).toBeLessThanOrEqual(440);

  for (const view of VIEWS) {
    await openUkView(page, view);
    expect.soft(englishLeftovers(await pageWording(page)), `English left on ${view.file}`).toEqual([]);
    if (SCREENSHOT_DIR) {
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${view.file}-uk.png`) });
    }
    // Ukrainian words run longer: nothing may push anything sideways, nor be cut short in a table.
    expect.soft(await layoutProblems(page), `layout at ${WIDTH}x${HEIGHT} on ${view.file}`).toEqual([]);
  }
  await page.setViewportSize(WIDE);
  for (const view of VIEWS) {
    await openUkView(page, view);
    expect.soft(await layoutProblems(page), `layout at ${WIDE.width}x${WIDE.height} on ${view.file}`).toEqual([]);
  }
  await page.setViewportSize({ width: WIDTH, height: HEIGHT });

  // The withdrawal form as it is filled in: a network's choices, the live preview and, with the
  // demo account ticked as EEA, the Travel Rule part with its country list in Ukrainian.
  await ukNav(page, 'Акаунти').click();
  const eea = page.getByRole('listitem', { name: /Demo/ }).getByRole('checkbox', { name: /Акаунт ЄЕЗ/ });
  await eea.check();
  await expect(eea).toBeChecked();
  await ukNav(page, 'Виведення').click();
  const withdraw = page.getByRole('form', { name: 'Нове виведення' });
  const asset = withdraw.getByRole('combobox', { name: 'Актив' });
  await asset.fill('USDT');
  await withdraw.getByRole('option', { name: /^USDT ·/ }).click();
  await expect(withdraw.getByLabel('Мережа')).toBeVisible();
  expect(englishLeftovers(await pageWording(page)), 'English left on the withdrawal form (USDT)').toEqual([]);
  await asset.fill('BTC');
  await withdraw.getByRole('option', { name: /^BTC ·/ }).click();
  await withdraw.getByLabel('Адреса отримувача').fill('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
  await withdraw.getByLabel(/Сума, яку отримає одержувач/).fill('0.01');
  await expect(withdraw.getByTestId('preview-limits')).toBeVisible();
  const travelRule = withdraw.getByTestId('travel-rule-section');
  await travelRule.getByLabel('Гаманець отримувача').selectOption('hosted');
  await travelRule.getByLabel('Бенефіціар — це').selectOption('individual');
  const residence = travelRule.getByRole('combobox', { name: 'Країна проживання' });
  await residence.fill('Німеч');
  await travelRule.getByRole('option', { name: 'Німеччина · DEU' }).click();
  await expect(residence).toHaveValue('Німеччина · DEU');
  await withdraw.getByRole('button', { name: 'Перевірити виведення' }).click();
  await expect(travelRule.locator('.field__error').first()).toBeVisible();
  expect(englishLeftovers(await pageWording(page)), 'English left on the withdrawal form (BTC, Travel Rule)').toEqual([]);
  await ukNav(page, 'Акаунти').click();
  await eea.uncheck();
  await expect(eea).not.toBeChecked();
  // A key test's report: the main process sends codes, the page words them (the withdrawal probe's finding too).
  const demo = page.getByRole('listitem', { name: /Demo/ });
  await demo.getByRole('button', { name: 'Перевірити ключ' }).click();
  const report = demo.locator('.permission-report');
  await expect(report.locator('[data-area="withdraw"] .permission-report__message')).toHaveText(/^Перевірено порожнім запитом/);
  expect(englishLeftovers(await report.allTextContents()), 'English left in the key test report').toEqual([]);
  // The reload below must land on the language setting.
  await ukNav(page, 'Налаштування').click();

  // The shortcuts sheet words each shortcut in Ukrainian too (the Electron menu keeps English).
  await page.getByRole('navigation', { name: 'Головне меню' }).getByRole('button', { name: 'Гарячі клавіші' }).click();
  const sheet = page.getByRole('dialog', { name: 'Гарячі клавіші' });
  await expect(sheet.getByRole('cell', { name: 'Відкрити «Баланси»' })).toBeVisible();
  expect(englishLeftovers(await sheet.locator('h2, th, td, button').allTextContents())).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  await page.reload();
  await expect(ukNav(page, 'Баланси')).toBeVisible();
  await expect(page.getByLabel('Мова', { exact: true })).toHaveValue('uk');

  // Back to the OS language (English here) without a reload.
  await page.getByLabel('Мова', { exact: true }).selectOption('system');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Balances', exact: true })).toBeVisible();
});

/** A page of its own browser context whose OS language is `locale`, closed when `run` is done. */
async function inLocale(browser: Browser, locale: string, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await newContextOnTestClock(browser, { locale });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test('follows the OS language when none is chosen', async ({ browser, app, appMode }) => {
  test.skip(appMode !== 'browser', 'the browser project covers the renderer');
  await inLocale(browser, 'uk-UA', async (page) => {
    await page.goto(app.url);
    await expect(ukNav(page, 'Баланси')).toBeVisible();
    await expect(page.locator('main h1')).toHaveText('Баланси');
    await ukNav(page, 'Налаштування').click();
    await expect(page.getByLabel('Мова', { exact: true })).toHaveValue('system');
  });
});

test('a catalog whose first load fails is loaded again: the page still speaks, not message ids', async ({ browser, app, appMode }) => {
  test.skip(appMode !== 'browser', 'the browser project covers the renderer');
  await inLocale(browser, 'en-US', async (page) => {
    // The first request for each catalog chunk fails, as from a server busy for a moment.
    const failed = new Set<string>();
    await page.route(/\/assets\/catalog-(first|views)-en-[^/]*\.js$/, async (route) => {
      const kind = /catalog-(first|views)-/.exec(route.request().url())![1]!;
      if (failed.has(kind)) return route.continue();
      failed.add(kind);
      return route.abort('connectionreset');
    });
    await page.goto(app.url);
    await expect(page.getByTestId('balance-row').first()).toBeVisible();
    await expect(page.locator('main h1')).toHaveText('Balances');
    await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
    // A view's chunk waits for the views catalog, which failed once too.
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.locator('main h1')).toHaveText('Settings');
    await expect(page.getByLabel('Language', { exact: true })).toBeVisible();
    expect([...failed].sort()).toEqual(['first', 'views']);
  });
});

test('a catalog that cannot be loaded at all gets a page that says so, and Reload starts it again', async ({ browser, app, appMode }) => {
  test.skip(appMode !== 'browser', 'the browser project covers the renderer');
  await inLocale(browser, 'uk-UA', async (page) => {
    let blocked = true;
    await page.route(/\/assets\/catalog-first-uk-[^/]*\.js$/, (route) => (blocked ? route.abort('connectionreset') : route.continue()));
    await page.goto(app.url);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Застосунку не вдалося завантажити свої тексти.');
    await expect(page.getByRole('button', { name: 'Перезавантажити' })).toBeFocused();
    await expect(page.getByTestId('balance-row')).toHaveCount(0);

    blocked = false;
    await page.getByRole('button', { name: 'Перезавантажити' }).click();
    await expect(page.getByTestId('balance-row').first()).toBeVisible();
    await expect(page.locator('main h1')).toHaveText('Баланси');
  });
});
