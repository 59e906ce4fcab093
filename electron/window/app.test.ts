/**
 * The Electron shell with a recording stand-in for the `electron` module (the binary cannot run
 * here). The shell code, the core, the router and the hardening rules are all real; each test
 * asserts one of the security settings or behaviours from the design.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../../shared/ipc';
import { CONTENT_SECURITY_POLICY } from '../static/csp';
import { fake, FakeBrowserWindow, resetFakeElectron, type FakeWebContents } from '../test/fake-electron';
import { startSimulator, type RunningSimulator } from '../simulator';
import { admin } from '../simulator/test/admin-client';
import type { AlertTimers } from '../services/alerts';
import { createSilentLogger } from '../services/logging';
import { createSettingsStore, languagePickedIn } from '../services/settings';
import type { LanguageChoice } from '../../shared/model/settings';

vi.mock('electron', async () => (await import('../test/fake-electron')).electronModule);

const { runElectronApp } = await import('./app');
const { APP_ENTRY_URL, APP_ORIGIN } = await import('./app-protocol');

let userDataDir: string;
let handles: Array<Awaited<ReturnType<typeof runElectronApp>['ready']>> = [];
let announced: string[] = [];

async function start(options: { env?: NodeJS.ProcessEnv; isPackaged?: boolean; core?: Parameters<typeof runElectronApp>[0]['core'] } = {}) {
  fake.isPackaged = options.isPackaged ?? true;
  const handle = runElectronApp({
    buildDir: '/app/out/electron',
    rendererDir: '/app/out/renderer',
    version: '9.9.9',
    argv: ['electron', 'main.js', `--user-data-dir=${userDataDir}`],
    env: options.env ?? {},
    announce: (line) => announced.push(line),
    ...(options.core ? { core: options.core } : {}),
  });
  fake.resolveReady();
  const ready = await handle.ready;
  handles.push(ready);
  return ready;
}

function theWindow(): FakeBrowserWindow {
  const window = FakeBrowserWindow.created[0];
  if (!window) throw new Error('no window was created');
  return window;
}

beforeEach(() => {
  resetFakeElectron();
  userDataDir = mkdtempSync(join(tmpdir(), 'desk-shell-'));
  handles = [];
  announced = [];
});

afterEach(async () => {
  for (const handle of handles) await handle?.core.close();
  rmSync(userDataDir, { recursive: true, force: true });
});

describe('window settings', () => {
  it('cannot be made smaller than 1024 x 700, the smallest size every view is laid out for', async () => {
    await start();
    expect(theWindow().options).toMatchObject({ minWidth: 1024, minHeight: 700 });
  });

  it('asks V8 to cache the compiled scripts from the first launch on', async () => {
    await start();
    expect((theWindow().options.webPreferences as Record<string, unknown>).v8CacheOptions).toBe('bypassHeatCheck');
  });

  it('creates the window with context isolation, sandbox, no Node, web security and the preload', async () => {
    await start();
    const prefs = theWindow().options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
    });
    expect(prefs.preload).toBe('/app/out/electron/preload.cjs');
  });

  it('sandboxes every renderer process app-wide, before the app is ready', async () => {
    await start();
    expect(fake.sandboxCalls).toBe(1);
    expect(fake.sandboxEnabledBeforeReady).toBe(true);
  });

  it('loads the renderer from the app:// protocol, never file:// or the network', async () => {
    await start();
    expect(theWindow().loadedUrl).toBe(APP_ENTRY_URL);
    expect(APP_ENTRY_URL).toBe('app://renderer/index.html');
    expect(fake.privilegedSchemes).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }]);
    expect(fake.protocolHandlers.has('app')).toBe(true);
  });

  it('serves renderer files through the protocol with the CSP header', async () => {
    await start();
    const handler = fake.protocolHandlers.get('app');
    const response = (await handler?.({ url: 'app://renderer/../../etc/passwd', headers: new Headers() })) as Response;
    expect(response.status).toBe(404);
  });

  it('uses the --user-data-dir folder and names the app', async () => {
    await start();
    expect(fake.paths.get('userData')).toBe(userDataDir);
    expect(fake.name).toBe('WhiteBIT Desk');
  });
});

describe("Chromium's locale", () => {
  /** Picks a language as the Settings view does, through the settings store, then quits. */
  async function pick(language: LanguageChoice): Promise<void> {
    await createSettingsStore({ dir: userDataDir, logger: createSilentLogger() }).update((draft) => {
      draft.language = language;
    });
  }

  it('is the language picked in Settings, set before ready so date fields and native dialogs use it', async () => {
    await pick('uk');
    await start();
    expect(fake.switches.get('lang')).toEqual({ value: 'uk', beforeReady: true });
    await pick('en');
    resetFakeElectron();
    await start();
    expect(fake.switches.get('lang')).toEqual({ value: 'en', beforeReady: true });
  });

  it("stays the OS's on a first start, with \"system\" picked, and when the settings file cannot be read, which it leaves as it is", async () => {
    await start();
    expect(fake.switches.has('lang')).toBe(false);

    await pick('system');
    resetFakeElectron();
    await start();
    expect(fake.switches.has('lang')).toBe(false);

    // Damaged: nothing is picked, and reading it for the locale leaves it as it is (the settings
    // store, once the core starts, is what moves a damaged file aside and says so).
    const damaged = '{"version": 1, "accounts": [], "language": "uk"';
    for (const handle of handles) await handle?.core.close();
    handles = [];
    writeFileSync(join(userDataDir, 'settings.json'), damaged);
    expect(languagePickedIn(userDataDir)).toBeNull();
    expect(readFileSync(join(userDataDir, 'settings.json'), 'utf8')).toBe(damaged);
    resetFakeElectron();
    await start();
    expect(fake.switches.has('lang')).toBe(false);
  });
});

