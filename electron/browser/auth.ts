/**
 * Who may talk to browser mode's API. The server listens on 127.0.0.1 only, but any web page the
 * user visits can send requests to 127.0.0.1, and DNS rebinding can make a foreign name resolve
 * there. So every /api call must prove it comes from the page we served (as Jupyter does it):
 *  - The launch token: random per launch, handed to the page in the launch URL's query (sent only
 *    to this server, never in a Referer: every page says no-referrer), compared in constant time.
 *    It is single-use: the first request for the page that carries it exchanges it for a session
 *    cookie (HttpOnly, SameSite=Strict, named by port), and from then on only that cookie opens
 *    the API. So the launch URL left in the browser's history opens nothing. Until that exchange,
 *    `X-Desk-Token` with the launch token is accepted (tools and tests that never load the page);
 *    a custom header forces a CORS preflight, which we never answer, so foreign pages cannot send it.
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

function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

function allowedOrigins(port: number): string[] {
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

/** What proves a caller is ours right now (server.ts keeps it). */
export interface ApiCredentials {
  /** The launch token while it has not been exchanged yet; null afterwards. */
  launchToken: string | null;
  /** The session cookie the exchange handed out, once it has. */
  session: { name: string; value: string } | null;
}

export function sessionCookieName(port: number): string {
  // Cookies ignore ports: two apps on 127.0.0.1 must not overwrite each other's.
  return `desk_session_${port}`;
}

/** The Set-Cookie value for the session: gone when the browser closes, never sent cross-site or read by scripts. */
export function sessionCookie(name: string, value: string): string {
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Strict`;
}

function cookieValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const header = single(headers.cookie);
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

export function checkApiRequest(headers: IncomingHttpHeaders, port: number, credentials: ApiCredentials): AuthVerdict {
  const hostVerdict = checkHost(headers, port);
  if (!hostVerdict.ok) return hostVerdict;
  const origin = headers.origin;
  if (origin !== undefined && (Array.isArray(origin) || !allowedOrigins(port).includes(origin.toLowerCase()))) {
    return { ok: false, status: 403, error: 'Origin not allowed' };
  }
  const { session, launchToken } = credentials;
  const cookie = session ? cookieValue(headers, session.name) : undefined;
  if (session && cookie !== undefined && tokensEqual(session.value, cookie)) return { ok: true };
  const received = single(headers[TOKEN_HEADER]);
  if ((received === undefined || received.length === 0) && cookie === undefined) return { ok: false, status: 401, error: 'Missing token' };
  if (launchToken !== null && received !== undefined && tokensEqual(launchToken, received)) return { ok: true };
  return { ok: false, status: 401, error: 'Invalid token' };
}
