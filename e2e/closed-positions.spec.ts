/**
 * Closed positions end to end in Demo: the built app in browser mode against its own simulator, the
 * spec's simulator (same seed) telling how many positions the exchange holds.
 */
import { readFileSync } from 'node:fs';
import type { Download } from '@playwright/test';
import Decimal from 'decimal.js';
import { expect, openView, test } from './fixtures';
import { DEMO_SIMULATOR_ACCOUNT } from '../electron/services/demo';

test.describe('closed positions', () => {
  test('the liquidated long shows its realized P&L, and the CSV holds every position', async ({ page, simulator }) => {
    const history = simulator.state.accountByName(DEMO_SIMULATOR_ACCOUNT)!.positionsHistory;
    const expected = new Set(history.map((r) => r.positionId)).size;
    expect(expected).toBe(40);

    await openView(page, 'Positions');
    const section = page.getByRole('region', { name: 'Closed positions' });
    const rows = section.getByTestId('closed-position');
    await expect(rows.first()).toBeVisible();
    // A page at a time: fewer rows on screen than positions.
    expect(await rows.count()).toBeLessThan(expected);
    await expect(section.getByText(`of ${expected}`)).toBeVisible();

    const liquidated = section.locator('[data-testid="closed-position"][data-liquidated="true"]');
    await expect(liquidated).toHaveCount(1);
    await expect(liquidated).toContainText('BTC_USDT');
    await expect(liquidated).toContainText('Liquidated');
    await expect(liquidated.getByTestId('closed-pnl')).toHaveAttribute('title', '-415.0759');
    await expect(liquidated.getByTestId('closed-pnl')).toHaveText(/415\.0759/);

    const downloadPromise: Promise<Download> = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^closed-positions-.*\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toContain('Realized P&L');
    expect(lines).toHaveLength(expected + 1);
    const ids = new Set(lines.slice(1).map((line) => Number(line.split(',')[0])));
    expect(ids).toEqual(new Set(history.map((r) => r.positionId)));
    expect(lines.find((line) => line.includes('-415.0759'))).toMatch(/,yes$/);

    // The totals by market are the CSV's realized P&L added market by market, exactly.
    const header = lines[0]!.split(',');
    const [marketAt, pnlAt] = [header.indexOf('Market'), header.indexOf('Realized P&L')];
    const pnlByMarket = new Map<string, Decimal>();
    for (const line of lines.slice(1)) {
      const cells = line.split(',');
      pnlByMarket.set(cells[marketAt]!, (pnlByMarket.get(cells[marketAt]!) ?? new Decimal(0)).plus(cells[pnlAt]!));
    }
    const totals = section.getByTestId('closed-totals');
    await totals.getByText(/^Totals by market, for the filter above: \d+ markets?$/).click();
    await expect(totals.getByTestId('closed-total')).toHaveCount(pnlByMarket.size);
    for (const [market, pnl] of pnlByMarket) {
      const row = totals.getByTestId('closed-total').filter({ hasText: market });
      await expect(row.getByTestId('closed-total-pnl')).toHaveAttribute('title', pnl.toFixed());
    }

    // The market filter narrows the table to one market.
    await section.getByRole('combobox', { name: 'Market' }).selectOption('ETH_USDT');
    const eth = new Set(history.filter((r) => r.market === 'ETH_USDT').map((r) => r.positionId)).size;
    await expect(section.getByText(`of ${eth}`)).toBeVisible();
  });
});