describe('single instance', () => {
  it('quits when another instance holds the lock, without creating a window', async () => {
    fake.singleInstance = false;
    const ready = await start();
    expect(ready).toBeNull();
    expect(fake.quitCalls).toBe(1);
    expect(FakeBrowserWindow.created).toHaveLength(0);
  });

  it('focuses the existing window when a second instance starts', async () => {
    await start();
    fake.appEvents.emit('second-instance');
    expect(theWindow().focused).toBe(1);
  });
});

describe('devtools', () => {
  it('are disabled outside development, and closed if opened anyway', async () => {
    await start();
    const contents = theWindow().webContents;
    fake.appEvents.emit('web-contents-created', {}, contents);
    contents.emit('devtools-opened');
    expect(contents.devToolsClosed).toBe(1);
  });

  it('are available only in an unpackaged run with DESK_DEV=1', async () => {
    await start({ isPackaged: false, env: { DESK_DEV: '1' } });
    expect((theWindow().options.webPreferences as Record<string, unknown>).devTools).toBe(true);
    resetFakeElectron();
    await start({ isPackaged: true, env: { DESK_DEV: '1' } });
    expect((theWindow().options.webPreferences as Record<string, unknown>).devTools).toBe(false);
  });
});

describe('navigation and new windows', () => {
  async function hardenedContents(): Promise<FakeWebContents> {
    await start();
    const contents = theWindow().webContents;
    fake.appEvents.emit('web-contents-created', {}, contents);
    return contents;
  }

  it('denies every new window; allow-listed https links open in the user browser instead', async () => {
    const contents = await hardenedContents();
    const open = (url: string) => contents.windowOpenHandler?.({ url });
    expect(open('https://whitebit.com/trade')).toEqual({ action: 'deny' });
    expect(open('https://docs.whitebit.eu/api')).toEqual({ action: 'deny' });
    expect(open('https://evil.example')).toEqual({ action: 'deny' });
    await Promise.resolve();
    expect(fake.openedExternally).toEqual(['https://whitebit.com/trade', 'https://docs.whitebit.eu/api']);
  });

  it.each([
    'http://whitebit.com/',
    'https://whitebit.com.evil.example/',
    'https://evilwhitebit.com/',
    'https://user:pass@whitebit.com/',
    'https://whitebit.com:8443/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'smb://whitebit.com/share',
    'app://renderer/index.html',
  ])('never opens %s externally', async (url) => {
    const contents = await hardenedContents();
    contents.windowOpenHandler?.({ url });
    expect(contents.fire('will-navigate', url)).toBe(true);
    await Promise.resolve();
    expect(fake.openedExternally).toEqual([]);
  });

  it('blocks navigation, redirects, frame navigation and webviews', async () => {
    const contents = await hardenedContents();
    expect(contents.fire('will-navigate', 'https://whitebit.com/')).toBe(true);
    expect(contents.fire('will-navigate', 'app://renderer/other.html')).toBe(true);
    expect(contents.fire('will-redirect', 'https://evil.example/')).toBe(true);
    expect(contents.fire('will-attach-webview', {}, {})).toBe(true);
    expect(contents.fireDetails('will-frame-navigate', { url: 'https://evil.example', isMainFrame: false })).toBe(true);
    // A blocked navigation to an allow-listed site goes to the browser instead.
    await Promise.resolve();
    expect(fake.openedExternally).toEqual(['https://whitebit.com/']);
  });
});

