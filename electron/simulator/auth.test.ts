import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { signBody } from '../protocol/signing';
import { type RunningSimulator } from './index';
import { admin, clientFor, nextNonce, type SimClient } from './test/admin-client';
import { simulatorForFile } from './test/perFile';

const BALANCE = ENDPOINTS.balance.path;
const KEY_NOT_ENABLED = { code: 2, message: 'This action is unauthorized. Enable your key in API settings', errors: {} };
const TOO_MANY = { code: 0, errors: {}, message: 'Too many requests.' };

let sim: RunningSimulator;
let main: SimClient;

simulatorForFile({ seed: 42 }, (started) => ({ sim, main } = started));

function headersFor(secret: string, apiKey: string, body: string): Record<string, string> {
  const signed = signBody(secret, body);
  return { 'x-txc-apikey': apiKey, 'x-txc-payload': signed.payload, 'x-txc-signature': signed.signature };
}

describe('public endpoints', () => {
  it('answer without authentication', async () => {
    expect((await main.get(ENDPOINTS.ping.path)).body).toEqual(['pong']);
    const time = await main.get<{ time: number }>(ENDPOINTS.time.path);
    expect(time.status).toBe(200);
    expect(Math.abs(time.body.time - Date.now() / 1000)).toBeLessThan(5);
  });
});

describe('signed requests', () => {
  it('accepts a correctly signed request in both nonce modes', async () => {
    expect((await main.post(BALANCE, {}, { nonceWindow: true })).status).toBe(200);
    expect((await main.post(BALANCE, {}, { nonceWindow: false })).status).toBe(200);
  });

  it('accepts the nonce as a JSON number or a string', async () => {
    expect((await main.post(BALANCE, {}, { nonce: nextNonce() })).status).toBe(200);
    expect((await main.post(BALANCE, {}, { nonce: String(nextNonce()) })).status).toBe(200);
  });

  it('refuses a missing or unknown API key with code 2', async () => {
    const body = main.bodyFor(BALANCE);
    const signed = signBody(main.account.apiSecret, body);
    const missing = await main.send(BALANCE, body, { 'x-txc-payload': signed.payload, 'x-txc-signature': signed.signature });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual(KEY_NOT_ENABLED);
    const unknown = await main.send(BALANCE, body, headersFor(main.account.apiSecret, 'A'.repeat(32), body));
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(KEY_NOT_ENABLED);
  });

  it('says "Payload not provided." without X-TXC-PAYLOAD', async () => {
    const body = main.bodyFor(BALANCE);
    const res = await main.send(BALANCE, body, { 'x-txc-apikey': main.account.apiKey, 'x-txc-signature': 'ab' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: 'Payload not provided.' });
  });

  it('refuses a tampered body with code 9 "Invalid payload." under HTTP 400 (the docs\' first-call guide)', async () => {
    const body = main.bodyFor(BALANCE);
    const headers = headersFor(main.account.apiSecret, main.account.apiKey, body);
    const tampered = body.replace('}', ',"ticker":"BTC"}');
    const res = await main.send(BALANCE, tampered, headers);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 9, message: 'Invalid payload.', errors: {} });
  });

  it('refuses a wrong or missing signature with code 10 "Unauthorized request."', async () => {
    const body = main.bodyFor(BALANCE);
    const wrong = await main.send(BALANCE, body, headersFor('not-the-secret', main.account.apiKey, body));
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ code: 10, message: 'Unauthorized request.', errors: {} });
    const good = headersFor(main.account.apiSecret, main.account.apiKey, body);
    const missing = await main.send(BALANCE, body, { 'x-txc-apikey': good['x-txc-apikey'] as string, 'x-txc-payload': good['x-txc-payload'] as string });
    expect(missing.body).toMatchObject({ code: 10 });
  });

  it('needs `request`, and it must be the URL path', async () => {
    const noRequest = await main.postBody(BALANCE, JSON.stringify({ nonce: nextNonce(), nonceWindow: true }));
    expect(noRequest.status).toBe(401);
    expect(noRequest.body).toMatchObject({ message: 'Request not provided.' });
    const otherPath = await main.post(BALANCE, {}, { request: ENDPOINTS.codes.path });
    expect(otherPath.status).toBe(401);
    expect(otherPath.body).toMatchObject({ code: 10, message: 'Unauthorized request.' });
  });

  it('needs a well-formed nonce and a boolean nonceWindow', async () => {
    const none = await main.postBody(BALANCE, JSON.stringify({ request: BALANCE }));
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ message: 'Nonce not provided.' });
    const letters = await main.postBody(BALANCE, JSON.stringify({ request: BALANCE, nonce: 'abc' }));
    expect(letters.body).toMatchObject({ message: 'Invalid nonce.' });
    const window = await main.postBody(BALANCE, JSON.stringify({ request: BALANCE, nonce: nextNonce(), nonceWindow: 'yes' }));
    expect(window.body).toMatchObject({ message: 'Invalid nonceWindow.' });
  });

  it('refuses a body that is not a JSON object in the validation format', async () => {
    for (const body of ['{not json', '[1,2]', '"text"', '']) {
      const res = await main.postBody(BALANCE, body);
      if (body === '') {
        expect(res.body).toMatchObject({ message: 'Payload not provided.' });
      } else {
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ code: 0, message: 'Validation failed', errors: { body: ['The request body must be a JSON object.'] } });
      }
    }
  });
});

