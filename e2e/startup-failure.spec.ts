/**
 * A start that fails for a reason the person can act on shows a page, not only a terminal
 * paragraph: browser mode on a data folder another app holds serves the startup-failure page,
 * worded in the browser's language, and ends (exit 3) once that page is closed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { REPO_ROOT, startBrowserApp, test } from './fixtures';

test.skip(({ appMode }) => appMode !== 'browser', 'the browser-mode launcher serves this page; Electron opens a window (electron/window/startup-failure-window.test.ts)');

test('a data folder in use by another app: the page says what happened, what was kept and what to do', async ({ browser }) => {
  const dir = mkdtempSync(join(tmpdir(), 'desk-e2e-failure-'));
  const first = await startBrowserApp(dir);
  try {
    // Started as a person would (the browser is opened); BROWSER=true makes xdg-open open nothing.
    const second = spawn(process.execPath, [join(REPO_ROOT, 'out/electron/launch.js'), '--browser', '--port', '0', '--user-data-dir', dir], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'production', BROWSER: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => second.on('exit', (code) => resolve(code)));
    let stdout = '';
    let stderr = '';
    second.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    second.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    await expect.poll(() => stdout.includes('\n'), { timeout: 30_000 }).toBe(true);
    const line = JSON.parse(stdout.split('\n')[0]!) as { event: string; code: string; url: string };
    expect(line).toMatchObject({ event: 'startup_failed', code: 'folder_in_use' });
    expect(stderr).toContain('is in use by another WhiteBIT Desk');
    expect(line.url).not.toContain('token');

    const uk = await browser.newContext({ locale: 'uk-UA' });
    const ukPage = await uk.newPage();
    await ukPage.goto(line.url);
    await expect(ukPage.getByRole('heading', { name: 'WhiteBIT Desk не запустився' })).toBeVisible();
    await expect(ukPage.locator('[data-part="happened"]')).toContainText(`Тека даних ${dir} використовується іншим WhiteBIT Desk`);

    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(line.url);
    await expect(page.getByRole('heading', { name: 'WhiteBIT Desk did not start' })).toBeVisible();
    await expect(page.locator('[data-part="happened"]')).toHaveText(new RegExp(`^The data folder ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by another WhiteBIT Desk \\(process \\d+\\)\\.$`));
    await expect(page.locator('[data-part="kept"]')).toHaveText('Nothing in the folder was changed.');
    await expect(page.locator('[data-part="todo"]')).toContainText('Close the other WhiteBIT Desk');
    await page.screenshot({ path: join(REPO_ROOT, 'test-results/e2e/startup-failure.png') });
    // Closing the page ends the launcher with the failure's exit code.
    await context.close();
    await uk.close();
    expect(await exited).toBe(3);
  } finally {
    await first.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
