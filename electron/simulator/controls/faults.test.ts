import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { HistoryResponse } from '../../../shared/api/schemas';
import { startSimulator, type RunningSimulator } from '../index';
import { admin, clientFor, type SimClient } from '../test/admin-client';

const PING = ENDPOINTS.ping.path;
const TIME = ENDPOINTS.time.path;
const BALANCE = ENDPOINTS.balance.path;
const WITHDRAW = ENDPOINTS.withdrawPay.path;
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

let sim: RunningSimulator;
let main: SimClient;
let seq = 0;

beforeAll(async () => {
  sim = await startSimulator({ seed: 42, rateLimits: false });
  main = clientFor(sim, 'Main (B2B)');
});
afterEach(async () => {
  await admin(sim, 'DELETE', 'faults');
});
afterAll(() => sim.close());

const addFault = async (spec: Record<string, unknown>) => {
  const res = await admin<{ id: number }>(sim, 'POST', 'faults', spec);
  expect(res.status).toBe(201);
  return res.body;
};
const debitsFor = (uniqueId: string) => sim.state.ledger(main.account.apiKey).debits.filter((d) => d.uniqueId === uniqueId);
const withdrawal = (uniqueId: string) => ({ ticker: 'BTC', amount: '0.01', address: BTC_ADDRESS, uniqueId });

describe('admin fault API', () => {
  it('needs the admin token', async () => {
    expect((await admin(sim, 'POST', 'faults', { kind: 'latency' }, '')).status).toBe(401);
    expect((await admin(sim, 'POST', 'faults', { kind: 'latency' }, 'nope')).status).toBe(401);
  });

  it('validates the fault and lists and clears active ones', async () => {
    expect((await admin(sim, 'POST', 'faults', { kind: 'meteor' })).status).toBe(400);
    expect((await admin(sim, 'POST', 'faults', { kind: 'latency', path: '/api/v4/nope' })).status).toBe(400);
    expect((await admin(sim, 'POST', 'faults', { kind: 'server_error', status: 200 })).status).toBe(400);
    await addFault({ kind: 'server_error', count: 0, path: PING });
    expect((await admin<unknown[]>(sim, 'GET', 'faults')).body).toHaveLength(1);
    await admin(sim, 'DELETE', 'faults');
    expect((await admin<unknown[]>(sim, 'GET', 'faults')).body).toEqual([]);
  });
});

describe('fault kinds', () => {
  it('latency delays the answer, then answers normally', async () => {
    await addFault({ kind: 'latency', latencyMs: 300, path: PING });
    const started = Date.now();
    const res = await main.get(PING);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(res.body).toEqual(['pong']);
    // One hit (the default count) used it up: nothing is left to delay the next request.
    expect((await admin<unknown[]>(sim, 'GET', 'faults')).body).toEqual([]);
    expect((await main.get(PING)).body).toEqual(['pong']);
  });

  it('server_error answers 503 by default (public: the gateway\'s HTML page; private: JSON), `count` times', async () => {
    await addFault({ kind: 'server_error', count: 2 });
    const publicAnswer = await main.get(PING);
    expect(publicAnswer.status).toBe(503);
    expect(publicAnswer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(publicAnswer.text).toContain('503 Service Temporarily Unavailable');
    const privateAnswer = await main.post(BALANCE);
    expect(privateAnswer.status).toBe(503);
    expect(privateAnswer.body).toEqual({ code: 0, message: 'Service temporarily unavailable.', errors: {} });
    expect((await main.get(PING)).status).toBe(200);
  });

  it('server_error with a chosen status, only on its path, until cleared (count 0)', async () => {
    await addFault({ kind: 'server_error', status: 500, count: 0, path: TIME });
    for (let i = 0; i < 3; i++) {
      const res = await main.get(TIME);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: ['Internal server error.'] });
    }
    expect((await main.get(PING)).status).toBe(200);
    await admin(sim, 'DELETE', 'faults');
    expect((await main.get(TIME)).status).toBe(200);
  });

  it('rate_limit answers 429 with Retry-After', async () => {
    await addFault({ kind: 'rate_limit', retryAfterSeconds: 7, path: BALANCE });
    const res = await main.post(BALANCE);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(res.body).toEqual({ code: 0, errors: {}, message: 'Too many requests.' });
  });

  it('html_error answers an HTML 503 page', async () => {
    await addFault({ kind: 'html_error' });
    const res = await main.post(BALANCE);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toMatch(/<html>/);
    expect(() => JSON.parse(res.text)).toThrow();
  });

  it('truncated_json sends half of a valid answer', async () => {
    await addFault({ kind: 'truncated_json', path: ENDPOINTS.assets.path });
    const res = await fetch(sim.url + ENDPOINTS.assets.path);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(() => JSON.parse(text)).toThrow();
    const full = await (await fetch(sim.url + ENDPOINTS.assets.path)).text();
    expect(full.startsWith(text)).toBe(true);
    expect(text.length).toBe(Math.floor(full.length / 2));
  });

  it('reset_before_commit drops the connection and changes nothing: the same uniqueId then succeeds', async () => {
    const id = `reset-before-${++seq}`;
    await addFault({ kind: 'reset_before_commit', path: WITHDRAW });
    await expect(main.post(WITHDRAW, withdrawal(id))).rejects.toThrow();
    expect(debitsFor(id)).toEqual([]);
    const retry = await main.post(WITHDRAW, withdrawal(id));
    expect(retry.status).toBe(201);
    expect(debitsFor(id)).toHaveLength(1);
  });

  it('reset_after_commit debits, then drops the connection; history shows it and a retry is refused', async () => {
    const id = `reset-after-${++seq}`;
    const before = sim.state.balanceOf(main.account.apiKey, 'BTC');
    await addFault({ kind: 'reset_after_commit', path: WITHDRAW });
    await expect(main.post(WITHDRAW, withdrawal(id))).rejects.toThrow();
    expect(debitsFor(id)).toHaveLength(1);
    expect(sim.state.balanceOf(main.account.apiKey, 'BTC')).not.toBe(before);

    const history = HistoryResponse.parse((await main.post(ENDPOINTS.history.path, { transactionMethod: 2, uniqueId: id, limit: 10, offset: 0 })).body);
    expect(history.records).toHaveLength(1);
    expect(history.records[0]?.status).toBe(1);

    const retry = await main.post(WITHDRAW, withdrawal(id));
    expect(retry.status).toBe(400);
    expect(retry.body).toMatchObject({ errors: { uniqueId: ['The unique id has already been taken.'] } });
    expect(debitsFor(id)).toHaveLength(1);
  });

  it('latency combines with another fault on the same request', async () => {
    await addFault({ kind: 'latency', latencyMs: 200 });
    await addFault({ kind: 'server_error' });
    const started = Date.now();
    expect((await main.get(PING)).status).toBe(503);
    expect(Date.now() - started).toBeGreaterThanOrEqual(180);
  });
});
