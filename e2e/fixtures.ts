/**
 * Fixtures for the end-to-end specs. Everything is real: the built app in its own process with a
 * fresh user-data directory, a real exchange simulator over HTTP, Chromium (or Electron).
 *
 *   simulator  an in-process exchange simulator on a free port (url, adminToken, accounts)
 *   app        the built app: browser mode (`node out/electron/launch.js --browser …`) or Electron
 *   appEnv     more environment for the app process (`test.use({ appEnv: { … } })`)
 *   page       the app's window, already open and loaded
 *   apiBodies  bodies of every /api/ response the page received (to prove what never crossed); name it before `page`
 *
 * Requires `npm run build` first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, _electron, expect, type ElectronApplication, type Page } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../electron/simulator';
import { BROWSER_MODE } from '../shared/ipc';

export type AppMode = 'browser' | 'electron';

export const REPO_ROOT = resolve(import.meta.dirname, '..');
const LAUNCH_SCRIPT = join(REPO_ROOT, 'out/electron/launch.js');
const ELECTRON_MAIN = join(REPO_ROOT, 'out/electron/main.js');
const READY_TIMEOUT_MS = 45_000;

export interface RunningApp {
  /** Browser mode: the URL to open (with its ?token). Electron: empty. */
  url: string;
  userDataDir: string;
  stdout: string[];
  stderr: string[];
  electron: ElectronApplication | null;
}

/** Where an Electron binary would be, or why there is none. */
export function electronBinary(): { path: string } | { missing: string } {
  const pkg = join(REPO_ROOT, 'node_modules/electron');
  const pathTxt = join(pkg, 'path.txt');
  if (!existsSync(pathTxt)) return { missing: 'node_modules/electron/path.txt is absent (the Electron binary was never downloaded)' };
  const binary = join(pkg, 'dist', readFileSync(pathTxt, 'utf8').trim());
  return existsSync(binary) ? { path: binary } : { missing: `the Electron binary ${binary} does not exist` };
}

const reportedSkips = new Set<string>();

/**
 * Withdrawal timings for the specs: exchanges (the Demo one and the simulator fixture) settle a
 * withdrawal in 5 s instead of 15 s, and the app looks up unfinished ones every 2 s instead of
 * 15 s. What a spec checks is the order of the states, not how long each lasts.
 */
const WITHDRAWAL_SETTLE_MS = 5_000;
const SPEC_ENV = { DESK_DEMO_WITHDRAWAL_SETTLE_MS: String(WITHDRAWAL_SETTLE_MS), DESK_WITHDRAWAL_TRACK_MS: '2000' };

/** The built app in browser mode on a free loopback port, once it has printed its ready line (also used by the benches and the fault harness). */
export function spawnBrowserMode(userDataDir: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string; stdout: string[]; stderr: string[] }> {
  if (!existsSync(LAUNCH_SCRIPT)) throw new Error(`${LAUNCH_SCRIPT} is missing: run "npm run build" before the e2e tests`);
  const child = spawn(process.execPath, [LAUNCH_SCRIPT, '--browser', '--port', '0', '--no-open', '--user-data-dir', userDataDir], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
  return new Promise((resolvePromise, reject) => {
    let buffer = '';
    const timer = setTimeout(() => fail(new Error(`the app printed no ready line within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
    function fail(error: Error) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${error.message}\nstdout:\n${stdout.join('')}\nstderr:\n${stderr.join('')}`));
    }
    child.once('exit', (code) => fail(new Error(`the app exited (code ${code}) before it was ready`)));
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout.push(chunk);
      buffer += chunk;
      for (let nl = buffer.indexOf('\n'); nl !== -1; nl = buffer.indexOf('\n')) {
        const line = buffer.slice(0, nl).trim();
        buffer = buffer.slice(nl + 1);
        if (!line.startsWith('{')) continue;
        try {
          const message = JSON.parse(line) as { event?: string; url?: string };
          if (message.event === 'ready' && typeof message.url === 'string') {
            clearTimeout(timer);
            child.removeAllListeners('exit');
            resolvePromise({ child, url: message.url, stdout, stderr });
            return;
          }
        } catch {
          // Not the ready line.
        }
      }
    });
  });
}

/** SIGTERM, then SIGKILL after 5 s; resolves once the process has exited. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** One channel call through browser mode's HTTP API, as the page makes it (the launch URL's token, the app's origin). */
export async function invokeApp<T>(url: string, channel: string, payload: unknown): Promise<T> {
  const { origin, searchParams } = new URL(url);
  const headers = { 'Content-Type': 'application/json', [BROWSER_MODE.tokenHeader]: searchParams.get('token') ?? '', Origin: origin };
  const answer = await fetch(`${origin}/api/invoke`, { method: 'POST', headers, body: JSON.stringify({ channel, payload }) });
  const envelope = (await answer.json()) as { ok: boolean; data?: T; error?: { message?: string } };
  if (!envelope.ok) throw new Error(`${channel} failed: ${envelope.error?.message ?? answer.status}`);
  return envelope.data as T;
}

/**
 * A browser-mode app on `userDataDir` outside the fixtures, for specs that restart the app on the
 * same folder (what a person does when they quit and start again).
 */
export async function startBrowserApp(userDataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const { child, url } = await spawnBrowserMode(userDataDir, SPEC_ENV);
  return { url, stop: () => stopChild(child) };
}

/** A browser-mode app process on its way up. */
interface StartingApp {
  userDataDir: string;
  starting: ReturnType<typeof spawnBrowserMode>;
}

export const test = base.extend<
  { appEnv: Record<string, string>; appProcess: StartingApp | null; simulator: RunningSimulator; app: RunningApp; apiBodies: string[] },
  { appMode: AppMode }
