import { describe, expect, it } from 'vitest';
import { payloadOf, SIGNING_HEADERS, signBody, signatureMatches } from './signing';

// Both vectors are the exchange's own published examples of a signature.
describe('request signing', () => {
  it('matches the published vector (secret XXX)', () => {
    const body = '{"market":"ETH_USDT","request":"/api/v3/order","nonce":"1499827319559","nonceWindow":false}';
    const signed = signBody('XXX', body);
    expect(signed.payload).toBe(
      'eyJtYXJrZXQiOiJFVEhfVVNEVCIsInJlcXVlc3QiOiIvYXBpL3YzL29yZGVyIiwibm9uY2UiOiIxNDk5ODI3MzE5NTU5Iiwibm9uY2VXaW5kb3ciOmZhbHNlfQ==',
    );
    expect(signed.signature).toBe(
      'e164832d38f40692420d44786f8dbc98a46af816ed6c30dbc5d6178e71e63f491a4b6dbfea93c887f50c570d4b403dd61fe2432908754f49f904d06c51c84680',
    );
    expect(signed.body).toBe(body);
  });

  it('matches the second vector (secret test-secret, numeric nonce)', () => {
    const body = '{"request":"/api/v4/main-account/balance","nonce":1594297865000,"nonceWindow":true,"ticker":"BTC"}';
    expect(signBody('test-secret', body).signature).toBe(
      'f877e3d9f840c867ae1143f8175e05e24b754b1a4e7f6c2d413f7176ca4a9b65f6d27714886001cc11f1c5eec4ac0517bac8fd64f9edfd72d5c3fc0f5862ace0',
    );
  });

  it('verifies in constant time and rejects a tampered signature', () => {
    const { payload, signature } = signBody('s', '{"a":1}');
    expect(signatureMatches('s', payload, signature)).toBe(true);
    expect(signatureMatches('s', payload, signature.toUpperCase())).toBe(true);
    expect(signatureMatches('s', payload, signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0'))).toBe(false);
    expect(signatureMatches('other', payload, signature)).toBe(false);
    expect(signatureMatches('s', payload, 'short')).toBe(false);
  });

  it('signs a body with the signing fields first, then the parameters', () => {
    const body = '{"request":"/api/v4/main-account/balance","nonce":1594297865000,"nonceWindow":true,"ticker":"BTC"}';
    expect(signBody('test-secret', body).signature).toMatch(/^f877e3d9/);
  });

  it('encodes the payload as standard padded base64 and names the three headers', () => {
    expect(payloadOf('{"a":1}')).toBe('eyJhIjoxfQ==');
    expect(payloadOf(Buffer.from('{"a":1}'))).toBe('eyJhIjoxfQ==');
    expect(SIGNING_HEADERS).toEqual({ apiKey: 'x-txc-apikey', payload: 'x-txc-payload', signature: 'x-txc-signature' });
  });
});
