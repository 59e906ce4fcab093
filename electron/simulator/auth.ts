/**
 * Authentication of private requests, in the order a request meets the checks:
 *   1. X-TXC-APIKEY present and known, key enabled          else 401 code 2
 *   2. X-TXC-PAYLOAD present                                 else 401 code 0 "Payload not provided."
 *   3. X-TXC-PAYLOAD == base64(raw body)                     else 400 code 9 "Invalid payload." (the docs'
 *                                                            first-call guide shows it under HTTP 400)
 *   4. X-TXC-SIGNATURE == hex HMAC-SHA512(secret, payload)   else 401 code 10 "Unauthorized request."
 *   5. body is a JSON object                                 else 400 "Validation failed" (errors.body)
 *   6. `request` present                                     else 401 code 0 "Request not provided."
 *      `request` equals the URL path                         else 401 code 10 "Unauthorized request."
 *   7. `nonce` present (JSON number or digit string)         else 401 code 0 "Nonce not provided."
 *      a non-negative safe integer                           else 401 code 0 "Invalid nonce."
 *      `nonceWindow` absent or boolean                       else 401 code 0 "Invalid nonceWindow."
 *   8. nonce rule (docs/exchange-api.md): sequential -> 429 "Too many requests." when not greater than the last;
 *      window -> 401 code 0 stale/future message outside +-5 s, 429 "Too many requests." when reused
 *   9. the key has the endpoint's permission                 else 401 code 4
 * The signature is verified before the nonce is looked at, so forged requests cannot burn nonces.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { payloadOf, SIGNING_HEADERS, signatureMatches } from '../protocol/signing';
import { privateError, validationFailed, type Reply } from './http';
import type { Permission } from './model';
import type { AccountState } from './accountState';
import type { SimulatorState } from './state';

const AUTH_MESSAGES = {
  keyNotEnabled: 'This action is unauthorized. Enable your key in API settings',
  noPermission: 'This API Key is not authorized to perform this action.',
  invalidPayload: 'Invalid payload.',
  unauthorized: 'Unauthorized request.',
  payloadMissing: 'Payload not provided.',
  nonceMissing: 'Nonce not provided.',
  nonceInvalid: 'Invalid nonce.',
  nonceWindowInvalid: 'Invalid nonceWindow.',
  requestMissing: 'Request not provided.',
  tooManyRequests: 'Too many requests.',
  nonceStale: 'Your nonce is more than 5 seconds lesser than the current nonce.',
  nonceFuture: 'Your nonce is more than 5 seconds greater than the current nonce.',
} as const;

export type AuthOutcome = { ok: true; account: AccountState; body: Record<string, unknown> } | { ok: false; reply: Reply };

const unauthorized = (code: number, message: string): { ok: false; reply: Reply } => ({ ok: false, reply: privateError(401, code, message) });

/** The shape of the nonce-replay answer, identical to the exchange's (no Retry-After: it is not a rate limit). */
function nonceReplayReply(): Reply {
  return { status: 429, body: { code: 0, errors: {}, message: AUTH_MESSAGES.tooManyRequests } };
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

const DIGITS = /^\d{1,16}$/;

function parseNonce(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value === 'string' && DIGITS.test(value)) {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : null;
  }
  return null;
}

export function authenticate(
  state: SimulatorState,
  headers: IncomingHttpHeaders,
  raw: Buffer,
  path: string,
  permission: Permission,
  nowMs: number,
): AuthOutcome {
  const apiKey = header(headers, SIGNING_HEADERS.apiKey);
  const account = apiKey === undefined ? undefined : state.account(apiKey);
  if (!account || !account.enabled) return unauthorized(2, AUTH_MESSAGES.keyNotEnabled);

  const payload = header(headers, SIGNING_HEADERS.payload);
  if (payload === undefined) return unauthorized(0, AUTH_MESSAGES.payloadMissing);
  if (payload !== payloadOf(raw)) return { ok: false, reply: privateError(400, 9, AUTH_MESSAGES.invalidPayload) };

  const signature = header(headers, SIGNING_HEADERS.signature);
  if (signature === undefined || !signatureMatches(account.apiSecret, payload, signature)) return unauthorized(10, AUTH_MESSAGES.unauthorized);

  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    body = undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, reply: validationFailed({ body: ['The request body must be a JSON object.'] }) };
  }
  const fields = body as Record<string, unknown>;

  if (typeof fields.request !== 'string' || fields.request === '') return unauthorized(0, AUTH_MESSAGES.requestMissing);
  if (fields.request !== path) return unauthorized(10, AUTH_MESSAGES.unauthorized);

  if (fields.nonce === undefined || fields.nonce === null || fields.nonce === '') return unauthorized(0, AUTH_MESSAGES.nonceMissing);
  const nonce = parseNonce(fields.nonce);
  if (nonce === null) return unauthorized(0, AUTH_MESSAGES.nonceInvalid);
  const windowed = fields.nonceWindow;
  if (windowed !== undefined && typeof windowed !== 'boolean') return unauthorized(0, AUTH_MESSAGES.nonceWindowInvalid);

  if (windowed === true) {
    const verdict = account.nonces.acceptWindowed(nonce, nowMs);
    if (verdict === 'stale') return unauthorized(0, AUTH_MESSAGES.nonceStale);
    if (verdict === 'future') return unauthorized(0, AUTH_MESSAGES.nonceFuture);
    if (verdict === 'replay') return { ok: false, reply: nonceReplayReply() };
  } else if (!account.nonces.acceptSequential(nonce)) {
    return { ok: false, reply: nonceReplayReply() };
  }

  if (!account.permissions.has(permission)) return unauthorized(4, AUTH_MESSAGES.noPermission);
  return { ok: true, account, body: fields };
}