describe('nonces', () => {
  it('sequential mode: a replayed or smaller nonce gets 429 "Too many requests."', async () => {
    const nonce = nextNonce();
    expect((await main.post(BALANCE, {}, { nonceWindow: false, nonce })).status).toBe(200);
    const replay = await main.post(BALANCE, {}, { nonceWindow: false, nonce });
    expect(replay.status).toBe(429);
    expect(replay.body).toEqual(TOO_MANY);
    const smaller = await main.post(BALANCE, {}, { nonceWindow: false, nonce: nonce - 1 });
    expect(smaller.status).toBe(429);
    expect((await main.post(BALANCE, {}, { nonceWindow: false })).status).toBe(200);
  });

  it('window mode: order does not matter but a reused nonce gets 429', async () => {
    // Two fresh nonces from the process's counter (a nonce picked below it could be one an earlier
    // test already used); the later one is sent first.
    const earlier = nextNonce();
    const later = nextNonce();
    expect((await main.post(BALANCE, {}, { nonce: later })).status).toBe(200);
    expect((await main.post(BALANCE, {}, { nonce: earlier })).status).toBe(200);
    const replay = await main.post(BALANCE, {}, { nonce: earlier });
    expect(replay.status).toBe(429);
    expect(replay.body).toEqual(TOO_MANY);
  });

  it('window mode: a nonce more than 5 s away from server time is refused', async () => {
    const stale = await main.post(BALANCE, {}, { nonce: Date.now() - 6000 });
    expect(stale.status).toBe(401);
    expect(stale.body).toEqual({ code: 0, message: 'Your nonce is more than 5 seconds lesser than the current nonce.', errors: {} });
    const future = await main.post(BALANCE, {}, { nonce: Date.now() + 60_000 });
    expect(future.body).toMatchObject({ message: 'Your nonce is more than 5 seconds greater than the current nonce.' });
  });

  it('a forged request does not burn a nonce', async () => {
    const nonce = nextNonce();
    const body = main.bodyFor(BALANCE, {}, { nonce, nonceWindow: true });
    const forged = await main.send(BALANCE, body, headersFor('wrong', main.account.apiKey, body));
    expect(forged.status).toBe(401);
    expect((await main.postBody(BALANCE, body)).status).toBe(200);
  });
});

describe('permissions and account gates', () => {
  it('a key without withdraw permission gets 401 code 4 on withdraw-pay', async () => {
    const readOnly = clientFor(sim, 'Read-only');
    expect((await readOnly.post(BALANCE)).status).toBe(200);
    const res = await readOnly.post(ENDPOINTS.withdrawPay.path, { ticker: 'BTC', amount: '0.01', address: 'bc1qexampleexampleexample00', uniqueId: 'perm-test-0001' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 4, message: 'This API Key is not authorized to perform this action.', errors: {} });
  });

  it('flex endpoints answer 403 to accounts without B2B access', async () => {
    const forbidden = { code: 0, message: "You don't have permission to use this endpoint. Please contact support for more details" };
    for (const name of ['Trader', 'Read-only']) {
      const res = await clientFor(sim, name).post(ENDPOINTS.flexPlans.path);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(forbidden);
    }
    const trader = clientFor(sim, 'Trader');
    expect((await trader.post(ENDPOINTS.flexInvestments.path)).status).toBe(403);
    expect((await trader.post(ENDPOINTS.flexInvest.path, { plan: 'x', amount: '1' })).status).toBe(403);
  });

  it('a disabled key gets code 2 until enabled again', async () => {
    const trader = clientFor(sim, 'Trader');
    expect((await admin(sim, 'POST', 'account', { apiKey: trader.account.apiKey, enabled: false })).status).toBe(200);
    const res = await trader.post(BALANCE);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(KEY_NOT_ENABLED);
    await admin(sim, 'POST', 'account', { apiKey: trader.account.apiKey, enabled: true });
    expect((await trader.post(BALANCE)).status).toBe(200);
  });

  it('the admin API cannot be reached with an API key', async () => {
    const path = `/__admin/ledger?apiKey=${main.account.apiKey}`;
    const body = main.bodyFor(path);
    const res = await fetch(sim.url + path, { headers: headersFor(main.account.apiSecret, main.account.apiKey, body) });
    expect(res.status).toBe(401);
    expect((await admin(sim, 'GET', `ledger?apiKey=${main.account.apiKey}`, undefined, 'wrong-token')).status).toBe(401);
    expect((await admin(sim, 'GET', `ledger?apiKey=${main.account.apiKey}`)).status).toBe(200);
  });
});
