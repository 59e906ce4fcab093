/**
 * Request signing as the exchange requires it (API.md "Signing a private request"):
 *   body      = JSON.stringify({ request, nonce, nonceWindow?, ...params })  - serialised once
 *   payload   = base64(body)
 *   signature = lowercase hex HMAC-SHA512(key = apiSecret, message = payload)
 * The HTTP body must be byte-for-byte the string that was encoded, so callers send `body` as is.
 * The simulator verifies with the same functions; the published test vectors pin both sides.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedRequest {
  /** The exact HTTP body. */
  body: string;
  /** X-TXC-PAYLOAD */
  payload: string;
  /** X-TXC-SIGNATURE */
  signature: string;
}

export function signPayload(apiSecret: string, payload: string): string {
  return createHmac('sha512', apiSecret).update(payload).digest('hex');
}

/** Signs a body string that has already been serialised. */
export function signBody(apiSecret: string, body: string): SignedRequest {
  const payload = Buffer.from(body, 'utf8').toString('base64');
  return { body, payload, signature: signPayload(apiSecret, payload) };
}

/** Constant-time check of a received signature (hex) against the expected one. */
export function signatureMatches(apiSecret: string, payload: string, receivedSignature: string): boolean {
  const expected = Buffer.from(signPayload(apiSecret, payload), 'utf8');
  const received = Buffer.from(receivedSignature.toLowerCase(), 'utf8');
  return expected.length === received.length && timingSafeEqual(expected, received);
}

export const SIGNING_HEADERS = {
  apiKey: 'x-txc-apikey',
  payload: 'x-txc-payload',
  signature: 'x-txc-signature',
} as const;
