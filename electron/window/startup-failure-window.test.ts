/**
 * The startup-failure window against the stand-in electron module: hardened as the main window,
 * showing the renderer's page with the failure in its hash, done when the person closes it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STARTUP_FAILURE_HASH, type StartupFailure } from '../../shared/model/startupFailure';
import { fake, FakeBrowserWindow, resetFakeElectron } from '../test/fake-electron';

vi.mock('electron', async () => (await import('../test/fake-electron')).electronModule);

const { showStartupFailureWindow } = await import('./startup-failure-window');
const { APP_ENTRY_URL } = await import('./app-protocol');

const failure: StartupFailure = { code: 'database_too_new', folder: '/home/a/desk', file: '/home/a/desk/desk.sqlite', cause: null, pid: null };

afterEach(() => resetFakeElectron());

describe('showStartupFailureWindow', () => {
  it('before the app started: sandbox and scheme before ready, a hardened window on the failure page, done on close', async () => {
    let done = false;
    const shown = showStartupFailureWindow({ failure, rendererDir: '/app/out/renderer', preloadPath: '/app/out/electron/preload.cjs', appStarted: false }).then(() => (done = true));
    expect(fake.sandboxEnabledBeforeReady).toBe(true);
    expect(fake.privilegedSchemes).toHaveLength(1);
    fake.resolveReady();
    await vi.waitFor(() => expect(FakeBrowserWindow.created).toHaveLength(1));
    const window = FakeBrowserWindow.created[0]!;
    expect(fake.protocolHandlers.has('app')).toBe(true);
    expect(fake.permissionRequestHandler).toBeTypeOf('function');
    expect(window.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, devTools: false });
    const url = window.loadedUrl!;
    expect(url.startsWith(APP_ENTRY_URL + STARTUP_FAILURE_HASH)).toBe(true);
    expect(JSON.parse(decodeURIComponent(url.slice((APP_ENTRY_URL + STARTUP_FAILURE_HASH).length)))).toEqual(failure);
    // Every callback already due has run: the window is still open, so nothing is done yet.
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    window.emit('closed');
    await shown;
    expect(done).toBe(true);
  });

  it('after the app started: registers nothing again, only opens the window', async () => {
    fake.resolveReady();
    const shown = showStartupFailureWindow({ failure, rendererDir: '/app/out/renderer', preloadPath: '/p.cjs', appStarted: true });
    await vi.waitFor(() => expect(FakeBrowserWindow.created).toHaveLength(1));
    expect(fake.privilegedSchemes).toHaveLength(0);
    expect(fake.protocolHandlers.size).toBe(0);
    FakeBrowserWindow.created[0]!.emit('closed');
    await shown;
  });
});
