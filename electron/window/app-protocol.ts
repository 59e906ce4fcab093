/**
 * The renderer is loaded from `app://renderer/…`, a privileged custom scheme backed by the built
 * files in out/renderer, rather than file://: a file:// page could read any local file the user
 * can, while this scheme serves exactly one folder (static/files.ts refuses traversal), with the
 * CSP header on every response, and gives the page a stable origin the router can check.
 */
import type { Protocol } from 'electron';
import { STATIC_SECURITY_HEADERS } from '../static/csp';
import { createStaticFiles, type StaticFiles } from '../static/files';

const APP_SCHEME = 'app';
const APP_HOST = 'renderer';
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

/** Answers one app:// request; exported so tests can call it without Electron. */
export async function respondToAppRequest(files: StaticFiles, requestUrl: string): Promise<Response> {
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
  return new Response(file.body, { status: 200, headers: { ...STATIC_SECURITY_HEADERS, 'Content-Type': file.contentType } });
}

export function handleAppProtocol(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  // The same checked, read-once files as browser mode (electron/static/files.ts).
  const files = createStaticFiles(rendererDir);
  protocol.handle(APP_SCHEME, (request) => respondToAppRequest(files, request.url));
}
