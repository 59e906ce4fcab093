/**
 * Every call has an overall deadline (all attempts, back-off and rate-limit
 * waits) below the renderer's bridge timeout, and its message states that real figure. Before the
 * fix, reads against a hanging server took 4 x the per-attempt timeout while saying "15 s".
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AppFailure, type AppError } from '../../../shared/errors';
import { INVOKE_TIMEOUT_MS as DEFAULT_INVOKE_TIMEOUT_MS } from '../../../shared/ipc';
import { createExchangeClient, DEFAULT_DEADLINE_MS, DEFAULT_TIMEOUT_MS } from './client';
import { createExchangeRuntime } from './runtime';
import { startCraftedServer, type CraftedServer } from './test/crafted-server';

/** The exchange runtime this file's clients share, as one core's clients do. */
const runtime = createExchangeRuntime();

const servers: CraftedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

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
    const failure = await failureOf(c.assets());
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(1_300);
    expect(failure).toMatchObject({ kind: 'timeout', reason: 'deadline' });
    expect(failure.message).toContain('No answer within 1 s');
    // Attempts of 400 ms each: three fit in the second on a free CPU, two on a loaded one; never a fourth.
    const attempts = s.hits('/api/v4/public/assets').length;
    expect(attempts).toBeGreaterThanOrEqual(2);
    expect(attempts).toBeLessThanOrEqual(3);
  });

  it('a per-call deadline overrides the client default', async () => {
    const s = await hangingServer();
    const c = createExchangeClient({ runtime, baseUrl: s.url, rateLimit: false, timeoutMs: 400, maxRetries: 3, random: () => 0 });
    const started = performance.now();
    const failure = await failureOf(c.assets({ deadlineMs: 600 }));
    expect(performance.now() - started).toBeLessThan(900);
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
    const failure = await failureOf(c.balance());
    expect(performance.now() - started).toBeLessThan(1_300);
    expect(failure.reason).toBe('deadline');
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
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(failure).toMatchObject({ kind: 'server', status: 503 });
    expect(s.hits('/api/v4/public/assets')).toHaveLength(1);
  });
});
