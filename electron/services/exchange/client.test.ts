/**
 * The client against tiny hand-written servers: signing on the wire, argument validation before
 * any I/O, retries for reads only, never-retry for money-moving calls, timeouts, aborts, nonces and
 * secret hygiene. Odd response bodies are covered in malformed.test.ts.
 */
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { AppFailure, type AppError } from '../../../shared/errors';
import { createExchangeClient, type ExchangeClientOptions, type Sleep } from './client';
import { createExchangeRuntime } from './runtime';
import { json, raw, realTime, startCraftedServer, withRealTime, type CraftedHandler, type CraftedServer } from './test/crafted-server';
import { CANCELLED_MESSAGE, cancelledFailure, isCancellation } from './failures';
import { signatureMatches } from '../../protocol/signing';

/** The exchange runtime this file's clients share, as one core's clients do. */
const runtime = createExchangeRuntime();

const SECRET = 'super-secret-value-0123456789abcdef';
let keyCounter = 0;
/** Fresh key per client, so nonce sequences of different tests never interact. */
const credentials = () => ({ apiKey: `test-key-${process.pid}-${++keyCounter}`, apiSecret: SECRET });

const servers: CraftedServer[] = [];
async function server(handler: CraftedHandler = realTime): Promise<CraftedServer> {
  const s = await startCraftedServer(handler);
  servers.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** Records waits instead of waiting, so retry tests are fast and exact. */
function recordingSleep() {
  const waits: number[] = [];
  const sleep = async (ms: number, signal?: AbortSignal) => {
    if (signal?.aborted) throw new AppFailure({ kind: 'network', message: CANCELLED_MESSAGE });
    waits.push(ms);
  };
  return { waits, sleep };
}

function client(s: CraftedServer, extra: Partial<ExchangeClientOptions> = {}) {
  return createExchangeClient({ runtime, baseUrl: s.url, credentials: credentials(), rateLimit: false, ...extra });
}

async function failureOf(promise: Promise<unknown>): Promise<AppError & { cancelled: boolean }> {
  try {
    await promise;
  } catch (thrown) {
    expect(thrown).toBeInstanceOf(AppFailure);
    return { ...(thrown as AppFailure).error, cancelled: isCancellation(thrown) };
  }
  throw new Error('expected the call to fail');
}

const WITHDRAW = { ticker: 'USDT', amount: '10', address: 'TXabc123', uniqueId: 'wd-0000001', network: 'TRC20' };
const BALANCE_PATH = '/api/v4/main-account/balance';

describe('signed requests on the wire', () => {
  it('sends the exact signed body with the four headers', async () => {
    const s = await server(withRealTime((_req, res) => json(res, 200, { BTC: { main_balance: '0.5' } })));
    const c = client(s);
    expect(await c.balance({ ticker: 'BTC' })).toEqual({ items: { BTC: { main_balance: '0.5' } }, unreadable: [] });
    const [req] = s.hits(BALANCE_PATH);
    expect(req!.method).toBe('POST');
    expect(req!.headers['content-type']).toBe('application/json');
    expect(req!.headers['x-txc-payload']).toBe(Buffer.from(req!.body, 'utf8').toString('base64'));
    expect(signatureMatches(SECRET, String(req!.headers['x-txc-payload']), String(req!.headers['x-txc-signature']))).toBe(true);
    expect(req!.headers['x-txc-apikey']).toMatch(/^test-key-/);
    expect(Object.keys(req!.json!)).toEqual(['request', 'nonce', 'nonceWindow', 'ticker']);
    expect(req!.json).toMatchObject({ request: BALANCE_PATH, nonceWindow: true, ticker: 'BTC' });
    expect(typeof req!.json!.nonce).toBe('number');
  });

  it('sends both plan and planId for flex invest, and uniqueId for withdraw-pay', async () => {
    const s = await server(
      withRealTime((req, res) => {
        if (req.path.endsWith('/invest')) return json(res, 201, { data: { transaction_id: 7781 } });
        json(res, 201, []);
      }),
    );
    const c = client(s);
    expect(await c.flexInvest({ planId: 'plan-42', amount: '5', withReinvest: true })).toEqual({ transactionId: '7781' });
    await expect(c.withdrawPay(WITHDRAW)).resolves.toBeUndefined();
    const invest = s.hits('/api/v4/main-account/smart-flex/investments/invest')[0]!.json!;
    expect(invest).toMatchObject({ plan: 'plan-42', planId: 'plan-42', amount: '5', withReinvest: true });
    const withdraw = s.hits('/api/v4/main-account/withdraw-pay')[0]!.json!;
    expect(withdraw).toMatchObject({ ...WITHDRAW, request: '/api/v4/main-account/withdraw-pay' });
    expect(withdraw).not.toHaveProperty('unique_id');
  });

  it('always sends limit and offset (with defaults) for paged endpoints', async () => {
    const s = await server(withRealTime((_req, res) => json(res, 200, { limit: 100, offset: 0, total: 0, records: [] })));
    await client(s).history({ transactionMethod: 2, uniqueId: 'wd-0000001' });
    expect(s.hits('/api/v4/main-account/history')[0]!.json).toMatchObject({ transactionMethod: 2, uniqueId: 'wd-0000001', limit: 50, offset: 0 });
  });

  it('uses GET without credentials for public endpoints and keeps a base-URL path prefix', async () => {
    const s = await server((req, res) => (req.path === '/proxy/api/v4/public/ping' ? json(res, 200, ['pong']) : json(res, 404, {})));
    const c = createExchangeClient({ runtime, baseUrl: `${s.url}/proxy/`, rateLimit: false });
    const { latencyMs } = await c.ping();
    expect(latencyMs).toBeGreaterThanOrEqual(0);
    expect(s.requests[0]!.method).toBe('GET');
    expect(s.requests[0]!.headers['x-txc-apikey']).toBeUndefined();
  });
});

describe('arguments are checked before any network I/O', () => {
  it('rejects bad arguments with field messages and sends nothing', async () => {
    const s = await server();
    const c = client(s);
    const bad = await failureOf(c.codes({ limit: 500 }));
    expect(bad.kind).toBe('validation');
    expect(Object.keys(bad.fields!)).toEqual(['limit']);
    const pastTheEnd = await failureOf(c.codes({ limit: 100, offset: 9950 }));
    expect(pastTheEnd.fields).toEqual({ offset: ['offset + limit must be at most 10000'] });
    const unknown = await failureOf(c.balance({ ticker: 'BTC', extra: 1 } as never));
    expect(unknown.fields).toEqual({ extra: ['is not an accepted field'] });
    const amount = await failureOf(c.withdrawPay({ ...WITHDRAW, amount: '1e3' }));
    expect(amount.fields).toHaveProperty('amount');
    const id = await failureOf(c.withdrawPay({ ...WITHDRAW, uniqueId: 'x' }));
    expect(id.fields).toHaveProperty('uniqueId');
    const history = await failureOf(c.history({ transactionMethod: 3 } as never));
    expect(history.fields).toHaveProperty('transactionMethod');
    expect(s.requests).toHaveLength(0);
  });

  it('asks for credentials before signing a private request', async () => {
    const s = await server();
    const c = createExchangeClient({ runtime, baseUrl: s.url, rateLimit: false });
    expect((await failureOf(c.balance())).kind).toBe('auth');
    expect(s.requests).toHaveLength(0);
  });

  it('refuses unusable settings up front', () => {
    // http:// to a remote host would send the key and a replayable signature in clear text.
    for (const baseUrl of ['ftp://x.test', 'not a url', 'https://user:pw@x.test', 'https://x.test/?q=1', 'http://whitebit.com', 'http://192.168.1.10:8080']) {
      expect(() => createExchangeClient({ runtime, baseUrl }), baseUrl).toThrow(AppFailure);
    }
    expect(() => createExchangeClient({ runtime, baseUrl: 'https://x.test', maxRetries: -1 })).toThrow(AppFailure);
    expect(() => createExchangeClient({ runtime, baseUrl: 'https://x.test', credentials: { apiKey: '', apiSecret: 's' } })).toThrow(AppFailure);
  });
});

describe('retries', () => {
  it('retries reads after 5xx with full-jitter backoff from 1 s', async () => {
    let n = 0;
    const s = await server(withRealTime((_req, res) => (++n <= 2 ? raw(res, 503, '<html>down</html>', 'text/html') : json(res, 200, {}))));
    const { waits, sleep } = recordingSleep();
    const warnings: unknown[] = [];
    const c = client(s, { sleep, random: () => 0.5, logger: { warn: (m, meta) => warnings.push([m, meta]) } });
    expect(await c.balance()).toEqual({ items: {}, unreadable: [] });
    expect(s.hits(BALANCE_PATH)).toHaveLength(3);
    expect(waits).toEqual([500, 1000]);
    expect(warnings).toHaveLength(2);
  });

  it('honours Retry-After (seconds or HTTP date) on 429 and pauses the scope', async () => {
    let n = 0;
    const s = await server(
      withRealTime((_req, res) => {
        n++;
        if (n === 1) return json(res, 429, { code: 0, message: 'Too many requests.' }, { 'Retry-After': '3' });
        if (n === 2) return raw(res, 429, 'slow down', 'text/plain', { 'Retry-After': new Date(Date.now() + 10_000).toUTCString() });
        json(res, 200, { BTC: { main_balance: '1' } });
      }),
    );
    const { waits, sleep } = recordingSleep();
    const c = client(s, { sleep, random: () => 0 });
    await c.balance();
    expect(waits[0]).toBe(3000);
    expect(waits[1]).toBeGreaterThan(8000);
    expect(waits[1]).toBeLessThanOrEqual(10_000);
  });

  it('gives up after maxRetries and reports the last failure with its status', async () => {
    const s = await server(withRealTime((_req, res) => raw(res, 502, 'Bad Gateway')));
    const { waits, sleep } = recordingSleep();
    const failure = await failureOf(client(s, { sleep, maxRetries: 2, random: () => 1 }).balance());
    expect(failure).toMatchObject({ kind: 'server', status: 502 });
    expect(s.hits(BALANCE_PATH)).toHaveLength(3);
    expect(waits).toEqual([1000, 2000]);
  });

  it('reports rate_limited with a backoff hint when 429 has no Retry-After', async () => {
    const s = await server(withRealTime((_req, res) => json(res, 429, { code: 0, message: 'Too many requests.' })));
    const { sleep } = recordingSleep();
    const failure = await failureOf(client(s, { sleep, maxRetries: 1, random: () => 0 }).balance());
    expect(failure).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 2000 });
  });

  it('caps a Retry-After beyond 30 s at the 30 s back-off cap', async () => {
    const s = await server(withRealTime((_req, res) => json(res, 429, { code: 0, message: 'Too many requests.' }, { 'Retry-After': '600' })));
    const { waits, sleep } = recordingSleep();
    const failure = await failureOf(client(s, { sleep, maxRetries: 1 }).balance());
    expect(failure).toMatchObject({ kind: 'rate_limited', retryAfterMs: 30_000 });
    expect(failure.message).toContain('30 s');
    expect(s.hits(BALANCE_PATH)).toHaveLength(2);
    expect(waits).toEqual([30_000]);
  });

  it('does not retry permanent failures', async () => {
    const s = await server(withRealTime((_req, res) => json(res, 401, { code: 10, message: 'Unauthorized request.' })));
    const { sleep } = recordingSleep();
    expect((await failureOf(client(s, { sleep }).balance())).kind).toBe('auth');
    expect(s.hits(BALANCE_PATH)).toHaveLength(1);
  });

  it('retries reads after a connection reset', async () => {
    let n = 0;
    const s = await server(withRealTime((_req, res) => (++n === 1 ? res.socket?.destroy() : json(res, 200, {}))));
    const { sleep } = recordingSleep();
    await expect(client(s, { sleep }).balance()).resolves.toEqual({ items: {}, unreadable: [] });
    expect(s.hits(BALANCE_PATH)).toHaveLength(2);
  });

  it('re-measures the clock and retries a read once when the exchange refuses the nonce', async () => {
    let n = 0;
    const s = await server(
      withRealTime((_req, res) =>
        ++n === 1 ? json(res, 400, { code: 0, message: 'Your nonce is more than 5 seconds lesser than the current nonce.', errors: {} }) : json(res, 200, {}),
      ),
    );
    await expect(client(s).balance()).resolves.toEqual({ items: {}, unreadable: [] });
    expect(s.hits('/api/v4/public/time')).toHaveLength(2);
    expect(s.hits(BALANCE_PATH)).toHaveLength(2);
  });
});

