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

function signPayload(apiSecret: string | KeyObject, payload: string): string {
  return createHmac('sha512', apiSecret).update(payload).digest('hex');
}

/** Signs a body string that has already been serialised. */
export function signBody(apiSecret: string | KeyObject, body: string): SignedRequest {
  const payload = payloadOf(body);
  return { body, payload, signature: signPayload(apiSecret, payload) };
}

/** Constant-time check of a received signature (hex) against the expected one. */
export function signatureMatches(apiSecret: string, payload: string, receivedSignature: string): boolean {
  const expected = Buffer.from(signPayload(apiSecret, payload), 'utf8');
  const received = Buffer.from(receivedSignature.toLowerCase(), 'utf8');
  return expected.length === received.length && timingSafeEqual(expected, received);
}
