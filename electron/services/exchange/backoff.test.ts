import { describe, expect, it } from 'vitest';
import { backoffCeilingMs, backoffDelayMs, READ_RETRY_BACKOFF } from './backoff';

const LIVE = { baseMs: 1_000, capMs: 60_000, floorShare: 0.5 };

describe('backoff', () => {
  it('starts at the base, doubles, and stops at the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map((i) => backoffCeilingMs(i, READ_RETRY_BACKOFF))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(backoffCeilingMs(1_000_000, LIVE)).toBe(60_000);
    expect(backoffCeilingMs(-3, LIVE)).toBe(1_000);
  });

  it('with full jitter waits a uniform share of the ceiling, never above it', () => {
    expect(backoffDelayMs(0, READ_RETRY_BACKOFF, () => 0)).toBe(0);
    expect(backoffDelayMs(0, READ_RETRY_BACKOFF, () => 0.5)).toBe(500);
    expect(backoffDelayMs(3, READ_RETRY_BACKOFF, () => 0.25)).toBe(2000);
    expect(backoffDelayMs(9, READ_RETRY_BACKOFF, () => 0.999999)).toBe(29999);
  });

  it('with a floor never comes back sooner than that share of the ceiling', () => {
    expect(backoffDelayMs(0, LIVE, () => 0)).toBe(500);
    expect(backoffDelayMs(0, LIVE, () => 0.999)).toBe(999);
    expect(backoffDelayMs(3, LIVE, () => 0)).toBe(4000);
    expect(backoffDelayMs(20, LIVE, () => 0.999)).toBe(59_970);
  });

  it('keeps the wait between floor and ceiling whatever the random source gives', () => {
    expect(backoffDelayMs(2, READ_RETRY_BACKOFF, () => 7)).toBe(4000);
    expect(backoffDelayMs(2, READ_RETRY_BACKOFF, () => -1)).toBe(0);
    expect(backoffDelayMs(2, LIVE, () => Number.NaN)).toBe(2000);
  });
});
