/**
 * The live feed in the page (browser mode): REST refresh at its slowest, so only the exchange's
 * pushed stream can move the figures within seconds. A price move changes the Positions distance
 * (computed in main from the pushes, with no REST read per push), a margin call raises one alert
 * with the window hidden, and a killed socket shows the REST fallback, with data still refreshed
 * by REST, until the stream is back.
 */
import type { Page } from '@playwright/test';
import type { RunningSimulator } from '../electron/simulator';
import { addAccount, expect, openView, test } from './fixtures';

const ACCOUNT = 'Main (B2B)';

async function admin(simulator: RunningSimulator, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${simulator.url}/__admin/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Admin-Token': simulator.adminToken }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`admin ${path} refused: ${response.status} ${await response.text()}`);
}

/** The account with alerts on (the live feed is kept for it), refresh at `refresh`, on Positions. */
async function openLivePositions(page: Page, simulator: RunningSimulator, refresh: string): Promise<void> {
  const account = simulator.accounts.find((a) => a.name === ACCOUNT)!;
  await addAccount(page, { name: ACCOUNT, baseUrl: simulator.url, apiKey: account.apiKey, apiSecret: account.apiSecret });
  await expect(page.getByText(/Saved .Main \(B2B\)./)).toBeVisible();
  await openView(page, 'Settings');
  await page.getByRole('combobox', { name: 'Refresh automatically' }).selectOption({ label: refresh });
  await openView(page, 'Accounts');
  await page.getByRole('listitem', { name: ACCOUNT }).getByRole('checkbox', { name: 'Notify me about margin calls and liquidations' }).check();
  await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: ACCOUNT });
  await openView(page, 'Positions');
  // Asked of the indicator itself, so a failure says what it showed instead.
  await expect(page.getByRole('status', { name: /^Connection: / })).toHaveAccessibleName('Connection: Live', { timeout: 15_000 });
}

const btcDistance = (page: Page) => page.getByTestId('risk-row').filter({ hasText: 'BTC_USDT' }).first().getByTestId('risk-distance');
const percentOf = (text: string | null) => Number(/(\d+(?:\.\d+)?)/.exec((text ?? '').replaceAll(',', ''))?.[1] ?? NaN);

test('a price moved through the admin API changes the Positions distance within 2 s', async ({ page, simulator }) => {
  test.setTimeout(90_000);
  await openLivePositions(page, simulator, 'Every 5 min');
  await expect(btcDistance(page)).toBeVisible();
  const before = percentOf(await btcDistance(page).textContent());
  // BTC_USDT long, liquidation 48211.37: at 52000 (± the walk's 0.8 %) it is 6.6–8 % away.
  await admin(simulator, 'prices', { market: 'BTC_USDT', price: '52000' });
  await expect.poll(async () => percentOf(await btcDistance(page).textContent()), { timeout: 2_000, intervals: [100] }).toBeLessThan(8.2);
  expect(before).toBeGreaterThan(8.2);
  expect(percentOf(await btcDistance(page).textContent())).toBeGreaterThan(6.4);
});

/**
 * Counts the requests to each of `paths` from now on: a latency fault of 0 ms matches every request
 * to its path, delays none, and counts it in `hits`.
 */
async function countRequests(simulator: RunningSimulator, paths: string[]): Promise<() => Promise<Record<string, number>>> {
  for (const path of paths) await admin(simulator, 'faults', { kind: 'latency', latencyMs: 0, count: 0, path });
  return async () => {
    const response = await fetch(`${simulator.url}/__admin/faults`, { headers: { 'X-Admin-Token': simulator.adminToken } });
    const faults = (await response.json()) as { path: string; hits: number }[];
    return Object.fromEntries(faults.map((f) => [f.path, f.hits]));
  };
}

