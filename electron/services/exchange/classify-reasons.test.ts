/**
 * Issue 10, item "machine-readable reasons": every documented failure the app acts on carries an
 * `AppError.reason`, so logic branches on reasons, never on English text or a bare status.
 * Bodies are the exchange's documented ones (shared/exchange-docs/documented-examples.json, docs/exchange-api.md).
 */
import { describe, expect, it } from 'vitest';
import type { ErrorReason } from '../../../shared/errors';
import { classifyFailure, isNonceRejection, type RawAnswer } from './classify';

const answer = (status: number, body: unknown, retryAfter?: string): RawAnswer => ({
  status,
  contentType: 'application/json',
  retryAfter,
  text: typeof body === 'string' ? body : JSON.stringify(body),
});

const CASES: Array<[string, RawAnswer, ErrorReason]> = [
  ['nonce out of window', answer(422, { code: 0, message: 'Nonce is out of the window of 5 seconds' }), 'nonce_window'],
  ['2FA off (412)', answer(412, { code: 1, message: 'To withdraw funds you need to enable 2FA' }), 'two_factor_off'],
  ['withdraw throttling under 400', answer(400, { code: 0, message: 'Too Many Attempts.' }), 'withdraw_throttled'],
  ['withdraw throttling under 429', answer(429, { code: 0, message: 'Too Many Attempts.' }), 'withdraw_throttled'],
  ['duplicate unique id', answer(422, { code: 0, message: 'Validation failed', errors: { uniqueId: ['The unique id has already been taken.'] } }), 'duplicate_id'],
  ['invalid payload (400)', answer(400, { code: 9, message: 'Invalid payload.' }), 'invalid_payload'],
  ['invalid payload (401)', answer(401, { code: 9, message: 'Invalid payload.' }), 'invalid_payload'],
  ['bad signature', answer(401, { code: 10, message: 'Unauthorized request.' }), 'bad_signature'],
  ['key disabled / IP not allowed', answer(401, { code: 2, message: 'This action is unauthorized.' }), 'key_disabled'],
  ['key lacks the endpoint', answer(401, { code: 4, message: 'This API Key is not authorized to perform this action.' }), 'key_lacks_permission'],
  [
    'endpoint forbidden (403)',
    answer(403, { code: 0, message: "You don't have permission to use this endpoint. Please contact support for more details" }),
    'endpoint_forbidden',
  ],
  ['region unavailable (451)', answer(451, { success: false, message: 'api.futures.unavailable' }), 'region_unavailable'],
  ['endpoint disabled for the region (422)', answer(422, { code: 0, message: 'This endpoint is disabled for your region' }), 'region_unavailable'],
  ['flex plan paused', answer(422, { code: 0, message: 'Inner validation failed', errors: { plan: ['Plan is paused'] } }), 'plan_paused'],
  ['429 Too many requests', answer(429, { code: 0, errors: {}, message: 'Too many requests.' }, '3'), 'rate_limited'],
];

describe('classifyFailure assigns machine-readable reasons', () => {
  it.each(CASES)('%s', (_name, raw, reason) => {
    expect(classifyFailure(raw, Date.now()).reason).toBe(reason);
  });

  it('plain failures without a finer cause carry no reason', () => {
    expect(classifyFailure(answer(500, { error: ['Internal server error.'] }), Date.now()).reason).toBeUndefined();
    expect(classifyFailure(answer(422, { code: 5, message: 'Inner validation failed', errors: { amount: ['Not enough balance'] } }), Date.now()).reason).toBeUndefined();
  });

  it('isNonceRejection reads the reason, not the words', () => {
    const nonce = classifyFailure(CASES[0]![1], Date.now());
    expect(isNonceRejection(nonce)).toBe(true);
    expect(isNonceRejection({ ...nonce, message: 'reworded by someone' })).toBe(true);
    expect(isNonceRejection({ kind: 'auth', message: 'The exchange refused the request time stamp (nonce): x' })).toBe(false);
  });
});
