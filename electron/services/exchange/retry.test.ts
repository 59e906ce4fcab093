import { describe, expect, it } from 'vitest';
import { backoffCeilingMs, fullJitterDelayMs, isTransient, parseRetryAfterMs } from './retry';

describe('backoff', () => {
  it('starts at 1 s, doubles, and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(backoffCeilingMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('uses full jitter: a uniform share of the ceiling, never above it', () => {
    expect(fullJitterDelayMs(0, () => 0)).toBe(0);
    expect(fullJitterDelayMs(0, () => 0.5)).toBe(500);
    expect(fullJitterDelayMs(3, () => 0.25)).toBe(2000);
    expect(fullJitterDelayMs(9, () => 0.999999)).toBe(29999);
    // A misbehaving random source cannot push the wait past the ceiling or below zero.
    expect(fullJitterDelayMs(2, () => 7)).toBe(4000);
    expect(fullJitterDelayMs(2, () => -1)).toBe(0);
  });

  it('spreads delays over the whole range with a real random source', () => {
    const delays = Array.from({ length: 2000 }, () => fullJitterDelayMs(1, Math.random));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...delays)).toBeLessThan(2000);
    const below = delays.filter((d) => d < 1000).length;
    expect(below).toBeGreaterThan(800);
    expect(below).toBeLessThan(1200);
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2025-03-01T12:00:00Z');

  it('reads delta seconds, including fractions', () => {
    expect(parseRetryAfterMs('120', now)).toBe(120_000);
    expect(parseRetryAfterMs(' 0 ', now)).toBe(0);
    expect(parseRetryAfterMs('1.5', now)).toBe(1500);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfterMs('Sat, 01 Mar 2025 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfterMs('Sat, 01 Mar 2025 11:59:00 GMT', now)).toBe(0);
  });

  it('ignores absent or unreadable values', () => {
    for (const value of [undefined, '', 'soon', '-5', '1e3', 'NaN', '12:00']) {
      expect(parseRetryAfterMs(value, now), String(value)).toBeUndefined();
    }
  });
});

describe('transient failures', () => {
  it('retries only what may pass by itself', () => {
    expect(['network', 'timeout', 'server', 'rate_limited'].every((kind) => isTransient({ kind: kind as never, message: '' }))).toBe(true);
    expect(['validation', 'auth', 'permission', 'not_found', 'bad_response', 'internal'].some((kind) => isTransient({ kind: kind as never, message: '' }))).toBe(false);
  });
});
