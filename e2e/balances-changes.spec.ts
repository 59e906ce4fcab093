/**
 * What changed per asset on Balances (browser mode, Demo): until History holds a snapshot about a
 * day old the change column says "not enough history yet" once; with one (written into the app's
 * own database file beside the running app, as a day-old run would have left it) each asset shows
 * its value change and, under it, its amount change, exactly. In English and Ukrainian at 1440 x 900;
 * with DESK_SCREENSHOT_DIR set, each is photographed.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { mul, sub } from '../shared/money/decimal';
import { expect, openView, test } from './fixtures';

const SCREENSHOT_DIR = process.env.DESK_SCREENSHOT_DIR ? resolve(process.env.DESK_SCREENSHOT_DIR) : null;
const DAY = 86_400_000;

type Holding = [asset: string, main: string, tradeAvailable: string, tradeFrozen: string, collateral: string, total: string];

/**
 * Writes a snapshot of the Demo series taken `at`: the amounts held now, but `less` fewer of
 * `asset`, and every price 2 % lower. (WAL lets the test write beside the app.)
 */
function seedDayOld(userDataDir: string, at: number, asset: string, less: string): void {
  const database = new Database(join(userDataDir, 'desk.sqlite3'), { fileMustExist: true, timeout: 5_000 });
  try {
    const series = database.prepare("SELECT id FROM history_series WHERE account_id = 'demo' AND quote = 'USDT'").pluck().get() as number;
    const held = database
      .prepare('SELECT asset, main, trade_available, trade_frozen, collateral, total, max(since) FROM holdings WHERE series_id = ? GROUP BY asset')
      .raw()
      .all(series) as Holding[];
    const current = held.filter((h) => h[5] !== null);
    const prices = database.prepare('SELECT asset, price, max(since) FROM prices WHERE series_id = ? GROUP BY asset').raw().all(series) as [string, string | null][];
    database.transaction(() => {
      database.prepare("INSERT INTO snapshots (account_id, quote, taken_at, total, unpriced, digest) VALUES ('demo', 'USDT', ?, '0', 0, 'seeded')").run(at);
      const holding = database.prepare('INSERT INTO holdings VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
      for (const [name, main, tradeAvailable, tradeFrozen, collateral, total] of current) {
        const fewer = name === asset;
        holding.run(series, name, at, fewer ? sub(main, less) : main, tradeAvailable, tradeFrozen, collateral, fewer ? sub(total, less) : total);
      }
      const price = database.prepare('INSERT INTO prices VALUES (?, ?, ?, ?)');
      for (const [asset, now] of prices) price.run(series, asset, at, now === null ? null : mul(now, '0.98'));
    })();
  } finally {
    database.close();
  }
}

const snapshots = (userDataDir: string) => {
  const database = new Database(join(userDataDir, 'desk.sqlite3'), { readonly: true, fileMustExist: true });
  try {
    return database.prepare("SELECT count(*) FROM snapshots WHERE account_id = 'demo'").pluck().get() as number;
  } finally {
    database.close();
  }
};

test('each asset shows its value and amount change against the snapshot a day back, in English and Ukrainian', async ({ page, app, appMode }) => {
  test.skip(appMode !== 'browser', 'the database is seeded beside a browser-mode app');
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByTestId('balance-row').first()).toBeVisible();
  await expect(page.getByTestId('changes-missing')).toHaveText('24 h changenot enough history yet');
  await expect.poll(() => snapshots(app.userDataDir), { timeout: 20_000 }).toBeGreaterThan(0);

  // The most valuable asset, first in the table.
  const asset = (await page.getByTestId('balance-row').first().getAttribute('data-asset'))!;
  seedDayOld(app.userDataDir, Date.now() - DAY, asset, '1.5');
  await page.reload();
  const row = page.locator(`[data-testid="balance-row"][data-asset="${asset}"]`);
  await expect(row.getByTestId('balance-amount-change')).toHaveText(`+1.5 ${asset}`, { timeout: 20_000 });
  await expect(page.getByTestId('changes-missing')).toHaveCount(0);
  // Held the same amount a day ago, at a lower price: the amount is unchanged, the value rose.
  const other = page.locator(`[data-testid="balance-row"]:not([data-asset="${asset}"])`).first();
  await expect(other.getByTestId('balance-amount-change')).toHaveText(/^0 /);
  await expect(page.getByTestId('balance-value-change').first()).toHaveText(/^\+[\d,.]+$/);
  await expect(row.getByTestId('balance-change')).toHaveAttribute('title', new RegExp(`Amount: 1\\.5 ${asset}\\.`));
  if (SCREENSHOT_DIR) await page.screenshot({ path: join(SCREENSHOT_DIR, 'balances-changes-1440x900.png') });
  // The CSV carries both changes with every digit.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const lines = readFileSync((await (await downloading).path())!, 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line) => line.split(','));
  const columns = lines[0]!;
  const line = lines.find((cells) => cells[0] === asset)!;
  expect(line[columns.indexOf('Amount change 24h')]).toBe('1.5');
  expect(line[columns.indexOf('Value change 24h (USDT)')]).toMatch(/^\d+(\.\d+)?$/);

  await openView(page, 'Settings');
  await page.getByLabel('Language', { exact: true }).selectOption('uk');
  await page.getByRole('navigation', { name: 'Головне меню' }).getByRole('link', { name: 'Баланси', exact: true }).click();
  await expect(row.getByTestId('balance-amount-change')).toHaveText(`+1,5 ${asset}`);
  await expect(page.getByRole('button', { name: /Зміна за 24 год/ })).toBeVisible();
  if (SCREENSHOT_DIR) await page.screenshot({ path: join(SCREENSHOT_DIR, 'balances-changes-uk-1440x900.png') });
});
