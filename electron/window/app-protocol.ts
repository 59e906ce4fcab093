/**
 * The renderer is loaded from `app://renderer/…`, a privileged custom scheme backed by the built
 * files in out/renderer, rather than file://: a file:// page could read any local file the user
 * can, while this scheme serves exactly one folder (static/files.ts refuses traversal), with the
 * CSP header on every response, and gives the page a stable origin the router can check.
 */
import type { Protocol } from 'electron';
import { STATIC_SECURITY_HEADERS } from '../static/csp';
import { createStaticFiles, type StaticFiles } from '../static/files';
import { FIRST_SCREEN_PAGE_HEADERS, firstScreenPage } from '../static/firstScreen';
import type { Bootstrap, RenderFirstScreen } from '../../shared/model/startup';
import type { Logger } from '../services/logging/logger';

export const APP_SCHEME = 'app';
export const APP_HOST = 'renderer';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * Must run before the app is ready. `standard` + `secure` give the scheme a real origin and
 * secure-context APIs. `codeCache` (Electron 28.1+, standard schemes only) lets V8 keep the compiled
 * code of our scripts between launches, as it does for http(s): without it every launch parses
 * and compiles the first chunk's ~330 KB of JavaScript again.
 */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false, stream: false, codeCache: true } },
  ]);
}

/**
 * What the page needs to come with its first screen (static/firstScreen.ts), as browser mode serves
 * it: only this app's window loads app://, so every load of the entry page gets it.
 */
export interface AppFirstScreen {
  bootstrap(): Promise<Bootstrap | null>;
  render: Promise<RenderFirstScreen | null>;
  logger: Pick<Logger, 'error'>;
  /**
   * The page's languages when its request carries no Accept-Language (as navigator.languages starts:
   * Electron's locale), so that a 'system' choice is written in the language the page will speak.
   */
  languages: () => readonly string[];
}

const ENTRY_PATHS = new Set(['/', '/index.html']);

/** Answers one app:// request; exported so tests can call it without Electron. */
export async function respondToAppRequest(files: StaticFiles, requestUrl: string, firstScreen?: AppFirstScreen, acceptLanguage?: string | null): Promise<Response> {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return new Response('Bad request', { status: 400, headers: { ...STATIC_SECURITY_HEADERS } });
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) {
    return new Response('Not found', { status: 404, headers: { ...STATIC_SECURITY_HEADERS } });
  }
  const file = await files.read(url.pathname);
  if (!file) return new Response('Not found', { status: 404, headers: { ...STATIC_SECURITY_HEADERS } });
  if (firstScreen && ENTRY_PATHS.has(url.pathname)) {
    const page = await firstScreenPage({
      indexHtml: file.body.toString('utf8'),
      bootstrap: () => firstScreen.bootstrap(),
      render: await firstScreen.render,
      acceptLanguage: acceptLanguage || firstScreen.languages().join(','),
      logger: firstScreen.logger,
    });
    if (page !== null) return new Response(page, { status: 200, headers: FIRST_SCREEN_PAGE_HEADERS });
  }
  return new Response(file.body, { status: 200, headers: { ...STATIC_SECURITY_HEADERS, 'Content-Type': file.contentType } });
}

export function handleAppProtocol(protocol: Pick<Protocol, 'handle'>, rendererDir: string, firstScreen?: AppFirstScreen): void {
  // The same checked, read-once files as browser mode (electron/static/files.ts).
  const files = createStaticFiles(rendererDir);
  protocol.handle(APP_SCHEME, (request) => respondToAppRequest(files, request.url, firstScreen, request.headers.get('accept-language')));
}
