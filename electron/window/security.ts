/**
 * Window hardening, applied to the session and to every WebContents the app ever creates:
 * the renderer is treated as untrusted content that may only show our pages and call the
 * router through the preload.
 */
import type { Session, WebContents, WebPreferences } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../static/csp';
import { originOf } from '../router/sender';
import { isAllowedExternalUrl } from './external-links';

export interface HardeningLogger {
  warn(message: string, details?: Record<string, unknown>): void;
}

export function secureWebPreferences(preloadPath: string, isDevelopment: boolean): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    devTools: isDevelopment,
    // The same files open at every launch: cache their compiled code from the first run on,
    // instead of after V8's default heat check (a script seen twice) delays it to the third.
    v8CacheOptions: 'bypassHeatCheck',
  };
}

/**
 * The only permission granted is `notifications`, and only to our own pages: the positions view
 * raises a desktop notification when a position the user watches enters margin_call or
 * liquidation (opt-in per account), which must reach them while the window is in the background.
 * Camera, microphone, geolocation, clipboard reads, USB/serial/HID, fullscreen, etc. are denied.
 */
function isPermissionAllowed(permission: string, requestingUrl: string, appOrigin: string): boolean {
  return permission === 'notifications' && originOf(requestingUrl) === appOrigin;
}

export function hardenSession(session: Session, options: { appOrigin: string; logger: HardeningLogger }): void {
  const { appOrigin, logger } = options;
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const allowed = isPermissionAllowed(permission, details.requestingUrl, appOrigin);
    if (!allowed) logger.warn('permission request denied', { permission, origin: originOf(details.requestingUrl) });
    callback(allowed);
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => isPermissionAllowed(permission, requestingOrigin, appOrigin));
  session.setDevicePermissionHandler(() => false);
  // The CSP as a response header on everything the session loads (the page's meta tag repeats it).
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...details.responseHeaders };
    for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-security-policy') delete headers[name];
    headers['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
    callback({ responseHeaders: headers });
  });
  session.on('will-download', (event) => event.preventDefault());
}

export interface WebContentsHardeningOptions {
  openExternal: (url: string) => Promise<void>;
  logger: HardeningLogger;
  isDevelopment: boolean;
}

/** Opens an allow-listed link in the user's browser; anything else is only logged. */
function openIfAllowed(url: string, options: WebContentsHardeningOptions): void {
  if (isAllowedExternalUrl(url)) {
    options.openExternal(url).catch((error: unknown) => options.logger.warn('could not open external link', { error: String(error) }));
  } else {
    options.logger.warn('blocked a link that is not on the allow-list', { origin: originOf(url) });
  }
}

export function hardenWebContents(contents: WebContents, options: WebContentsHardeningOptions): void {
  // No new windows, ever: an allow-listed link opens in the user's browser instead.
  contents.setWindowOpenHandler(({ url }) => {
    openIfAllowed(url, options);
    return { action: 'deny' };
  });
  // The app is a single page: any navigation away from it is refused (links go to the browser).
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    openIfAllowed(url, options);
  });
  // Same for subframes (the app has none; an injected iframe must not wander off either).
  contents.on('will-frame-navigate', (details) => details.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  if (!options.isDevelopment) {
    contents.on('devtools-opened', () => contents.closeDevTools());
  }
}
