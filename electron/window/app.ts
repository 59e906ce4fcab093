/**
 * The Electron shell around the core: one instance, one hardened window, the router on one IPC
 * channel, core events pushed to the window. Everything security-relevant is set up before the
 * first window exists.
 */
import { app, BrowserWindow, dialog, ipcMain, protocol, session, shell, type IpcMainInvokeEvent } from 'electron';
import { IPC_CANCEL_CHANNEL, IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../../shared/ipc';
import { createCore, type Core, type CoreOptions } from '../core';
import { defaultUserDataDir, PRODUCT_NAME, userDataDirFromArgs } from '../paths';
import { electronSenderPolicy, type Sender } from '../router/sender';
import { createLogger, logFileIn } from '../services/logging';
import { languagePickedIn } from '../services/settings';
import { installApplicationMenu } from '../shell/menu';
import { APP_ENTRY_URL, APP_ORIGIN, handleAppProtocol, registerAppScheme } from './app-protocol';
import { installAlertsTray, type AlertsTray } from './alerts-tray';
import { createCancellableCalls } from './call-cancellation';
import { createMainWindow } from './main-window';
import { watchRendererHealth } from './recovery';
import { hardenSession, hardenWebContents } from './security';

export interface ElectronAppOptions {
  /** Folder of the built main.js / preload.cjs (out/electron). */
  buildDir: string;
  /** Folder of the built renderer (out/renderer). */
  rendererDir: string;
  version: string;
  argv?: readonly string[];
  env?: NodeJS.ProcessEnv;
  /** Where the one-line JSON ready message goes (default stdout, read by launchers and tests). */
  announce?: (line: string) => void;
  /** The Demo exchange and the alert watcher's timers (tests steer both). */
  core?: Pick<CoreOptions, 'startSimulator' | 'alerts'>;
}

/** Development = an unpackaged run with DESK_DEV=1; only then may DevTools open. */
function isDevelopmentRun(isPackaged: boolean, env: NodeJS.ProcessEnv): boolean {
  return !isPackaged && env.DESK_DEV === '1';
}

function senderOf(event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>): Sender {
  const frame = event.senderFrame;
  return {
    transport: 'electron',
    webContentsId: event.sender.id,
    frameUrl: frame?.url ?? '',
    isMainFrame: frame !== null && frame !== undefined && frame === event.sender.mainFrame,
  };
}

export interface ElectronAppHandle {
  /** Resolves when the window is up; null when another instance already runs (this one quits). */
  ready: Promise<{ core: Core; window: BrowserWindow } | null>;
}

export function runElectronApp(options: ElectronAppOptions): ElectronAppHandle {
  const argv = options.argv ?? process.argv;
  const env = options.env ?? process.env;
  const isDevelopment = isDevelopmentRun(app.isPackaged, env);

  // Before `ready`: every renderer sandboxed (not only the windows that ask for it), the scheme's
  // privileges and the profile folder cannot change afterwards.
  app.enableSandbox();
  registerAppScheme(protocol);
  app.setName(PRODUCT_NAME);
  app.setPath('userData', userDataDirFromArgs(argv) ?? defaultUserDataDir());
  // Chromium's own words and date order (date fields, native dialogs) follow its locale, fixed at
  // start-up: a language picked in Settings becomes it from the next start; "system" keeps the OS's.
  const pickedLanguage = languagePickedIn(app.getPath('userData'));
  if (pickedLanguage) app.commandLine.appendSwitch('lang', pickedLanguage);

  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return { ready: Promise.resolve(null) };
  }

  const logger = createLogger({ file: logFileIn(app.getPath('userData')), echo: isDevelopment });
  const trustedWindowIds = new Set<number>();
  let mainWindow: BrowserWindow | null = null;
  let core: Core | null = null;
  let alertsTray: AlertsTray | null = null;
  /** Set as soon as a quit starts, so the window's close is a real close then, not a hide to the tray. */
  let quitRequested = false;

  function showMainWindow(): void {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  }

  app.on('second-instance', () => showMainWindow());

  // Every WebContents, including any the app did not mean to create, gets the same rules.
  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, { openExternal: (url) => shell.openExternal(url), logger, isDevelopment });
  });

  const ready = app.whenReady().then(() => {
    hardenSession(session.defaultSession, { appOrigin: APP_ORIGIN, logger });
    handleAppProtocol(protocol, options.rendererDir);
    installApplicationMenu({ isDevelopment, productName: PRODUCT_NAME, version: options.version });

    const created = createCore({
      userDataDir: app.getPath('userData'),
      mode: 'electron',
      logger,
      prefetchLanding: true,
      systemLanguages: () => [app.getLocale()],
      ...options.core,
      isTrustedSender: electronSenderPolicy({ trustedWebContentsIds: () => trustedWindowIds, appOrigin: APP_ORIGIN }),
    });
    core = created;
    const cancellable = createCancellableCalls();
    ipcMain.handle(IPC_INVOKE_CHANNEL, (event, channel: unknown, payload: unknown, callId: unknown) =>
      cancellable.run(event.sender.id, callId, (signal) => created.route(channel, payload, senderOf(event), { signal })),
    );
    ipcMain.on(IPC_CANCEL_CHANNEL, (event, callId: unknown) => cancellable.cancel(event.sender.id, callId));
    created.onEvent((name, payload) => {
      for (const window of BrowserWindow.getAllWindows()) {
        if (trustedWindowIds.has(window.webContents.id)) window.webContents.send(IPC_EVENT_CHANNEL, name, payload);
      }
    });

    alertsTray = installAlertsTray({ onEvent: (listener) => created.onEvent(listener), productName: PRODUCT_NAME, words: () => created.words(), showWindow: showMainWindow, quit: () => app.quit() });

    const window = createMainWindow({ preloadPath: `${options.buildDir}/preload.cjs`, isDevelopment, title: PRODUCT_NAME });
    // With position alerts on, closing the window keeps the app in the tray so alerts keep coming.
    window.on('close', (event) => {
      if (quitRequested || !alertsTray?.watching) return;
      event.preventDefault();
      window.hide();
    });
    watchRendererHealth(window, { dialog, logger, quit: () => app.quit() });
    const windowId = window.webContents.id;
    trustedWindowIds.add(windowId);
    window.on('closed', () => {
      trustedWindowIds.delete(windowId);
      mainWindow = null;
    });
    mainWindow = window;
    const announce = options.announce ?? ((line: string) => process.stdout.write(line));
    announce(`${JSON.stringify({ event: 'ready', mode: 'electron', url: APP_ENTRY_URL })}\n`);
    return { core: created, window };
  });

  app.on('window-all-closed', () => app.quit());
  let quitting = false;
  app.on('before-quit', (event) => {
    quitRequested = true;
    if (quitting || !core) return;
    // Let the core finish (withdrawal journal, simulator) before the process goes.
    event.preventDefault();
    quitting = true;
    alertsTray?.dispose();
    void core.close().finally(() => app.quit());
  });

  return { ready };
}