>({
  appMode: ['browser', { option: true, scope: 'worker' }],
  /** More environment for the app process, on top of the specs' timings (`test.use({ appEnv })`). */
  appEnv: [{}, { option: true }],

  // eslint-disable-next-line no-empty-pattern -- Playwright requires the object pattern
  simulator: async ({}, use) => {
    const simulator = await startSimulator({ port: 0, withdrawalSettleMs: WITHDRAWAL_SETTLE_MS });
    await use(simulator);
    await simulator.close();
  },

  // Browser mode: the app process starts before the browser context does, so the two start side
  // by side (the page fixture asks for this one first); `app` waits for it to be ready.
  appProcess: async ({ appMode, appEnv }, use, testInfo) => {
    if (appMode === 'electron') {
      // Skipped here, before the page fixture opens a browser context it would not use.
      const binary = electronBinary();
      if ('missing' in binary) {
        const reason = `electron project skipped: ${binary.missing}`;
        if (!reportedSkips.has(reason)) {
          reportedSkips.add(reason);
          console.log(reason);
        }
        testInfo.skip(true, reason);
      }
      await use(null);
      return;
    }
    const userDataDir = mkdtempSync(join(tmpdir(), 'desk-e2e-'));
    const starting = spawnBrowserMode(userDataDir, { ...SPEC_ENV, ...appEnv });
    // Its failure is reported where `app` awaits it.
    starting.catch(() => {});
    try {
      await use({ userDataDir, starting });
    } finally {
      const started = await starting.catch(() => null);
      if (started) await stopChild(started.child);
      rmSync(userDataDir, { recursive: true, force: true });
    }
  },

  app: async ({ appMode, appEnv, appProcess }, use, testInfo) => {
    if (appProcess) {
      // appProcess stops it, after the browser context has closed.
      const { url, stdout, stderr } = await appProcess.starting;
      await use({ url, userDataDir: appProcess.userDataDir, stdout, stderr, electron: null });
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('app-stdout.txt', { body: stdout.join(''), contentType: 'text/plain' });
        await testInfo.attach('app-stderr.txt', { body: stderr.join(''), contentType: 'text/plain' });
      }
      return;
    }
    const binary = electronBinary();
    if (appMode !== 'electron' || 'missing' in binary) throw new Error(`no app to start in ${appMode} mode`);
    const userDataDir = mkdtempSync(join(tmpdir(), 'desk-e2e-'));
    try {
      const electron = await _electron.launch({
        executablePath: binary.path,
        args: [ELECTRON_MAIN, `--user-data-dir=${userDataDir}`, '--no-sandbox', '--disable-gpu'],
        cwd: REPO_ROOT,
        env: { ...(process.env as Record<string, string>), ...SPEC_ENV, ...appEnv },
      });
      const stdout: string[] = [];
      const stderr: string[] = [];
      electron.process().stdout?.setEncoding('utf8').on('data', (c: string) => stdout.push(c));
      electron.process().stderr?.setEncoding('utf8').on('data', (c: string) => stderr.push(c));
      await use({ url: '', userDataDir, stdout, stderr, electron });
      await electron.close().catch(() => {});
    } finally {
      rmSync(userDataDir, { recursive: true, force: true });
    }
  },

  // Read only for the tests that ask for it (each body is one more round trip to the browser), and
  // from the context, so a test that names it before `page` sees the page's first request too.
  apiBodies: async ({ context }, use) => {
    const bodies: string[] = [];
    context.on('response', async (response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith('/api/') || url.pathname === '/api/events') return;
      bodies.push(await response.text().catch(() => ''));
    });
    await use(bodies);
  },

  page: async ({ appProcess: _startedFirst, page, app }, use) => {
    if (app.electron) {
      const window = await app.electron.firstWindow();
      await window.setViewportSize({ width: 1280, height: 800 }).catch(() => {});
      await window.waitForLoadState('domcontentloaded');
      await use(window);
      return;
    }
    await page.goto(app.url);
    // Every test starts once the app has rendered over index.html's static shell.
    await expect(page.locator('.boot-shell')).toHaveCount(0, { timeout: 30_000 });
    await use(page);
  },
});

export { expect };

// ---------- helpers used by several specs ----------

export const nav = (page: Page, view: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: view, exact: true });

export async function openView(page: Page, view: string): Promise<void> {
  await nav(page, view).click();
  await expect(nav(page, view)).toHaveAttribute('aria-current', 'page');
}

/** Switches a fault on in the simulator through its admin API. */
export async function injectFault(simulator: RunningSimulator, fault: { kind: string; path?: string; count?: number; status?: number; retryAfterSeconds?: number }): Promise<void> {
  const response = await fetch(`${simulator.url}/__admin/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Admin-Token': simulator.adminToken },
    body: JSON.stringify(fault),
  });
  if (!response.ok) throw new Error(`fault injection refused: ${response.status} ${await response.text()}`);
}

/** Adds an account through the Accounts view's form, as a person would. */
export async function addAccount(page: Page, account: { name: string; baseUrl: string; apiKey: string; apiSecret: string }): Promise<void> {
  await openView(page, 'Accounts');
  const form = page.getByRole('form', { name: 'Add an account' });
  await form.getByLabel('Name').fill(account.name);
  await form.getByLabel('Region').selectOption('custom');
  await form.getByLabel('Base URL').fill(account.baseUrl);
  await form.getByLabel('API key').fill(account.apiKey);
  await form.getByLabel('API secret').fill(account.apiSecret);
  await form.getByRole('button', { name: 'Test & save' }).click();
}
