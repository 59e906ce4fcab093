/**
 * Position alerts end to end in browser mode: the main-process watcher refreshes on its own
 * schedule (every 3 s here, instead of the person's refresh interval), and a price move driven
 * through the simulator's admin API raises exactly one threshold alert, shown in the page from the
 * event stream.
 */
import type { Page } from '@playwright/test';
import { addAccount, expect, openView, test } from './fixtures';

const ACCOUNT = 'Main (B2B)';

test.use({ appEnv: { DESK_ALERT_CHECK_MS: '3000' } });

async function setPrice(url: string, token: string, market: string, price: string) {
  const response = await fetch(`${url}/__admin/prices`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Admin-Token': token }, body: JSON.stringify({ market, price }) });
  if (!response.ok) throw new Error(`admin prices refused: ${response.status} ${await response.text()}`);
}

const thresholdLogItems = (page: Page) => page.getByTestId('alert-log-item').filter({ hasText: 'Near liquidation' });

test('a price move through the simulator raises exactly one threshold alert in the page', async ({ page, simulator }) => {
  test.setTimeout(120_000);
  const account = simulator.accounts.find((a) => a.name === ACCOUNT)!;
  await addAccount(page, { name: ACCOUNT, baseUrl: simulator.url, apiKey: account.apiKey, apiSecret: account.apiSecret });
  await expect(page.getByText(/Saved .Main \(B2B\)./)).toBeVisible();

  // The threshold first, then the opt-in: the watcher's first pass learns the positions as they are.
  const card = page.getByRole('listitem', { name: ACCOUNT });
  const threshold = card.getByLabel('Alert below distance to liquidation (%)');
  await threshold.fill('60');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('The threshold must be more than 0 and at most 50 %')).toBeVisible();
  await threshold.fill('10');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
  await card.getByRole('checkbox', { name: 'Notify me about margin calls and liquidations' }).check();

  await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: ACCOUNT });
  await openView(page, 'Positions');
  const status = page.getByTestId('alerts-status');
  await expect(status).toContainText('last checked', { timeout: 20_000 });
  // No alert per position it found; one summary of those already in liquidation or margin call.
  await expect(page.getByTestId('alert-toast')).toHaveCount(1);
  await expect(page.getByTestId('alert-toast')).toContainText('already at risk');

  // BTC_USDT long, liquidation 48211.37: at 52000 (± the walk's 0.8 %) it is 6.6–8 % away.
  await setPrice(simulator.url, simulator.adminToken, 'BTC_USDT', '52000');
  // The summary takes it in (read out, not drawn over the table on Positions); the log names it.
  await expect(page.getByTestId('alert-toast')).toHaveCount(1);
  await expect(page.getByTestId('alert-toast')).toContainText('Near liquidation: 1', { timeout: 25_000 });
  await expect(thresholdLogItems(page)).toHaveCount(1);
  await expect(thresholdLogItems(page)).toContainText(/BTC_USDT: \d+(\.\d+)? % from liquidation/);

  // Two more scheduled checks while still below the line: nothing new.
  const checked = await status.textContent();
  await expect(status).not.toHaveText(checked ?? '', { timeout: 25_000 });
  const again = await status.textContent();
  await expect(status).not.toHaveText(again ?? '', { timeout: 25_000 });
  await expect(thresholdLogItems(page)).toHaveCount(1);
  // No second toast (the first may have left by itself by now).
  expect(await page.getByTestId('alert-toast').filter({ hasText: 'from liquidation' }).count()).toBeLessThanOrEqual(1);
});

