/**
 * Every call has an overall deadline (all attempts, back-off and rate-limit
 * waits) below the renderer's bridge timeout, and its message states that real figure.
 * Time here is fake (timers and performance.now); the servers and sockets are real, so each step
 * first waits for the request to reach the server, then moves the clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppFailure, type AppError } from '../../../shared/errors';
import { INVOKE_TIMEOUT_MS as DEFAULT_INVOKE_TIMEOUT_MS } from '../../../shared/ipc';
import { createExchangeClient, DEFAULT_DEADLINE_MS, DEFAULT_TIMEOUT_MS } from './client';
import { createExchangeRuntime } from './runtime';
import { startCraftedServer, type CraftedServer } from './test/crafted-server';

/** The exchange runtime this file's clients share, as one core's clients do. */
const runtime = createExchangeRuntime();

const servers: CraftedServer[] = [];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const ASSETS = '/api/v4/public/assets';
const TIME = '/api/v4/public/time';
const BALANCE = '/api/v4/main-account/balance';

/** Lets request number `count` reach the server (real sockets), then moves the fake clock `ms` on. */
async function afterRequest(s: CraftedServer, path: string, count: number, ms: number): Promise<void> {
  await s.arrived(count, path);
  expect(s.hits(path)).toHaveLength(count);
  await vi.advanceTimersByTimeAsync(ms);
}

/** A server that reads every request and never answers. */
async function hangingServer(): Promise<CraftedServer> {
  const s = await startCraftedServer(() => {});
  servers.push(s);
  return s;
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

describe('overall deadline', () => {
  it('by default: 15 s per attempt, 45 s in all, with room to spare under the 60 s bridge timeout', () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(15_000);
    expect(DEFAULT_DEADLINE_MS).toBe(45_000);
    expect(DEFAULT_INVOKE_TIMEOUT_MS).toBe(60_000);
    // Room for the account lookup, the envelope and the HTTP hop around the call.
    expect(DEFAULT_DEADLINE_MS).toBeLessThanOrEqual(DEFAULT_INVOKE_TIMEOUT_MS - 10_000);
  });

  it('a read against a hanging server ends at the deadline and says the deadline', async () => {
    const s = await hangingServer();
    const c = createExchangeClient({ runtime, baseUrl: s.url, rateLimit: false, timeoutMs: 400, deadlineMs: 1_000, maxRetries: 3, random: () => 0 });
    const started = performance.now();
    const outcome = failureOf(c.assets());
    // Two whole attempts of 400 ms, then one cut to the 200 ms left; never a fourth.
    await afterRequest(s, ASSETS, 1, 400);
    await afterRequest(s, ASSETS, 2, 400);
    await afterRequest(s, ASSETS, 3, 199);
    expect(s.hits(ASSETS)).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    const failure = await outcome;
    expect(performance.now() - started).toBe(1_000);
    expect(failure).toMatchObject({ kind: 'timeout', reason: 'deadline' });
    expect(failure.message).toContain('No answer within 1 s');
    expect(s.hits(ASSETS)).toHaveLength(3);
  });

  it('a per-call deadline overrides the client default', async () => {
    const s = await hangingServer();
    const c = createExchangeClient({ runtime, baseUrl: s.url, rateLimit: false, timeoutMs: 400, maxRetries: 3, random: () => 0 });
    const started = performance.now();
    const outcome = failureOf(c.assets({ deadlineMs: 600 }));
    await afterRequest(s, ASSETS, 1, 400);
    await afterRequest(s, ASSETS, 2, 200);
    const failure = await outcome;
    expect(performance.now() - started).toBe(600);
    expect(failure.reason).toBe('deadline');
  });

  it('a signed read (clock measurement first) against a hanging server also keeps the deadline', async () => {
    const s = await hangingServer();
    const c = createExchangeClient({
      runtime,
      baseUrl: s.url,
      credentials: { apiKey: `deadline-key-${process.pid}`, apiSecret: 'deadline-secret-0123456789' },
      rateLimit: false,
      timeoutMs: 400,
      deadlineMs: 1_000,
      random: () => 0,
    });
    const started = performance.now();
    let endedAt: number | undefined;
    const outcome = failureOf(c.balance()).finally(() => (endedAt = performance.now()));
    // The clock measurement asks /public/time first (its attempt is cut to the 400 ms timeout); it
    // hangs too, so the balance goes out with the offset it has, and its attempts share what is left.
    await afterRequest(s, TIME, 1, 400);
    await afterRequest(s, BALANCE, 1, 400);
    await afterRequest(s, BALANCE, 2, 199);
    expect(endedAt).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    const failure = await outcome;
    expect(failure.reason).toBe('deadline');
    expect(endedAt! - started).toBe(1_000);
    expect(s.hits(BALANCE)).toHaveLength(2);
  });

  it('does not wait out a Retry-After that would pass the deadline', async () => {
    const s = await startCraftedServer((_req, res) => {
      res.writeHead(503, { 'Retry-After': '20', 'Content-Type': 'text/plain' });
      res.end('busy');
    });
    servers.push(s);
    const c = createExchangeClient({ runtime, baseUrl: s.url, rateLimit: false, deadlineMs: 2_000, maxRetries: 3 });
    const started = performance.now();
    const failure = await failureOf(c.assets());
    // No time passed at all: the client gave up instead of starting a 20 s wait.
    expect(performance.now() - started).toBe(0);
    expect(failure).toMatchObject({ kind: 'server', status: 503 });
    expect(s.hits(ASSETS)).toHaveLength(1);
  });
});