test('pushed prices move the Positions figures while the page reads no positions REST per push', async ({ page, simulator }) => {
  test.setTimeout(90_000);
  // The person's refresh is the fastest there is: while live, pushes carry the view instead.
  await openLivePositions(page, simulator, 'Every 10 s');
  await expect(btcDistance(page)).toBeVisible();
  await page.waitForTimeout(1_000);
  const counts = await countRequests(simulator, ['/api/v4/collateral-account/positions/open', '/api/v4/collateral-account/summary', '/api/v4/public/ticker']);
  // BTC_USDT long, liquidation 48211.37: each price is 3 points or more of distance from the last;
  // the simulator's walk moves a set price by up to 0.8 %, under a point of distance here.
  const seen: number[] = [];
  for (const price of ['52000', '54000', '57000', '61000', '66000']) {
    await admin(simulator, 'prices', { market: 'BTC_USDT', price });
    const expected = ((Number(price) - 48211.37) / Number(price)) * 100;
    await expect.poll(async () => Math.abs(percentOf(await btcDistance(page).textContent()) - expected), { timeout: 2_500, intervals: [100] }).toBeLessThan(1);
    seen.push(percentOf(await btcDistance(page).textContent()));
  }
  await page.screenshot({ path: test.info().outputPath('live-positions.png') });
  expect(seen).toHaveLength(5);
  // Five price moves, several pushes each: not one REST read of positions, summary or ticker.
  expect(await counts()).toEqual({ '/api/v4/collateral-account/positions/open': 0, '/api/v4/collateral-account/summary': 0, '/api/v4/public/ticker': 0 });
});

test('with positions/open failing, a reopened Positions view shows the pushed figures and a price move within 1.5 s', async ({ page, simulator }) => {
  test.setTimeout(90_000);
  await openLivePositions(page, simulator, 'Every 10 s');
  await expect(btcDistance(page)).toBeVisible();
  await admin(simulator, 'faults', { kind: 'server_error', path: '/api/v4/collateral-account/positions/open', status: 503, count: 0 });
  // A fresh page: every figure it shows comes from the live model, none from positions/open.
  await page.reload();
  await openView(page, 'Positions');
  await expect(btcDistance(page)).toBeVisible({ timeout: 10_000 });
  const setAt = Date.now();
  await admin(simulator, 'prices', { market: 'BTC_USDT', price: '52000' });
  await expect.poll(async () => percentOf(await btcDistance(page).textContent()), { timeout: 1_500, intervals: [100] }).toBeLessThan(8.2);
  expect(Date.now() - setAt).toBeLessThan(1_500);
  await page.screenshot({ path: test.info().outputPath('live-positions-rest-failing.png') });
});

test('a margin call set through the admin API raises exactly one alert within 2 s with the window hidden', async ({ page, simulator }) => {
  test.setTimeout(90_000);
  await openLivePositions(page, simulator, 'Every 5 min');
  await expect(page.getByTestId('alerts-status')).toContainText('last checked', { timeout: 20_000 });
  const apiKey = simulator.accounts.find((a) => a.name === ACCOUNT)!.apiKey;
  const position = simulator.state.positions(apiKey).find((p) => p.liquidationState === null && p.amount !== null)!;
  const marginCalls = page.locator('[data-testid="alert-log-item"].alert-log__item--margin_call').filter({ hasText: position.market });
  await expect(marginCalls).toHaveCount(0);

  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const setAt = Date.now();
  await admin(simulator, 'positions', { apiKey, positionId: position.positionId, liquidationState: 'margin_call' });
  await expect(marginCalls).toHaveCount(1, { timeout: 5_000 });
  const firedAt = Date.parse((await marginCalls.locator('time').getAttribute('datetime')) ?? '');
  expect(firedAt - setAt).toBeLessThan(2_000);
  // More pushes and checks while still in margin call: nothing new.
  await page.waitForTimeout(3_000);
  await expect(marginCalls).toHaveCount(1);
});

test('a killed socket shows the REST fallback, data keeps updating by REST, then Live returns', async ({ page, simulator }) => {
  test.setTimeout(120_000);
  await openLivePositions(page, simulator, 'Every 10 s');
  await admin(simulator, 'live', { down: true });
  const fallback = page.getByRole('status', { name: /^Connection: Updating every 10 s: live connection lost, retrying/ });
  await expect(fallback).toBeVisible({ timeout: 10_000 });
  await expect(fallback).toHaveText('Updating every 10 s');

  // With the stream down, a price move still reaches the page, by the 10 s REST refresh.
  await admin(simulator, 'prices', { market: 'BTC_USDT', price: '52000' });
  await expect.poll(async () => percentOf(await btcDistance(page).textContent()), { timeout: 15_000, intervals: [250] }).toBeLessThan(8.2);
  await expect(fallback).toBeVisible();

  await admin(simulator, 'live', { down: false });
  await expect(page.getByRole('status', { name: 'Connection: Live' })).toBeVisible({ timeout: 70_000 });
});
