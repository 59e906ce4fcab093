/**
 * Plain `http://` is allowed only to this computer (the demo simulator, a local proxy): a signed
 * request to any other host must travel over TLS. Both the IPC contract (what the user may save)
 * and the exchange client's transport (defence in depth) ask this one question.
 */

/** True for `localhost`, 127.0.0.0/8 and ::1, as `URL.hostname` writes them (IPv6 in brackets or not). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1') return true;
  return /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.test(host) && host.split('.').every((part) => Number(part) <= 255);
}

/** The URL, or null where `value` is not one (URL.parse is newer than Node 20). */
export function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** https anywhere; http only for a loopback host. False for anything that is not an http(s) URL. */
export function isAllowedExchangeUrl(value: string): boolean {
  const url = parseUrl(value);
  if (url === null) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}

/**
 * True when the address already ends in the API's own path (`/api/v4`, as the exchange's
 * documentation writes every endpoint): the app adds that path itself, so such an address reaches
 * `/api/v4/api/v4/…` and every answer is "not found".
 */
export function hasApiPath(value: string): boolean {
  const url = parseUrl(value);
  return url !== null && /\/api\/v\d+\/*$/i.test(url.pathname);
}