describe('money-moving calls are sent exactly once', () => {
  const answers: [string, CraftedHandler][] = [
    ['503 HTML', (_req, res) => raw(res, 503, '<!DOCTYPE html><title>Maintenance</title>', 'text/html')],
    ['500 JSON', (_req, res) => json(res, 500, { message: 'Server error' })],
    ['429 with Retry-After 1', (_req, res) => json(res, 429, { code: 0, message: 'Too Many Attempts.' }, { 'Retry-After': '1' })],
    ['connection reset before an answer', (_req, res) => res.socket?.destroy()],
    ['nonce refused', (_req, res) => json(res, 400, { code: 0, message: 'Your nonce is more than 5 seconds lesser than the current nonce.' })],
  ];
  for (const [label, handler] of answers) {
    it(`withdrawPay and flexInvest: ${label}`, async () => {
      const s = await server(withRealTime(handler));
      const { waits, sleep } = recordingSleep();
      const c = client(s, { sleep, maxRetries: 5 });
      await failureOf(c.withdrawPay(WITHDRAW));
      await failureOf(c.flexInvest({ planId: 'p1', amount: '1' }));
      expect(s.hits('/api/v4/main-account/withdraw-pay')).toHaveLength(1);
      expect(s.hits('/api/v4/main-account/smart-flex/investments/invest')).toHaveLength(1);
      expect(waits).toEqual([]);
    });
  }

  it('withdrawPay on timeout: one request, kind timeout', async () => {
    const s = await server(withRealTime(() => undefined));
    const failure = await failureOf(client(s, { maxRetries: 5 }).withdrawPay(WITHDRAW, { timeoutMs: 150 }));
    expect(failure.kind).toBe('timeout');
    expect(s.hits('/api/v4/main-account/withdraw-pay')).toHaveLength(1);
  });

  it('classifies withdraw business errors (422 inner validation, 412 2FA)', async () => {
    let n = 0;
    const s = await server(
      withRealTime((_req, res) =>
        ++n === 1
          ? json(res, 422, { code: 5, message: 'Inner validation failed', errors: { amount: ['Not enough money, Ethereum balance = 1'] } })
          : json(res, 412, { code: 1, message: 'This action is unauthorized. Please, enable Two-Factor authentication.' }),
      ),
    );
    const c = client(s);
    const money = await failureOf(c.withdrawPay(WITHDRAW));
    expect(money).toMatchObject({ kind: 'validation', code: 5, status: 422, fields: { amount: ['Not enough money, Ethereum balance = 1'] } });
    expect(money.message).toContain('Not enough money');
    const twoFactor = await failureOf(c.withdrawPay({ ...WITHDRAW, uniqueId: 'wd-0000002' }));
    expect(twoFactor).toMatchObject({ kind: 'validation', status: 412 });
    expect(twoFactor.message).toMatch(/two-factor/i);
  });
});

