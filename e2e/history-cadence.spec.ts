/**
 * History's snapshot clock in browser mode, counted in the app's own database file: with an account
 * live (the simulator's prices move every second and are pushed) and Balances open at the fastest
 * refresh, balances refresh every second or so, yet History writes at most two snapshots a minute.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { addAccount, expect, openView, test } from './fixtures';

const ACCOUNT = 'Main (B2B)';

/** Each series' snapshot times in the app's database (read-only, beside the running app: WAL lets both). */
function snapshotTimes(userDataDir: string): Map<string, number[]> {
  const database = new Database(join(userDataDir, 'desk.sqlite3'), { readonly: true, fileMustExist: true });
  try {
    const rows = database.prepare('SELECT account_id, quote, taken_at FROM snapshots ORDER BY taken_at').raw().all() as [string, string, number][];
    const series = new Map<string, number[]>();
    for (const [accountId, quote, at] of rows) series.set(`${accountId} ${quote}`, [...(series.get(`${accountId} ${quote}`) ?? []), at]);
    return series;
  } finally {
    database.close();
  }
}

/** The most snapshots any one minute holds. */
const busiestMinute = (times: number[]) => Math.max(0, ...times.map((start) => times.filter((t) => t >= start && t < start + 60_000).length));

test('with an account live and Balances open and refreshed again and again, at most two snapshots a minute', async ({ page, app, simulator }) => {
  test.setTimeout(120_000);
  let refreshes = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.postData()?.includes('"channel":"balances.overview"')) refreshes++;
  });
  // The simulator's account, with alerts on so its live feed is kept, at the fastest refresh.
  const account = simulator.accounts.find((a) => a.name === ACCOUNT)!;
  await addAccount(page, { name: ACCOUNT, baseUrl: simulator.url, apiKey: account.apiKey, apiSecret: account.apiSecret });
  await expect(page.getByText(/Saved .Main \(B2B\)./)).toBeVisible();
  await openView(page, 'Settings');
  await page.getByRole('combobox', { name: 'Refresh automatically' }).selectOption({ index: 1 });
  await openView(page, 'Accounts');
  await page.getByRole('listitem', { name: ACCOUNT }).getByRole('checkbox', { name: 'Notify me about margin calls and liquidations' }).check();
  await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: ACCOUNT });
  await openView(page, 'Balances');
  await expect(page.getByRole('status', { name: /^Connection: / })).toHaveAccessibleName('Connection: Live', { timeout: 15_000 });
  await expect(page.getByTestId('total-value')).toBeVisible();
  const refreshesBefore = refreshes;

  // Forty seconds of the live page, as a person leaves it open and presses Refresh every few seconds:
  // pushes no longer make Balances read again, so the person's refreshes stand for whatever feeds it.
  for (let i = 0; i < 13; i++) {
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await page.waitForTimeout(3_000);
  }
  const series = snapshotTimes(app.userDataDir);

  // The page did refresh many times (so each refresh writing one would show)…
  expect(refreshes - refreshesBefore).toBeGreaterThanOrEqual(10);
  // …and each series (an account in a quote) holds at most two snapshots in any minute.
  expect(series.size).toBeGreaterThanOrEqual(1);
  for (const [key, times] of series) expect(busiestMinute(times), `${key}: ${times.join(', ')}`).toBeLessThanOrEqual(2);
});