test('with Ukrainian picked, a liquidation reads in Ukrainian: the toast, the desktop notification the main process words, and the timeline', async ({ page, simulator }) => {
  test.setTimeout(120_000);
  const account = simulator.accounts.find((a) => a.name === ACCOUNT)!;
  await addAccount(page, { name: ACCOUNT, baseUrl: simulator.url, apiKey: account.apiKey, apiSecret: account.apiSecret });
  await expect(page.getByText(/Saved .Main \(B2B\)./)).toBeVisible();
  await page.getByRole('listitem', { name: ACCOUNT }).getByRole('checkbox', { name: 'Notify me about margin calls and liquidations' }).check();
  await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: ACCOUNT });
  await openView(page, 'Positions');
  // The watcher's first pass learns the positions as they are; the change comes after it.
  await expect(page.getByTestId('alerts-status')).toContainText('last checked', { timeout: 20_000 });
  const card = page.locator('[data-position-id]').filter({ hasText: 'BTC_USDT' }).first();
  const positionId = Number(await card.getAttribute('data-position-id'));
  expect(positionId).toBeGreaterThan(0);

  // What the main process would show as a desktop notification: in browser mode it is on the event stream.
  await page.evaluate(() => {
    const seen: unknown[] = [];
    (window as unknown as { notifications: unknown[] }).notifications = seen;
    const stream = new EventSource('/api/events');
    stream.onmessage = (message) => {
      const { event, payload } = JSON.parse(message.data as string) as { event: string; payload: unknown };
      if (event === 'alerts.notification') seen.push(payload);
    };
  });

  await openView(page, 'Settings');
  await page.getByLabel('Language', { exact: true }).selectOption('uk');
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');

  const response = await fetch(`${simulator.url}/__admin/positions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Admin-Token': simulator.adminToken },
    body: JSON.stringify({ apiKey: account.apiKey, positionId, liquidationState: 'liquidation' }),
  });
  expect(response.ok).toBe(true);

  const toast = page.getByRole('alert').filter({ hasText: 'BTC_USDT: позиція в ліквідації' });
  await expect(toast).toBeVisible({ timeout: 25_000 });
  await expect(toast).toContainText(`Позиція #${positionId} на BTC_USDT (${ACCOUNT}) потрапила в ліквідацію.`);
  await expect(toast).not.toContainText('WhiteBIT Desk');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { notifications: unknown[] }).notifications))
    .toContainEqual({
      alertId: expect.any(String),
      title: 'BTC_USDT: позиція в ліквідації',
      body: `Позиція #${positionId} на BTC_USDT (${ACCOUNT}) потрапила в ліквідацію. Відкрийте WhiteBIT Desk, щоб переглянути її.`,
    });

  // The History timeline words the stored event in Ukrainian too (Balances first: its refresh is the first snapshot).
  const ukNav = (name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true });
  await ukNav('Баланси').click();
  await expect(page.getByTestId('total-value')).toBeVisible({ timeout: 20_000 });
  await ukNav('Історія').click();
  await expect(ukNav('Історія')).toHaveAttribute('aria-current', 'page');
  await page.locator('.history-events summary').click();
  await expect(page.getByTestId('history-event').filter({ hasText: 'BTC_USDT: позиція в ліквідації' })).toBeVisible();
});

test('a position going from margin call to liquidation keeps one toast, rewritten in place, with no way to the view already open', async ({ page, simulator }) => {
  test.setTimeout(120_000);
  const account = simulator.accounts.find((a) => a.name === ACCOUNT)!;
  await addAccount(page, { name: ACCOUNT, baseUrl: simulator.url, apiKey: account.apiKey, apiSecret: account.apiSecret });
  await expect(page.getByText(/Saved .Main \(B2B\)./)).toBeVisible();
  // Position alerts are on by default for an account with open positions: nothing to switch on.
  await expect(page.getByRole('listitem', { name: ACCOUNT }).getByRole('checkbox', { name: 'Notify me about margin calls and liquidations' })).toBeChecked();
  await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: ACCOUNT });
  await openView(page, 'Positions');
  await expect(page.getByTestId('alerts-status')).toContainText('last checked', { timeout: 20_000 });

  const position = simulator.state.positions(account.apiKey).find((p) => p.liquidationState === null && p.amount !== null)!;
  const setState = async (liquidationState: 'margin_call' | 'liquidation') => {
    const response = await fetch(`${simulator.url}/__admin/positions`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Admin-Token': simulator.adminToken }, body: JSON.stringify({ apiKey: account.apiKey, positionId: position.positionId, liquidationState }) });
    if (!response.ok) throw new Error(`admin positions refused: ${response.status}`);
  };
  // One summary toast for every position: those already at risk when the account was first
  // watched (Demo has two in liquidation and two in margin call), then this one, counted once.
  const toasts = page.getByTestId('alert-toast');
  await expect(toasts).toContainText('already at risk', { timeout: 10_000 });

  await setState('margin_call');
  await expect(toasts).toContainText('Margin call: 3', { timeout: 10_000 });
  await setState('liquidation');
  await expect(toasts).toContainText('Liquidation: 3', { timeout: 10_000 });
  await expect(toasts).toContainText('Margin call: 2');
  await expect(toasts).toHaveCount(1);
  // Inside the app: no words sending the person to the app, no button to the view that is open.
  await expect(toasts).not.toContainText('WhiteBIT Desk');
  await expect(toasts.getByRole('button', { name: 'Open Positions' })).toHaveCount(0);
  await openView(page, 'Balances');
  await expect(toasts.getByRole('button', { name: 'Open Positions' })).toHaveCount(1);
});