describe('timeouts and cancellation', () => {
  it('times out an attempt and retries reads, then reports timeout', async () => {
    const s = await server(withRealTime(() => undefined));
    const { sleep } = recordingSleep();
    const failure = await failureOf(client(s, { sleep, maxRetries: 1, timeoutMs: 100 }).balance());
    expect(failure.kind).toBe('timeout');
    // The words give the whole wait (two attempts), not one attempt's 100 ms.
    expect(failure.message).toMatch(/No answer within 1 s from the exchange \(2 attempts\)/);
    expect(s.hits(BALANCE_PATH)).toHaveLength(2);
  });

  it('cancels an in-flight request when the caller aborts, without retrying', async () => {
    const s = await server(withRealTime(() => undefined));
    const controller = new AbortController();
    const pending = client(s).balance(undefined, { signal: controller.signal });
    // Aborted once the request is with the exchange, however long it took to get there.
    await expect.poll(() => s.hits(BALANCE_PATH).length).toBe(1);
    controller.abort();
    const failure = await failureOf(pending);
    expect(failure).toMatchObject({ kind: 'network', message: CANCELLED_MESSAGE, cancelled: true });
    expect(s.hits(BALANCE_PATH)).toHaveLength(1);
  });

  it('reports AbortSignal.timeout as kind timeout', async () => {
    const s = await server(withRealTime(() => undefined));
    const failure = await failureOf(client(s).positions({}, { signal: AbortSignal.timeout(100) }));
    expect(failure).toMatchObject({ kind: 'timeout', cancelled: true });
  });

  it('an abort during backoff stops further retries', async () => {
    const s = await server(withRealTime((_req, res) => raw(res, 503, 'busy')));
    const controller = new AbortController();
    // The back-off's wait never ends by itself: only the abort can end it.
    const waits: number[] = [];
    const sleep: Sleep = (ms, signal) => {
      waits.push(ms);
      return new Promise((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(cancelledFailure(signal.reason)), { once: true });
        if (waits.length === 1) controller.abort();
      });
    };
    const failure = await failureOf(client(s, { random: () => 0.99, sleep }).balance(undefined, { signal: controller.signal }));
    expect(failure.cancelled).toBe(true);
    expect(waits).toEqual([990]);
    expect(s.hits(BALANCE_PATH)).toHaveLength(1);
  });

  it('does not send anything when the signal is already aborted', async () => {
    const s = await server();
    const failure = await failureOf(client(s).balance(undefined, { signal: AbortSignal.abort() }));
    expect(failure.cancelled).toBe(true);
    expect(s.requests).toHaveLength(0);
  });
});

