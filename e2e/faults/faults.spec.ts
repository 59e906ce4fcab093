/**
 * The fault harness's fast subset (the whole run is `npm run bench:faults`): one send per kind of
 * fault through the real app process, two of them with `kill -9` mid-send, judged by the
 * simulator's ledger. No browser: the harness calls the app's HTTP API as the page does.
 */
import { expect, test } from '@playwright/test';
import { runFaultedSends, type ScenarioName } from './run';

const FAST: ScenarioName[] = [
  'reset_before_commit',
  'reset_after_commit_lagging',
  '5xx_before_commit',
  '5xx_after_commit',
  'kill9_hang_delivered_later',
  'kill9_hang_after_commit_lagging',
  'kill9_race',
];

// eslint-disable-next-line no-empty-pattern -- Playwright requires the object pattern
test('faulted sends through the real app: no double payment, no lost record, no mismatch', async ({}, testInfo) => {
  test.skip(testInfo.project.name !== 'browser', 'drives browser mode only; the fault harness has no Electron variant');
  // Three app starts after kill -9 on a machine shared with the other specs.
  test.setTimeout(180_000);
  const report = await runFaultedSends({ scenarios: FAST });
  const summary = `seed ${report.seed}: ${report.sends} sends, ${report.kills} kill -9, ${report.debits} debits\n${report.discrepancies.join('\n')}`;
  expect(report.discrepancies, summary).toEqual([]);
  expect(report.debits, summary).toBe(FAST.length);
  expect(report.kills).toBe(3);
});

/**
 * Two ways money still moves twice or differently today, kept here so the fix shows: the same form
 * prepared in two tabs, the second draft sent while the first one's answer was lost and history
 * lags (two debits); a draft made while the fee table said 0.2 and sent after it said 1 again (the
 * exchange debits 1, the record says 0.2). Marked as failing until the send path checks both at
 * Send; when it does, this test fails as "expected to fail", and `test.fail` comes out.
 */
// eslint-disable-next-line no-empty-pattern -- Playwright requires the object pattern
test('a second draft of an open withdrawal, and a fee that rose after the preview', async ({}, testInfo) => {
  test.skip(testInfo.project.name !== 'browser', 'drives browser mode only; the fault harness has no Electron variant');
  test.fail();
  test.setTimeout(120_000);
  const report = await runFaultedSends({ scenarios: ['twin_draft_lagging', 'fee_rose_after_preview'] });
  // What it found, so an expected failure can be told from a broken run.
  await testInfo.attach('discrepancies.txt', { body: report.discrepancies.join('\n'), contentType: 'text/plain' });
  expect(report.discrepancies, `seed ${report.seed}`).toEqual([]);
});