describe('session', () => {
  it('denies every permission request except notifications for the app itself', async () => {
    await start();
    const ask = (permission: string, requestingUrl: string) =>
      new Promise<boolean>((resolve) => fake.permissionRequestHandler?.({}, permission, resolve, { requestingUrl }));
    expect(await ask('notifications', `${APP_ORIGIN}/index.html`)).toBe(true);
    expect(await ask('notifications', 'https://evil.example/')).toBe(false);
    for (const permission of ['media', 'geolocation', 'clipboard-read', 'openExternal', 'fullscreen', 'hid', 'serial', 'usb', 'midiSysex', 'pointerLock']) {
      expect(await ask(permission, `${APP_ORIGIN}/index.html`), permission).toBe(false);
    }
    expect(fake.permissionCheckHandler?.({}, 'notifications', APP_ORIGIN, {})).toBe(true);
    expect(fake.permissionCheckHandler?.({}, 'media', APP_ORIGIN, {})).toBe(false);
    expect(fake.permissionCheckHandler?.({}, 'notifications', 'https://evil.example', {})).toBe(false);
    expect(fake.devicePermissionHandler?.({})).toBe(false);
  });

  it('puts the strict CSP header on every response, replacing any other', async () => {
    await start();
    let result: { responseHeaders: Record<string, string[]> } | undefined;
    fake.headersReceived?.({ url: 'app://renderer/index.html', responseHeaders: { 'content-security-policy': ["default-src *"], 'x-other': ['1'] } }, (r: typeof result) => (result = r));
    expect(result?.responseHeaders).toEqual({ 'Content-Security-Policy': [CONTENT_SECURITY_POLICY], 'x-other': ['1'] });
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
  });

  it('cancels downloads', async () => {
    await start();
    let prevented = false;
    fake.sessionEvents.emit('will-download', { preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
  });
});

describe('IPC', () => {
  async function invoke(event: Record<string, unknown>, channel: unknown, payload: unknown) {
    const handler = fake.ipcHandlers.get(IPC_INVOKE_CHANNEL);
    if (!handler) throw new Error('no IPC handler');
    return (await handler(event, channel, payload)) as { ok: boolean; error?: { kind: string }; data?: unknown };
  }

  it('answers the main frame of the app window through the router', async () => {
    await start();
    const contents = theWindow().webContents;
    const answer = await invoke({ sender: contents, senderFrame: contents.mainFrame }, 'app.info', {});
    expect(answer).toMatchObject({ ok: true, data: { mode: 'electron', version: expect.any(String) } });
  });

  it('refuses other WebContents, subframes and foreign page URLs', async () => {
    await start();
    const contents = theWindow().webContents;
    const stranger = new (await import('../test/fake-electron')).FakeWebContents();
    stranger.mainFrame.url = APP_ENTRY_URL;
    const subframe = { url: APP_ENTRY_URL };
    expect((await invoke({ sender: stranger, senderFrame: stranger.mainFrame }, 'app.info', {})).error?.kind).toBe('permission');
    expect((await invoke({ sender: contents, senderFrame: subframe }, 'app.info', {})).error?.kind).toBe('permission');
    contents.mainFrame.url = 'https://evil.example/';
    expect((await invoke({ sender: contents, senderFrame: contents.mainFrame }, 'app.info', {})).error?.kind).toBe('permission');
    expect((await invoke({ sender: contents, senderFrame: null }, 'app.info', {})).error?.kind).toBe('permission');
  });

  it('stops trusting a window once it is closed', async () => {
    await start();
    const window = theWindow();
    window.emit('closed');
    const answer = await invoke({ sender: window.webContents, senderFrame: window.webContents.mainFrame }, 'app.info', {});
    expect(answer.error?.kind).toBe('permission');
  });

  it('pushes core events to the app window on the event channel', async () => {
    await start();
    const contents = theWindow().webContents;
    await invoke({ sender: contents, senderFrame: contents.mainFrame }, 'accounts.select', { accountId: 'demo' });
    expect(contents.sent).toContainEqual({ channel: IPC_EVENT_CHANNEL, args: ['accounts.changed', { activeAccountId: 'demo' }] });
  });
});

describe('cancelling a call from the page', () => {
  it('routes calls with the page\'s number and listens for its cancel on the cancel channel', async () => {
    await start();
    const event = { sender: theWindow().webContents, senderFrame: theWindow().webContents.mainFrame };
    const answer = (await fake.ipcHandlers.get('exchange:invoke')!(event, 'app.info', {}, 1)) as { ok: boolean };
    expect(answer.ok).toBe(true);
    expect(fake.ipcListeners.has('exchange:cancel')).toBe(true);
    // Cancelling a finished or unknown call is harmless.
    expect(() => fake.ipcListeners.get('exchange:cancel')!(event, 1)).not.toThrow();
    expect(() => fake.ipcListeners.get('exchange:cancel')!(event, 'x')).not.toThrow();
  });
});

describe('a crashed or frozen renderer', () => {
  const gone = (reason: string) => theWindow().webContents.emit('render-process-gone', {}, { reason, exitCode: 1 });
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('offers a reload after the page crashed, and reloads the app page when asked', async () => {
    await start();
    const loadsBefore = theWindow().loadedUrls.length;
    fake.messageBoxResponse = 0;
    gone('crashed');
    await settle();
    expect(fake.messageBoxes).toHaveLength(1);
    expect(fake.messageBoxes[0]!.options).toMatchObject({ buttons: ['Reload', 'Quit'], message: 'The window stopped working.' });
    expect(String(fake.messageBoxes[0]!.options.detail)).toContain('crashed');
    expect(theWindow().loadedUrls.slice(loadsBefore)).toEqual([APP_ENTRY_URL]);
  });

  it('quits when the person chooses Quit, and says nothing after a clean exit', async () => {
    await start();
    gone('clean-exit');
    await settle();
    expect(fake.messageBoxes).toHaveLength(0);
    fake.messageBoxResponse = 1;
    gone('oom');
    await settle();
    expect(fake.quitCalls).toBe(1);
  });

  it('offers Reload or Wait when the page stops responding, and asks once at a time', async () => {
    await start();
    const loadsBefore = theWindow().loadedUrls.length;
    fake.messageBoxResponse = 1;
    theWindow().emit('unresponsive');
    theWindow().emit('unresponsive');
    await settle();
    expect(fake.messageBoxes).toHaveLength(1);
    expect(fake.messageBoxes[0]!.options).toMatchObject({ buttons: ['Reload', 'Wait'] });
    expect(theWindow().loadedUrls.length).toBe(loadsBefore);
    expect(fake.quitCalls).toBe(0);
  });
});

describe('lifecycle', () => {
  it('installs the application menu once ready, then announces readiness in one JSON line', async () => {
    await start();
    expect(fake.applicationMenus).toHaveLength(1);
    expect(announced).toEqual([`${JSON.stringify({ event: 'ready', mode: 'electron', url: APP_ENTRY_URL })}\n`]);
  });

  it('closes the core before quitting', async () => {
    const ready = await start();
    let prevented = false;
    fake.appEvents.emit('before-quit', { preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    await vi.waitFor(() => expect(fake.quitCalls).toBe(1));
    const after = await ready?.core.route('app.info', {}, { transport: 'direct' });
    expect(after?.ok).toBe(false);
  });
});

describe('position alerts in the tray', () => {
  let sim: RunningSimulator;
  let pending: (() => void) | null;
  const timers: AlertTimers = { setTimeout: (callback) => (pending = callback), clearTimeout: () => void (pending = null) };

  beforeEach(async () => {
    pending = null;
    sim = await startSimulator({ seed: 42, rateLimits: false, priceTickMs: 0 });
  });
  afterEach(async () => {
    await sim.close();
  });

  async function startWithAlerts(threshold: string | null) {
    const ready = await start({ core: { startSimulator: async () => sim, alerts: { intervalMs: 1000, timers } } });
    const contents = theWindow().webContents;
    const handler = fake.ipcHandlers.get(IPC_INVOKE_CHANNEL)!;
    const answer = (await handler({ sender: contents, senderFrame: contents.mainFrame }, 'accounts.update', { accountId: 'demo', notifyPositions: true, alertThresholdPercent: threshold })) as { ok: boolean };
    expect(answer.ok).toBe(true);
    await vi.waitFor(() => expect(fake.trays).toHaveLength(1));
    return { ready, tray: fake.trays[0]! };
  }

  /** Runs the watcher's next scheduled refresh and waits until it has pushed its status. */
  async function refresh() {
    const sent = () => theWindow().webContents.sent.filter((m) => m.args[0] === 'alerts.status').length;
    const before = sent();
    const run = pending;
    pending = null;
    run?.();
    await vi.waitFor(() => expect(sent()).toBeGreaterThan(before));
  }

  /**
   * After a price move: the crossing is judged from the live model, so it fires with the next push
   * or the watcher's next pass, whichever reads the new price first. Runs the pass, then waits for
   * the notification.
   */
  async function crossingNotified() {
    await refresh();
    await vi.waitFor(() => expect(fake.notifications.length).toBeGreaterThan(1), { timeout: 5_000 });
  }

  it('shows the worst risk in the tray and raises a main-process Notification per alert, also pushed to the page', async () => {
    const { tray } = await startWithAlerts('10');
    // The Demo account (the simulator's Main) has positions in liquidation from the start.
    expect(tray.tooltip).toMatch(/^WhiteBIT Desk: \d+ positions? in liquidation$/);
    expect(tray.contextMenu?.template.map((i) => i.label)).toEqual(['Show WhiteBIT Desk', undefined, 'Quit']);
    // Positions already at risk when the account is first watched: one summary, not one per position.
    expect(fake.notifications.map((n) => n.options.title)).toEqual([expect.stringMatching(/^\d+ positions already at risk$/)]);

    await admin(sim, 'POST', 'prices', { market: 'BTC_USDT', price: '52000' });
    await crossingNotified();
    const titles = fake.notifications.slice(1).map((n) => n.options.title);
    expect(titles).toEqual(['BTC_USDT: 7.29 % from liquidation']);
    const notification = fake.notifications[1]!;
    expect(notification.shown).toBe(true);
    // The page gets the codes and values, and words them itself.
    const pushed = theWindow().webContents.sent.filter((m) => m.args[0] === 'alerts.fired').map((m) => m.args[1] as Record<string, unknown>);
    expect(pushed).toMatchObject([{ kind: 'at_risk' }, { kind: 'threshold', market: 'BTC_USDT', distancePercent: '7.29', thresholdPercent: '10' }]);
    expect(pushed[1]).not.toHaveProperty('title');

    // Clicking the notification brings a hidden window back.
    theWindow().hide();
    notification.emit('click');
    expect(theWindow().shown).toBe(true);
  });

  it('words the notification, the tooltip and the tray menu in the language picked in the settings', async () => {
    const { tray } = await startWithAlerts('10');
    const contents = theWindow().webContents;
    const handler = fake.ipcHandlers.get(IPC_INVOKE_CHANNEL)!;
    expect(((await handler({ sender: contents, senderFrame: contents.mainFrame }, 'settings.update', { language: 'uk' })) as { ok: boolean }).ok).toBe(true);
    await admin(sim, 'POST', 'prices', { market: 'BTC_USDT', price: '52000' });
    await crossingNotified();
    // The at-risk summary came at start, before the language was picked.
    expect(fake.notifications.slice(1).map((n) => n.options.title)).toEqual(['BTC_USDT: 7,29 % до ліквідації']);
    expect(fake.notifications[1]!.options.body).toMatch(/^Позиція #\d+ на BTC_USDT \(.+\) за 7,29 % від ціни ліквідації, нижче вашого порогу 10 %\. Відкрийте WhiteBIT Desk/);
    expect(tray.tooltip).toMatch(/^WhiteBIT Desk: \d+ позиці[їяй] (у|в) ліквідації$/);
    expect(tray.contextMenu?.template.map((i) => i.label)).toEqual(['Показати WhiteBIT Desk', undefined, 'Вийти']);
  });

  it('hides the window to the tray on close while alerts are on, and really closes once a quit starts', async () => {
    await startWithAlerts(null);
    const window = theWindow();
    window.shown = true;
    expect(window.fireClose()).toBe(true);
    expect(window.shown).toBe(false);

    // Quit from the tray menu: the close is no longer held back, and the core is closed first.
    fake.trays[0]!.contextMenu!.template.find((i) => i.label === 'Quit')!.click!();
    expect(fake.quitCalls).toBe(1);
    fake.appEvents.emit('before-quit', { preventDefault: () => undefined });
    expect(window.fireClose()).toBe(false);
    await vi.waitFor(() => expect(fake.quitCalls).toBe(2));
    expect(fake.trays[0]!.destroyed).toBe(true);
  });

  it('keeps the app in the tray for an armed price alert with position alerts off, until the alert is deleted', async () => {
    await start({ core: { startSimulator: async () => sim, alerts: { intervalMs: 1000, timers } } });
    const contents = theWindow().webContents;
    const handler = fake.ipcHandlers.get(IPC_INVOKE_CHANNEL)!;
    const call = async (channel: string, payload: unknown) => (await handler({ sender: contents, senderFrame: contents.mainFrame }, channel, payload)) as { ok: boolean; data?: { id: string } };
    expect(fake.trays).toHaveLength(0);

    const created = await call('priceAlerts.create', { rule: { kind: 'price', accountId: 'demo', market: 'BTC_USDT', direction: 'above', threshold: '1000000' }, rearm: 'once' });
    expect(created.ok).toBe(true);
    await vi.waitFor(() => expect(fake.trays).toHaveLength(1));
    expect(fake.trays[0]!.tooltip).toBe('WhiteBIT Desk: Position alerts are off · 1 price alert armed');
    const window = theWindow();
    window.shown = true;
    expect(window.fireClose()).toBe(true);
    expect(window.shown).toBe(false);

    expect((await call('priceAlerts.delete', { id: created.data!.id })).ok).toBe(true);
    await vi.waitFor(() => expect(fake.trays[0]!.destroyed).toBe(true));
    expect(window.fireClose()).toBe(false);
  });

  it('brings the tray back at the next start for a price alert kept from the run before', async () => {
    const first = await start({ core: { startSimulator: async () => sim, alerts: { intervalMs: 1000, timers } } });
    const contents = theWindow().webContents;
    const handler = fake.ipcHandlers.get(IPC_INVOKE_CHANNEL)!;
    const created = (await handler({ sender: contents, senderFrame: contents.mainFrame }, 'priceAlerts.create', { rule: { kind: 'price', accountId: 'demo', market: 'BTC_USDT', direction: 'above', threshold: '1000000' }, rearm: 'once' })) as { ok: boolean };
    expect(created.ok).toBe(true);
    await first?.core.close();
    handles.length = 0;
    resetFakeElectron();

    await start({ core: { startSimulator: async () => sim, alerts: { intervalMs: 1000, timers } } });
    await vi.waitFor(() => expect(fake.trays).toHaveLength(1));
    expect(fake.trays[0]!.tooltip).toBe('WhiteBIT Desk: Position alerts are off · 1 price alert armed');
  });

  it('closes the window normally and removes the tray when alerts are off', async () => {
    await startWithAlerts(null);
    const contents = theWindow().webContents;
    const handler = fake.ipcHandlers.get(IPC_INVOKE_CHANNEL)!;
    await handler({ sender: contents, senderFrame: contents.mainFrame }, 'accounts.update', { accountId: 'demo', notifyPositions: false });
    // A pass already running when the switch came ends with the old status and schedules the
    // watcher's next pass at once; the stand-in timers hold that pass until run here.
    await vi.waitFor(
      () => {
        const run = pending;
        pending = null;
        run?.();
        expect(fake.trays[0]!.destroyed).toBe(true);
      },
      { timeout: 10_000 },
    );
    expect(theWindow().fireClose()).toBe(false);
  });
});