describe('nonces', () => {
  it('gives 200 concurrent requests unique, increasing nonces near the real time', async () => {
    const s = await server(withRealTime((_req, res) => json(res, 200, [])));
    const c = client(s);
    const before = Date.now();
    await Promise.all(Array.from({ length: 200 }, () => c.positions()));
    const nonces = s.hits('/api/v4/collateral-account/positions/open').map((r) => r.json!.nonce as number);
    expect(new Set(nonces).size).toBe(200);
    expect(Math.min(...nonces)).toBeGreaterThanOrEqual(before);
    expect(Math.max(...nonces)).toBeLessThanOrEqual(Date.now() + 200);
    // Measured once for all of them, lazily.
    expect(s.hits('/api/v4/public/time')).toHaveLength(1);
  });

  it('two clients of one key never send the same nonce', async () => {
    const s = await server(withRealTime((_req, res) => json(res, 200, {})));
    const shared = credentials();
    const a = createExchangeClient({ runtime, baseUrl: s.url, credentials: shared, rateLimit: false });
    const b = createExchangeClient({ runtime, baseUrl: s.url, credentials: { ...shared }, rateLimit: false });
    await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).balance()));
    const nonces = s.hits(BALANCE_PATH).map((r) => r.json!.nonce);
    expect(new Set(nonces).size).toBe(100);
  });

  it('corrects a local clock that is 60 s fast using the exchange time', async () => {
    const s = await server(withRealTime((_req, res) => json(res, 200, {})));
    const fastClock = () => Date.now() + 60_000;
    await client(s, { now: fastClock }).balance();
    const nonce = s.hits(BALANCE_PATH)[0]!.json!.nonce as number;
    expect(Math.abs(nonce - Date.now())).toBeLessThan(1500);
  });

  it('tolerates a failing time endpoint (no correction) and does not ask it for every request', async () => {
    const s = await server((req, res) => (req.path.includes('/public/time') ? raw(res, 500, 'oops') : json(res, 200, {})));
    const c = client(s, { maxRetries: 0 });
    await c.balance();
    await c.balance();
    expect(s.hits('/api/v4/public/time')).toHaveLength(1);
    expect(Math.abs((s.hits(BALANCE_PATH)[1]!.json!.nonce as number) - Date.now())).toBeLessThan(1000);
  });
});

