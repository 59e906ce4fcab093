import { describe, expect, it } from 'vitest';
import { RateLimiterRegistry, SlidingWindowLimiter } from './rate-limiter';

describe('SlidingWindowLimiter', () => {
  it('lets a full budget through at once, then spaces the rest by the window', () => {
    const limiter = new SlidingWindowLimiter(3, 1000);
    expect([limiter.reserve(0), limiter.reserve(0), limiter.reserve(0)]).toEqual([0, 0, 0]);
    expect(limiter.reserve(0)).toBe(1000);
    expect(limiter.reserve(10)).toBe(990);
    expect(limiter.reserve(500)).toBe(500);
    expect(limiter.reserve(500)).toBe(1500);
  });

  it('never allows more than the budget in any window', () => {
    const limiter = new SlidingWindowLimiter(5, 100);
    const starts: number[] = [];
    let now = 0;
    for (let i = 0; i < 200; i++) {
      now += i % 7 === 0 ? 37 : 1;
      starts.push(now + limiter.reserve(now));
    }
    for (let i = 0; i + 5 < starts.length; i++) expect(starts[i + 5]! - starts[i]!).toBeGreaterThanOrEqual(100);
    for (let i = 1; i < starts.length; i++) expect(starts[i]!).toBeGreaterThanOrEqual(starts[i - 1]!);
  });

  it('refuses without reserving when the wait would be too long', () => {
    const limiter = new SlidingWindowLimiter(1, 1000);
    expect(limiter.reserve(0, 50)).toBe(0);
    expect(limiter.reserve(0, 50)).toBe(-1);
    expect(limiter.reserve(960, 50)).toBe(40);
  });

  it('holds everything while paused by a Retry-After', () => {
    const limiter = new SlidingWindowLimiter(100, 1000);
    limiter.pauseUntil(5000);
    limiter.pauseUntil(2000); // a shorter pause never shortens a longer one
    expect(limiter.reserve(0)).toBe(5000);
  });

  it('is shared per exchange address and scope', () => {
    const registry = new RateLimiterRegistry();
    expect(registry.limiterFor('http://a.test', 'history')).toBe(registry.limiterFor('http://a.test', 'history'));
    expect(registry.limiterFor('http://a.test', 'history')).not.toBe(registry.limiterFor('http://a.test', 'codes'));
    expect(registry.limiterFor('http://a.test', 'history')).not.toBe(registry.limiterFor('http://b.test', 'history'));
    expect(registry.limiterFor('http://a.test', 'history').requests).toBe(200);
  });
});
