/**
 * Errors as the exchange documents them (docs/exchange-api.md "Errors"): public errors without a JSON envelope,
 * gateway pages that are not JSON, the withdrawal throttle under 400, and the rate-limit buckets.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { startSimulator, type RunningSimulator } from './index';
import { PATHS } from './paths';
import { RATE_BUDGETS } from './rateLimit';
import { WITHDRAW_ATTEMPTS_PER_MINUTE } from './accountState';
import { admin, clientFor, type SimClient } from './test/admin-client';

let sim: RunningSimulator;
let main: SimClient;

beforeAll(async () => {
  sim = await startSimulator({ seed: 42 });
  main = clientFor(sim, 'Main (B2B)');
});
afterEach(async () => {
  await admin(sim, 'DELETE', 'faults');
});
afterAll(() => sim.close());

const notJson = (text: string) => {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
};

describe('public errors', () => {
  it('an unknown route is 404 with an EMPTY body (GET and POST alike)', async () => {
    for (const res of [await main.get('/api/v4/public/nope'), await main.post('/api/v4/main-account/nope')]) {
      expect(res.status).toBe(404);
      expect(res.text).toBe('');
    }
  });

  it('a public 500 is {"error":["Internal server error."]}', async () => {
    await admin(sim, 'POST', 'faults', { kind: 'server_error', path: PATHS.assets, status: 500 });
    const res = await main.get(PATHS.assets);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: ['Internal server error.'] });
  });

  it('gateway 503 and 429 are not JSON (HTML or text), through the fault switches', async () => {
    await admin(sim, 'POST', 'faults', { kind: 'server_error', path: PATHS.fees });
    const maintenance = await main.get(PATHS.fees);
    expect(maintenance.status).toBe(503);
    expect(maintenance.headers.get('content-type')).toMatch(/^text\/html/);
    expect(notJson(maintenance.text)).toBe(true);

    await admin(sim, 'POST', 'faults', { kind: 'rate_limit', path: PATHS.ping, retryAfterSeconds: 3 });
    const limited = await main.get(PATHS.ping);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(notJson(limited.text)).toBe(true);

    await admin(sim, 'POST', 'faults', { kind: 'text_error', path: PATHS.balance, status: 503 });
    const text = await main.post(PATHS.balance);
    expect(text.status).toBe(503);
    expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(notJson(text.text)).toBe(true);

    await admin(sim, 'POST', 'faults', { kind: 'rate_limit', path: PATHS.balance, body: 'html' });
    const privateHtml = await main.post(PATHS.balance);
    expect(privateHtml.status).toBe(429);
    expect(notJson(privateHtml.text)).toBe(true);
    expect((await admin(sim, 'POST', 'faults', { kind: 'rate_limit', body: 'xml' })).status).toBe(400);
  });
});

describe('withdrawal throttle', () => {
  it('answers 400 {"message":"Too Many Attempts.","code":0} past the attempts a minute', async () => {
    const trader = clientFor(sim, 'Trader');
    let last = await trader.post(PATHS.withdrawPay, {});
    for (let i = 1; i < WITHDRAW_ATTEMPTS_PER_MINUTE; i++) last = await trader.post(PATHS.withdrawPay, {});
    expect(last.status).toBe(400);
    expect(last.body).toMatchObject({ message: 'Validation failed' });
    const throttled = await trader.post(PATHS.withdrawPay, {});
    expect(throttled.status).toBe(400);
    expect(throttled.body).toEqual({ message: 'Too Many Attempts.', code: 0 });
  });
});

describe('rate limits per client IP', () => {
  it('/main-account/* shares ONE bucket of 1000 per 10 s; history is held to 200 inside it', async () => {
    await admin(sim, 'POST', 'reset');
    // The clock stands still (the simulator runs in this process): every request lands in the same
    // window, however long 1 200 of them take on a busy machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const empty = clientFor(sim, 'Empty');
    const history = await Promise.all(Array.from({ length: RATE_BUDGETS.history }, () => empty.post(PATHS.history, { limit: 1, offset: 0 })));
    expect(history.every((r) => r.status === 201)).toBe(true);
    const overHistory = await empty.post(PATHS.history, { limit: 1, offset: 0 });
    expect(overHistory.status).toBe(429);
    expect(Number(overHistory.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The refused history request still drew from the shared bucket: 201 of 1000 are spent.
    const codes = await Promise.all(Array.from({ length: RATE_BUDGETS.mainAccount - RATE_BUDGETS.history - 1 }, () => empty.post(PATHS.codes)));
    expect(codes.every((r) => r.status === 201)).toBe(true);
    const overCodes = await empty.post(PATHS.codes);
    expect(overCodes.status).toBe(429);
    expect(overCodes.body).toEqual({ code: 0, errors: {}, message: 'Too many requests.' });
    expect((await empty.post(PATHS.balance)).status).toBe(429);
    // Other scopes keep their own budgets.
    expect((await empty.post(PATHS.positions)).status).toBe(200);
    expect((await empty.get(PATHS.ping)).status).toBe(200);
    await admin(sim, 'POST', 'reset');
  }, 60_000);
});