describe('client-side rate limiting', () => {
  it('spaces requests of one scope to its budget, shared by clients of the same address', async () => {
    const s = await server(withRealTime((_req, res) => json(res, 200, { limit: 100, offset: 0, total: 0, records: [] })));
    const { waits, sleep } = recordingSleep();
    const a = client(s, { rateLimit: true, sleep });
    const b = client(s, { rateLimit: true, sleep });
    // history: 200 per 10 s. 200 go at once, the next ones wait about one window.
    await Promise.all(Array.from({ length: 202 }, (_, i) => (i % 2 ? a : b).history({ transactionMethod: 1 })));
    const long = waits.filter((w) => w > 9000);
    expect(long).toHaveLength(2);
    expect(waits.filter((w) => w > 0 && w <= 9000)).toHaveLength(0);
  });
});

describe('secret hygiene', () => {
  it('does not reveal the secret through JSON.stringify or util.inspect', () => {
    const c = createExchangeClient({ runtime, baseUrl: 'https://whitebit.com', credentials: { apiKey: 'k-visible', apiSecret: SECRET } });
    expect(JSON.stringify(c)).not.toContain(SECRET);
    expect(inspect(c, { depth: 20, showHidden: true, getters: true })).not.toContain(SECRET);
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('keeps secret, signature and payload out of errors and logs even when the server echoes them', async () => {
    const s = await server(
      withRealTime((req, res) =>
        json(res, 422, {
          code: 3,
          message: 'Inner validation failed',
          errors: { amount: [`bad ${SECRET} ${String(req.headers['x-txc-signature'])} ${String(req.headers['x-txc-payload'])}`] },
        }),
      ),
    );
    const logged: string[] = [];
    const logger = { warn: (m: string, meta?: object) => logged.push(m + JSON.stringify(meta)), info: (m: string, meta?: object) => logged.push(m + JSON.stringify(meta)) };
    const c = client(s, { logger });
    const failure = await failureOf(c.withdrawPay(WITHDRAW));
    const req = s.hits('/api/v4/main-account/withdraw-pay')[0]!;
    const shown = JSON.stringify(failure);
    expect(failure.kind).toBe('validation');
    for (const sensitive of [SECRET, String(req.headers['x-txc-signature']), String(req.headers['x-txc-payload'])]) {
      expect(shown).not.toContain(sensitive);
      expect(logged.join('\n')).not.toContain(sensitive);
    }
    expect(shown).toContain('[redacted]');
  });

  it('does not keep a reference to the caller options object', async () => {
    const s = await server(withRealTime((_req, res) => json(res, 200, {})));
    const options = { runtime, baseUrl: s.url, credentials: credentials(), rateLimit: false };
    const c = createExchangeClient(options);
    options.credentials.apiSecret = 'changed-after-creation';
    await c.balance();
    const req = s.hits(BALANCE_PATH)[0]!;
    expect(signatureMatches(SECRET, String(req.headers['x-txc-payload']), String(req.headers['x-txc-signature']))).toBe(true);
  });
});
