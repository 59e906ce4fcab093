/**
 * Settings says how much disk History takes and thins it on request (browser mode, Demo): the
 * figure is the database's own, and after Thin now the page says it is done and shows the figure.
 */
import { expect, openView, test } from './fixtures';

test('Settings shows the disk History uses and thins it now', async ({ page }) => {
  await openView(page, 'Balances');
  await expect(page.getByTestId('total-value')).toBeVisible();
  await openView(page, 'Settings');
  const card = page.getByRole('region', { name: 'History on disk' });
  await expect(card.getByTestId('history-space-used')).toHaveText(/^History uses [\d.,]+ MB of the app's [\d.,]+ MB database\.$/);
  expect(Number(await card.getByTestId('history-space-used').getAttribute('data-bytes'))).toBeGreaterThan(0);

  await card.getByRole('button', { name: 'Thin now' }).click();
  await expect(card.getByRole('status')).toHaveText('Done.');
  await expect(card.getByTestId('history-space-used')).toHaveText(/^History uses [\d.,]+ MB/);
});
