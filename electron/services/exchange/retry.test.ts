import { describe, expect, it } from 'vitest';
import { isTransient, parseRetryAfterMs } from './retry';

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
