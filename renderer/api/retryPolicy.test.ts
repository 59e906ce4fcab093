import { describe, expect, it } from 'vitest';
import { AppFailure, ERROR_KINDS, type AppError, type ErrorKind } from '../../shared/errors';
import { createQueryClient } from './queries';
import { backoffMs, retryDelayMs, shouldRetry } from './retryPolicy';
import { invoke } from './invoke';
import { createFakeBridge } from '../test/fakeBridge';
import '../test/setup';

const failure = (kind: ErrorKind, extra: Partial<AppError> = {}) => new AppFailure({ kind, message: kind, ...extra });

describe('shouldRetry', () => {
  it.each(['validation', 'auth', 'permission', 'not_found', 'keychain', 'internal'] as const)('never retries %s', (kind) => {
    expect(shouldRetry(0, failure(kind))).toBe(false);
  });

  it.each(['network', 'server', 'timeout', 'bad_response'] as const)('retries %s twice, then stops', (kind) => {
    expect([0, 1, 2].map((n) => shouldRetry(n, failure(kind)))).toEqual([true, true, false]);
  });

  it('retries rate_limited three times', () => {
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, failure('rate_limited')))).toEqual([true, true, true, false]);
  });

  it('has a decision for every error kind', () => {
    for (const kind of ERROR_KINDS) expect(typeof shouldRetry(0, failure(kind))).toBe('boolean');
  });

  it('treats a non-AppFailure throw as internal (no retry)', () => {
    expect(shouldRetry(0, new Error('bug'))).toBe(false);
  });
});

describe('retryDelayMs', () => {
  it('waits what the exchange asked for on rate_limited', () => {
    expect(retryDelayMs(0, failure('rate_limited', { retryAfterMs: 2_500 }))).toBe(2_500);
    expect(retryDelayMs(0, failure('rate_limited', { retryAfterMs: 10 * 60_000 }))).toBe(60_000);
    expect(retryDelayMs(1, failure('rate_limited'))).toBe(backoffMs(1));
  });

  it('backs off exponentially, capped', () => {
    expect([0, 1, 2].map((n) => retryDelayMs(n, failure('network')))).toEqual([1_000, 2_000, 4_000]);
    expect(backoffMs(20)).toBe(30_000);
  });
});

describe('the policy inside the app QueryClient', () => {
  function install(answers: Array<AppError | null>) {
    const bridge = createFakeBridge();
    let i = 0;
    bridge.handle('exchange.balance', () => {
      const next = answers[Math.min(i++, answers.length - 1)];
      return next ? { ok: false, error: next } : { ok: true, data: { items: { BTC: { main_balance: '1' } }, unreadable: [] } };
    });
    (globalThis as { exchange?: unknown }).exchange = bridge;
    return bridge;
  }
  const fetchBalance = () =>
    createQueryClient().fetchQuery({ queryKey: ['exchange.balance', { accountId: 'demo' }], queryFn: () => invoke('exchange.balance', { accountId: 'demo' }) });

  it('asks exactly once on auth', async () => {
    const bridge = install([{ kind: 'auth', message: 'Unauthorized request.' }]);
    await expect(fetchBalance()).rejects.toMatchObject({ error: { kind: 'auth' } });
    expect(bridge.callsTo('exchange.balance')).toHaveLength(1);
  });

  it('waits retryAfterMs on rate_limited, then succeeds', async () => {
    const bridge = install([{ kind: 'rate_limited', message: 'slow down', retryAfterMs: 300 }, null]);
    const started = Date.now();
    await expect(fetchBalance()).resolves.toEqual({ items: { BTC: { main_balance: '1' } }, unreadable: [] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(bridge.callsTo('exchange.balance')).toHaveLength(2);
  });

  it('gives up on a network failure after 1 + 2 attempts', async () => {
    const bridge = install([{ kind: 'network', message: 'offline' }]);
    await expect(fetchBalance()).rejects.toMatchObject({ error: { kind: 'network' } });
    expect(bridge.callsTo('exchange.balance')).toHaveLength(3);
  }, 10_000);
});
