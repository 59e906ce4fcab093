/**
 * The Content Security Policy of every page the app shows, as an HTTP header (the renderer's
 * index.html carries the same policy in a meta tag, minus `frame-ancestors`, which only works as
 * a header). No inline or remote script, no plugins, no <base> tricks, no framing; `connect-src
 * 'self'` lets browser mode reach its own /api and nothing else.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  // No <form> may submit anywhere: the app has no server-side forms, and an injected one must not post data away.
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers for every static file the app serves, in Electron (custom protocol) and browser mode. */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-cache',
});
