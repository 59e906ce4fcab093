/**
 * Positions view end to end: the built app in browser mode against the exchange simulator.
 * Accounts are added through the Accounts form so the admin API can steer the same simulator.
 */
import type { Page } from '@playwright/test';
import { addAccount, expect, injectFault, openView, test } from './fixtures';
import type { RunningSimulator } from '../electron/simulator';

const cards = (page: Page) => page.getByTestId('position-card');

async function useSimulatorAccount(page: Page, simulator: RunningSimulator, name: string, { open = true } = {}) {
  const account = simulator.accounts.find((a) => a.name === name)!;
  await addAccount(page, { name, baseUrl: simulator.url, apiKey: account.apiKey, apiSecret: account.apiSecret });
  await expect(page.getByText(new RegExp(`Saved .${name.replace(/[()]/g, '\\$&')}.`))).toBeVisible();
  await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: name });
  if (open) await openView(page, 'Positions');
  return account;
}

async function admin(simulator: RunningSimulator, path: string, body: unknown, method = 'POST') {
  const response = await fetch(`${simulator.url}/__admin/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Admin-Token': simulator.adminToken },
    body: method === 'DELETE' ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`admin ${path} refused: ${response.status} ${await response.text()}`);
}

test.describe('positions', () => {
  test('risk at a glance: the collateral summary, current price and distance to liquidation, sortable by distance', async ({ page }) => {
    await openView(page, 'Positions');
    const summary = page.getByLabel('Collateral summary');
    await expect(summary.getByTestId('summary-equity')).toHaveText(/^[\d,]+(\.\d+)?$/);
    const rows = page.getByTestId('risk-row');
    await expect(rows.first()).toBeVisible();
    await expect(rows.first().getByTestId('risk-current')).toHaveText(/^[\d,]+(\.\d+)?$/);
    // Riskiest first: every liquidation (or price past it) before every margin call before the rest.
    const states = await rows.evaluateAll((trs) => trs.map((tr) => (tr.querySelector('.distance[data-past="true"]') ? 'liquidation' : tr.getAttribute('data-state'))));
    const rank = (s: string | null) => (s === 'liquidation' ? 0 : s === 'margin_call' ? 1 : 2);
    for (let i = 1; i < states.length; i++) expect(rank(states[i - 1]!)).toBeLessThanOrEqual(rank(states[i]!));
    // Signed from the current price: a position past its liquidation price says so, with a full red bar.
    const figure = /^(\u2212)?[\d,]+(\.\d+)?\u00a0%(past liquidation)?$/;
    await expect(rows.first().getByTestId('risk-distance')).toHaveText(figure);
    const past = rows.filter({ has: page.locator('.distance[data-past="true"]') });
    await expect(past.first()).toBeVisible();
    await expect(past.first().getByTestId('risk-distance')).toHaveText(/^\u2212[\d,]+(\.\d+)?\u00a0%past liquidation$/);
    await expect(past.first().locator('.distance')).toHaveAttribute('data-tone', 'danger');
    expect(await past.first().locator('.distance__fill').evaluate((el) => (el as HTMLElement).style.width)).toBe('100%');
    // The card of that position says the same figure in the same words (read together: prices move).
    await expect
      .poll(() =>
        page.evaluate(() => {
          const row = document.querySelector('.distance[data-past="true"]')!.closest('tr')!;
          const market = row.querySelector('.cell-main')!.textContent;
          const figure = row.querySelector('.distance .num')!.textContent!.replace('\u2212', '');
          const card = [...document.querySelectorAll('[data-testid="position-card"]')].find((c) => c.getAttribute('aria-label')!.endsWith(`on ${market}`));
          return card?.querySelector('[data-testid="liquidation-distance"]')?.textContent === `past liquidation by ${figure}`;
        }),
      )
      .toBe(true);

    // Every sortable header says how it sorts; sorted by distance, the crossed ones come first.
    await page.getByRole('button', { name: 'Sort by Distance' }).click();
    const headers = page.getByRole('table', { name: 'Positions by risk' }).locator('th:has(button.sort-button)');
    expect(await headers.count()).toBeGreaterThan(4);
    for (const header of await headers.all()) await expect(header).toHaveAttribute('aria-sort', /^(ascending|descending|none)$/);
    await expect(page.getByRole('button', { name: 'Sort by Distance' }).locator('xpath=..')).toHaveAttribute('aria-sort', 'ascending');
    const distances = await rows.getByTestId('risk-distance').locator('.num').allTextContents();
    const known = distances.map((d) => Number(d.replace('\u2212', '-').replace(/[,\u00a0%]/g, '')));
    expect(known.length).toBeGreaterThan(2);
    expect(known[0]).toBeLessThan(0);
    expect(known).toEqual([...known].sort((a, b) => a - b));
  });

  test('risky positions first, with banner, badges, liquidation distance and futures funding note', async ({ page }) => {
    await openView(page, 'Positions');
    await expect(cards(page).first()).toBeVisible();
    const states = await cards(page).evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.liquidationState));
    expect(states.length).toBeGreaterThan(3);
    const rank = (s: string | undefined) => (s === 'liquidation' ? 0 : s === 'margin_call' ? 1 : 2);
    expect(states.map(rank)).toEqual([...states.map(rank)].sort((a, b) => a - b));
    expect(states[0]).toBe('liquidation');

    const banner = page.getByTestId('risk-banner');
    await expect(banner).toContainText(/\d+ positions? in liquidation/);
    await expect(banner).toContainText(/\d+ positions? in margin call/);
    await expect(cards(page).first().getByTestId('risk-badge')).toHaveText('Liquidation');

    const btcUsdt = page.getByRole('article', { name: /on BTC_USDT$/ });
    await expect(btcUsdt.getByTestId('liquidation-distance')).toHaveText(/^([\d,]+(\.\d+)?\u00a0% to liquidation|past liquidation by [\d,]+(\.\d+)?\u00a0%)$/);
    const perp = page.getByRole('article', { name: /on BTC_PERP$/ });
    await expect(perp).toContainText('futures funding is settled through periodic balance updates, not per position');
    await expect(page.getByText('side not reported').first()).toBeVisible();
  });

  test('market filter: invalid input is refused without a request, a valid market narrows the list', async ({ page }) => {
    await openView(page, 'Positions');
    await expect(cards(page).first()).toBeVisible();
    const positionRequests: string[] = [];
    page.on('request', (request) => {
      const body = request.postData();
      if (request.url().includes('/api/invoke') && body?.includes('exchange.positions')) positionRequests.push(body);
    });
    const search = page.getByRole('searchbox');
    await search.fill('BTC-USDT');
    await search.press('Enter');
    await expect(page.getByText('The market must look like BASE_QUOTE, e.g. BTC_USDT or BTC_PERP.')).toBeVisible();
    await page.waitForTimeout(500);
    expect(positionRequests).toEqual([]);

    await search.fill('btc_perp');
    await search.press('Enter');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toHaveAttribute('aria-label', /on BTC_PERP$/);
    expect(positionRequests.some((body) => body.includes('"market":"BTC_PERP"'))).toBe(true);
  });

  test("empty state with the simulator's Empty account", async ({ page, simulator }) => {
    await useSimulatorAccount(page, simulator, 'Empty');
    await expect(page.getByText('No open positions')).toBeVisible();
    await expect(page.getByTestId('risk-banner')).toHaveCount(0);
  });

  test('error state: a server fault shows the error panel, Retry recovers', async ({ page, simulator }) => {
    // After the account is saved: its key check also reads positions.
    await useSimulatorAccount(page, simulator, 'Main (B2B)', { open: false });
    // Position alerts (on by default with open positions) keep a live feed that would read the
    // positions again by itself once the fault clears; this test is about the page's own Retry.
    await openView(page, 'Accounts');
    await page.getByRole('listitem', { name: 'Main (B2B)' }).getByRole('checkbox', { name: 'Notify me about margin calls and liquidations' }).uncheck();
    await injectFault(simulator, { kind: 'server_error', path: '/api/v4/collateral-account/positions/open', count: 0 });
    await openView(page, 'Positions');
    await expect(page.getByRole('alert').filter({ hasText: 'The exchange had a problem' })).toBeVisible({ timeout: 60_000 });
    await admin(simulator, 'faults', null, 'DELETE');
    await page.getByRole('alert').getByRole('button', { name: 'Retry' }).click();
    await expect(cards(page).first()).toBeVisible();
  });
});
