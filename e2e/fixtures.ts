/**
 * Fixtures for the end-to-end specs. Everything is real: the built app in its own process with a
 * fresh user-data directory, a real exchange simulator over HTTP, Chromium (or Electron).
 *
 *   simulator  an in-process exchange simulator on a free port (url, adminToken, accounts)
 *   app        the built app: browser mode (`node out/electron/launch.js --browser …`) or Electron
 *   appEnv     more environment for the app process (`test.use({ appEnv: { … } })`)
 *   page       the app's window, already open and loaded (in browser mode, the worker's reused window)
 *   apiBodies  bodies of every /api/ response the page received (to prove what never crossed); name it before `page`
 *   freshWindow  `test.use({ freshWindow: true })` for a test that changes the window for good (init scripts)
 *
 * Requires `npm run build` first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, _electron, expect, type Browser, type BrowserContext, type BrowserContextOptions, type ElectronApplication, type Page, type Response } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../electron/simulator';
import { BROWSER_MODE } from '../shared/ipc';
import { pageClockScript, WINDOW_LOCALE, WINDOW_TIMEZONE, WINDOW_VIEWPORT } from './chromium';

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

/** A browser context in the runner's time zone and on its clock (faked or not), as every test window is. */
export async function newContextOnTestClock(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ timezoneId: WINDOW_TIMEZONE, ...options });
  const fakedClock = pageClockScript();
  if (fakedClock !== null) await context.addInitScript(fakedClock);
  return context;
}

/**
 * The browser window a worker's tests share. A new browser context and page per test would cost
 * Chromium a new renderer process each time, the largest part of a short test's CPU; so tests
 * take turns on one page, each navigating it to its own app. Between tests the window is put back
 * as a new one would be (size, colour scheme, motion, cookies, routes, listeners) and left on
 * about:blank, so the app's event stream is closed before the app stops. After a failed test,
 * or one that asked for a fresh window, the window is closed and the next test opens a new one.
 */
class ReusedWindow {
  private current: Page | null = null;
  /** The listeners Playwright itself keeps on the page and its context, which must stay. */
  private ownListeners: ListenerSnapshot[] = [];

  constructor(private readonly browser: Browser) {}

  async context(): Promise<BrowserContext> {
    return (await this.page()).context();
  }

  async page(): Promise<Page> {
    if (this.current && !this.current.isClosed()) return this.current;
    const context = await newContextOnTestClock(this.browser, { viewport: WINDOW_VIEWPORT, locale: WINDOW_LOCALE });
    const page = await context.newPage();
    this.ownListeners = [listenersOf(page), listenersOf(context)];
    this.current = page;
    return page;
  }

  /** Puts the window back for the next test, or closes it when `keep` is false or it cannot be put back. */
  async release(keep: boolean): Promise<void> {
    const page = this.current;
    if (!page) return;
    if (!keep || page.isClosed()) return this.close();
    try {
      const context = page.context();
      for (const snapshot of this.ownListeners) removeListenersAddedSince(snapshot);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.unrouteAll({ behavior: 'ignoreErrors' });
      await page.goto('about:blank', { timeout: 5_000 });
      await context.clearCookies();
      await context.clearPermissions();
      await page.setViewportSize(WINDOW_VIEWPORT);
      await page.emulateMedia({ media: null, colorScheme: 'light', reducedMotion: 'no-preference' });
    } catch {
      await this.close();
    }
  }

  async close(): Promise<void> {
    const page = this.current;
    this.current = null;
    await page?.context().close().catch(() => {});
  }
}

/** Playwright's pages and contexts are Node-style event emitters (its own close handling listens too). */
interface ListenerSnapshot {
  emitter: NodeJS.EventEmitter;
  listeners: Map<string | symbol, unknown[]>;
}

function listenersOf(target: Page | BrowserContext): ListenerSnapshot {
  const emitter = target as unknown as NodeJS.EventEmitter;
  return { emitter, listeners: new Map(emitter.eventNames().map((name) => [name, emitter.rawListeners(name)])) };
}

function removeListenersAddedSince({ emitter, listeners }: ListenerSnapshot): void {
  for (const name of emitter.eventNames()) {
    const kept = listeners.get(name) ?? [];
    for (const listener of emitter.rawListeners(name)) {
      if (!kept.includes(listener)) emitter.removeListener(name, listener as (...args: unknown[]) => void);
    }
  }
}

/** A browser-mode app process on its way up. */
interface StartingApp {
  userDataDir: string;
  starting: ReturnType<typeof spawnBrowserMode>;
}

export const test = base.extend<
  { appEnv: Record<string, string>; freshWindow: boolean; appProcess: StartingApp | null; simulator: RunningSimulator; app: RunningApp; apiBodies: string[] },
  { appMode: AppMode; reusedWindow: ReusedWindow }
>({
  appMode: ['browser', { option: true, scope: 'worker' }],
  freshWindow: [false, { option: true }],

  reusedWindow: [
    async ({ browser }, use) => {
      const window = new ReusedWindow(browser);
      await use(window);
      await window.close();
    },
    { scope: 'worker' },
  ],
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
  apiBodies: async ({ reusedWindow }, use) => {
    const bodies: string[] = [];
    const context = await reusedWindow.context();
    const onResponse = async (response: Response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith('/api/') || url.pathname === '/api/events') return;
      bodies.push(await response.text().catch(() => ''));
    };
    context.on('response', onResponse);
    await use(bodies);
    context.off('response', onResponse);
  },

  page: async ({ appProcess: _startedFirst, reusedWindow, freshWindow, app }, use, testInfo) => {
    if (app.electron) {
      const window = await app.electron.firstWindow();
      await window.setViewportSize(WINDOW_VIEWPORT).catch(() => {});
      await window.waitForLoadState('domcontentloaded');
      await use(window);
      return;
    }
    if (freshWindow) await reusedWindow.close();
    const page = await reusedWindow.page();
    try {
      await page.goto(app.url);
      // Every test starts once the app has rendered over index.html's static shell.
      await expect(page.locator('.boot-shell')).toHaveCount(0, { timeout: 30_000 });
      await use(page);
    } finally {
      await reusedWindow.release(!freshWindow && testInfo.status === testInfo.expectedStatus);
    }
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
