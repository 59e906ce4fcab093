/**
 * One 429 with `Retry-After: 3600` must not block the account's whole
 * main-account scope for an hour behind the words "Try again in a minute". Retry-After is capped
 * at the docs' back-off cap (30 s), the wait is reported as it really is, and the pause covers
 * only what the docs say was limited (public: that endpoint; main-account: the shared bucket;
 * history: its own bucket).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AppFailure, type AppError } from '../../../shared/errors';
import { createExchangeClient, type ExchangeClientOptions } from './client';
import { createExchangeRuntime } from './runtime';
import { json, startCraftedServer, withRealTime, type CraftedServer } from './test/crafted-server';
import { READ_RETRY_BACKOFF } from './backoff';

/** The exchange runtime this file's clients share, as one core's clients do. */
const runtime = createExchangeRuntime();

const servers: CraftedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

let keyCounter = 0;
const credentials = () => ({ apiKey: `scope-key-${process.pid}-${++keyCounter}`, apiSecret: 'scope-test-secret-0123456789' });

/** Records waits instead of waiting; the process-wide limiter still decides what must wait. */
function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (thrown) {
    expect(thrown).toBeInstanceOf(AppFailure);
    return (thrown as AppFailure).error;
  }
  throw new Error('expected the call to fail');
}

const ok = {
  '/api/v4/main-account/balance': { BTC: { main_balance: '1' } },
  '/api/v4/main-account/history': { limit: 50, offset: 0, total: 0, records: [] },
  '/api/v4/main-account/codes/my': { total: 0, data: [], limit: 30, offset: 0 },
  '/api/v4/public/assets': {},
  '/api/v4/public/fee': {},
} as Record<string, unknown>;

/** Answers 429 + `Retry-After: 3600` once on `limitedPath`, success everywhere else. */
async function serverLimiting(limitedPath: string): Promise<CraftedServer> {
  let limited = false;
  const s = await startCraftedServer(
    withRealTime((req, res) => {
      const path = req.path.split('?')[0]!;
      if (path === limitedPath && !limited) {
        limited = true;
        return json(res, 429, { code: 0, message: 'Too many requests.' }, { 'Retry-After': '3600' });
      }
      json(res, path === '/api/v4/main-account/history' || path === '/api/v4/main-account/codes/my' ? 201 : 200, ok[path] ?? {});
    }),
  );
  servers.push(s);
  return s;
}

function clientFor(s: CraftedServer, extra: Partial<ExchangeClientOptions> = {}) {
  return createExchangeClient({ runtime, baseUrl: s.url, credentials: credentials(), rateLimit: true, maxRetries: 0, ...extra });
}

describe('Retry-After capped and reported truthfully', () => {
  it('a 429 asking for an hour is reported as the capped 30 s wait, in the numbers and the words', async () => {
    const s = await serverLimiting('/api/v4/main-account/balance');
    const { sleep } = recordingSleep();
    const failure = await failureOf(clientFor(s, { sleep }).balance());
    expect(failure).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: READ_RETRY_BACKOFF.capMs });
    expect(failure.message).toContain('30 s');
    expect(failure.message).not.toMatch(/minute|hour/);
  });

  it('the next main-account call waits at most 30 s instead of being refused for an hour', async () => {
    const s = await serverLimiting('/api/v4/main-account/balance');
    const { waits, sleep } = recordingSleep();
    const c = clientFor(s, { sleep });
    await failureOf(c.balance());
    await expect(c.balance()).resolves.toBeDefined();
    expect(Math.max(...waits)).toBeGreaterThan(25_000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(READ_RETRY_BACKOFF.capMs);
  });

  it('a 429 on one public endpoint does not hold back the others', async () => {
    const s = await serverLimiting('/api/v4/public/assets');
    const { waits, sleep } = recordingSleep();
    const c = clientFor(s, { sleep });
    await failureOf(c.assets());
    await expect(c.fees()).resolves.toBeDefined();
    await expect(c.balance()).resolves.toBeDefined();
    expect(waits.filter((ms) => ms > 1_000)).toEqual([]);
  });

  it('a 429 on history pauses history only; one on the shared main-account bucket pauses history too', async () => {
    const onHistory = await serverLimiting('/api/v4/main-account/history');
    const first = recordingSleep();
    const c1 = clientFor(onHistory, { sleep: first.sleep });
    await failureOf(c1.history({ transactionMethod: 2 }));
    await expect(c1.balance()).resolves.toBeDefined();
    await expect(c1.codes()).resolves.toBeDefined();
    expect(first.waits.filter((ms) => ms > 1_000)).toEqual([]);

    const onBalance = await serverLimiting('/api/v4/main-account/balance');
    const second = recordingSleep();
    const c2 = clientFor(onBalance, { sleep: second.sleep });
    await failureOf(c2.balance());
    await expect(c2.history({ transactionMethod: 2 })).resolves.toBeDefined();
    expect(Math.max(...second.waits)).toBeGreaterThan(25_000);
  });
});
