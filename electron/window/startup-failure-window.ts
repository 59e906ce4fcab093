/**
 * Electron's page for a start that failed: a small window, hardened as the main one, showing the
 * renderer's startup-failure view (the failure's code and values in the address's hash). It needs
 * no router: the view asks the main process nothing.
 */
import { app, BrowserWindow, protocol, session, shell } from 'electron';
import { startupFailureHash, type StartupFailure } from '../../shared/model/startupFailure';
import { APP_ENTRY_URL, APP_ORIGIN, handleAppProtocol, registerAppScheme } from './app-protocol';
import { hardenSession, hardenWebContents, secureWebPreferences } from './security';

export interface StartupFailureWindowOptions {
  failure: StartupFailure;
  rendererDir: string;
  preloadPath: string;
  /** True when the app had already started (scheme, protocol and session hardening are in place). */
  appStarted: boolean;
}

const logger = { warn: (message: string) => process.stderr.write(`${message}\n`) };

/** Resolves when the person has closed the window. */
export async function showStartupFailureWindow(options: StartupFailureWindowOptions): Promise<void> {
  if (!options.appStarted) {
    app.enableSandbox();
    registerAppScheme(protocol);
    app.on('web-contents-created', (_event, contents) => {
      hardenWebContents(contents, { openExternal: (url) => shell.openExternal(url), logger, isDevelopment: false });
    });
  }
  await app.whenReady();
  if (!options.appStarted) {
    hardenSession(session.defaultSession, { appOrigin: APP_ORIGIN, logger });
    handleAppProtocol(protocol, options.rendererDir);
  }
  const window = new BrowserWindow({
    width: 720,
    height: 480,
    show: false,
    title: 'WhiteBIT Desk',
    backgroundColor: '#111418',
    webPreferences: secureWebPreferences(options.preloadPath, false),
  });
  window.once('ready-to-show', () => window.show());
  const closed = new Promise<void>((resolve) => window.once('closed', () => resolve()));
  void window.loadURL(APP_ENTRY_URL + startupFailureHash(options.failure));
  await closed;
}
