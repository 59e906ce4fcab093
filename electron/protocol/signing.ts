/**
 * The exchange's request-signing protocol (docs/exchange-api.md "Signing a private request"), shared by both
 * ends of the wire: the client signs with it, the simulator verifies with it. It knows nothing of
 * either side, so neither imports the other.
 *
 *   body      = JSON.stringify({ request, nonce, nonceWindow?, ...params })  - serialised once
 *   payload   = base64(body)                       (standard alphabet, with padding)
 *   signature = lowercase hex HMAC-SHA512(key = apiSecret, message = payload)
 * The HTTP body must be byte-for-byte the string that was encoded, so callers send `body` as is.
 * The published test vectors (signing.test.ts) pin both sides.
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

export interface SignedRequest {
  /** The exact HTTP body. */
  body: string;
  /** X-TXC-PAYLOAD */
  payload: string;
  /** X-TXC-SIGNATURE */
  signature: string;
}

/** Header names, lower-case as node:http presents received headers. */
export const SIGNING_HEADERS = {
  apiKey: 'x-txc-apikey',
  payload: 'x-txc-payload',
  signature: 'x-txc-signature',
} as const;

export interface SignedBodyFields {
  /** The URL path without host, e.g. /api/v4/main-account/balance. */
  request: string;
  /** Unix ms (or any increasing integer in sequential mode); a digit string is accepted too. */
  nonce: number | string;
  /** true: the nonce must be within +-5 s of server time. Omitted from the body when undefined. */
  nonceWindow?: boolean;
  /** The endpoint's parameters, written at the top level after the signing fields. */
  params?: Record<string, unknown>;
}

/** The body string to sign and send: signing fields first, then the parameters. */
export function serializeSignedBody(fields: SignedBodyFields): string {
  const head: Record<string, unknown> = { request: fields.request, nonce: fields.nonce };
  if (fields.nonceWindow !== undefined) head.nonceWindow = fields.nonceWindow;
  return JSON.stringify({ ...head, ...fields.params });
}

/** X-TXC-PAYLOAD for a body string. */
export function payloadOf(body: string | Buffer): string {
  return (typeof body === 'string' ? Buffer.from(body, 'utf8') : body).toString('base64');
}

/**
 * The secret as a key object, for a signer that signs many requests: OpenSSL then skips turning
 * the text into a key on every request (about half the cost of an HMAC over a short payload).
 */
export function signingKeyOf(apiSecret: string): KeyObject {
  return createSecretKey(Buffer.from(apiSecret, 'utf8'));
}

export function signPayload(apiSecret: string | KeyObject, payload: string): string {
  return createHmac('sha512', apiSecret).update(payload).digest('hex');
}

/** Signs a body string that has already been serialised. */
export function signBody(apiSecret: string | KeyObject, body: string): SignedRequest {
  const payload = payloadOf(body);
  return { body, payload, signature: signPayload(apiSecret, payload) };
}

/** The three signing headers for a signed body, keyed by their (lower-case) names. */
export function signingHeaders(apiKey: string, signed: SignedRequest): Record<string, string> {
  return { [SIGNING_HEADERS.apiKey]: apiKey, [SIGNING_HEADERS.payload]: signed.payload, [SIGNING_HEADERS.signature]: signed.signature };
}

/** Constant-time check of a received signature (hex) against the expected one. */
export function signatureMatches(apiSecret: string, payload: string, receivedSignature: string): boolean {
  const expected = Buffer.from(signPayload(apiSecret, payload), 'utf8');
  const received = Buffer.from(receivedSignature.toLowerCase(), 'utf8');
  return expected.length === received.length && timingSafeEqual(expected, received);
}
