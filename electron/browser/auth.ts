/**
 * Who may talk to browser mode's API. The server listens on 127.0.0.1 only, but any web page the
 * user visits can send requests to 127.0.0.1, and DNS rebinding can make a foreign name resolve
 * there. So every /api call must prove it comes from the page we served (as Jupyter does it):
 *  - `X-Desk-Token`: random per launch, handed to the page in the launch URL's query (sent only to
 *    this server, with that one request for the page, which it answers with the first screen; never
 *    in a Referer: every page says no-referrer), compared in constant time. The page keeps it in
 *    sessionStorage and takes it out of its address. A custom header also forces a CORS preflight,
 *    which we never answer, so foreign pages cannot even send it.
 *  - `Host` exactly 127.0.0.1:<port> or localhost:<port>: a rebound name fails here.
 *  - `Origin`, when the browser sends one, must be the same origin.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { BROWSER_MODE } from '../../shared/ipc';

export const TOKEN_HEADER = BROWSER_MODE.tokenHeader;
const TOKEN_BYTES = 32;

export function createToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** Constant time whatever the lengths: compare fixed-size digests. */
export function tokensEqual(expected: string, received: string): boolean {
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(received).digest();
  return timingSafeEqual(a, b) && expected.length === received.length;
}

export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

export function allowedOrigins(port: number): string[] {
  return allowedHosts(port).map((host) => `http://${host}`);
}

export type AuthVerdict = { ok: true } | { ok: false; status: 401 | 403; error: string };

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? undefined : value;
}

/** Host check alone: applied to every request, static files included. */
export function checkHost(headers: IncomingHttpHeaders, port: number): AuthVerdict {
  const host = single(headers.host);
  if (!host || !allowedHosts(port).includes(host.toLowerCase())) return { ok: false, status: 403, error: 'Host not allowed' };
  return { ok: true };
}

export function checkApiRequest(headers: IncomingHttpHeaders, port: number, token: string): AuthVerdict {
  const hostVerdict = checkHost(headers, port);
  if (!hostVerdict.ok) return hostVerdict;
  const origin = headers.origin;
  if (origin !== undefined && (Array.isArray(origin) || !allowedOrigins(port).includes(origin.toLowerCase()))) {
    return { ok: false, status: 403, error: 'Origin not allowed' };
  }
  const received = single(headers[TOKEN_HEADER]);
  if (received === undefined || received.length === 0) return { ok: false, status: 401, error: 'Missing token' };
  if (!tokensEqual(token, received)) return { ok: false, status: 401, error: 'Invalid token' };
  return { ok: true };
}
