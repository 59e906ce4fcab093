/**
 * Fixed-window request counters: per client IP and scope for the published API budgets
 * (RATE_LIMIT_SCOPES), and per account for withdrawal attempts. O(1) per request.
 */
import { RATE_LIMIT_SCOPES, type RateLimitScope } from '../../shared/api/endpoints';

export type Admission = { ok: true } | { ok: false; retryAfterSeconds: number };

export class FixedWindowCounter {
  private windowStart = 0;
  private count = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  hit(nowMs: number): Admission {
    if (nowMs - this.windowStart >= this.windowMs) {
      this.windowStart = nowMs;
      this.count = 0;
    }
    if (this.count >= this.limit) {
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((this.windowStart + this.windowMs - nowMs) / 1000)) };
    }
    this.count++;
    return { ok: true };
  }
}

/** Distinct client addresses we keep counters for before starting over (loopback only, in practice). */
const MAX_TRACKED_KEYS = 10_000;

export class ScopeRateLimiter {
  private readonly counters = new Map<string, FixedWindowCounter>();

  hit(clientIp: string, scope: RateLimitScope, nowMs: number): Admission {
    const key = `${clientIp}|${scope}`;
    let counter = this.counters.get(key);
    if (!counter) {
      if (this.counters.size >= MAX_TRACKED_KEYS) this.counters.clear();
      const budget = RATE_LIMIT_SCOPES[scope];
      counter = new FixedWindowCounter(budget.requests, budget.perMs);
      this.counters.set(key, counter);
    }
    return counter.hit(nowMs);
  }

  reset(): void {
    this.counters.clear();
  }
}
