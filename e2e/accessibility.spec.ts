/**
 * axe-core on every view in both themes (and on the shortcuts dialog): no serious or critical
 * violation. Minor and moderate findings are printed, not failed, so they stay visible.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { TOUR } from './tour';

async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
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

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical problem on any view (${theme})`, async ({ page, appMode }) => {
    test.skip(appMode !== 'browser', 'checked in the browser project');
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await expect(page.getByTestId('balance-row').first()).toBeVisible();
    const found: string[] = [];
    for (const stop of TOUR) {
      await stop.open(page);
      found.push(...(await seriousViolations(page, stop.name)));
    }
    await page.keyboard.press('F1');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    found.push(...(await seriousViolations(page, 'shortcuts dialog')));
    expect(found).toEqual([]);
  });
}
