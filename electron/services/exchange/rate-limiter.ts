/**
 * Client-side rate limiting per scope (RATE_LIMIT_SCOPES), shared by every client in the process
 * that talks to the same exchange address: the exchange counts per IP, not per client object.
 *
 * A sliding-window log with reservations: each request takes the next slot of a ring that
 * remembers when the last `requests` requests were (or will be) sent, and starts no earlier than
 * `perMs` after the request that held its slot `requests` requests ago. So no window of `perMs`
 * ever contains more than `requests` starts, which a token bucket (burst + refill) cannot promise.
 */
import { RATE_LIMIT_SCOPES, type RateLimitScope } from '../../../shared/api/endpoints';

export class SlidingWindowLimiter {
  private ring: Float64Array | undefined;
  private head = 0;
  private lastStart = Number.NEGATIVE_INFINITY;
  private pausedUntil = Number.NEGATIVE_INFINITY;

  constructor(
    readonly requests: number,
    readonly perMs: number,
  ) {
    if (!Number.isInteger(requests) || requests < 1 || !(perMs > 0)) throw new RangeError('rate limit needs requests >= 1 and perMs > 0');
  }

  /**
   * Reserves a start time for one request. Returns how long to wait from `nowMs` (0 = go now),
   * or -1 without reserving anything when the wait would exceed `maxWaitMs`.
   */
  reserve(nowMs: number, maxWaitMs = Number.POSITIVE_INFINITY): number {
    // Allocated on first use: the positions scope has 12 000 slots.
    const ring = (this.ring ??= new Float64Array(this.requests).fill(Number.NEGATIVE_INFINITY));
    const start = Math.max(nowMs, ring[this.head]! + this.perMs, this.pausedUntil, this.lastStart);
    const wait = start - nowMs;
    if (wait > maxWaitMs) return -1;
    ring[this.head] = start;
    this.head = this.head + 1 === this.requests ? 0 : this.head + 1;
    this.lastStart = start;
    return wait;
  }

  /** Holds every later reservation until `untilMs` (the exchange said Retry-After). */
  pauseUntil(untilMs: number): void {
    if (untilMs > this.pausedUntil) this.pausedUntil = untilMs;
  }
}

const limiters = new Map<string, SlidingWindowLimiter>();

export function limiterFor(baseUrl: string, scope: RateLimitScope): SlidingWindowLimiter {
  const key = `${scope} ${baseUrl}`;
  let limiter = limiters.get(key);
  if (!limiter) {
    const budget = RATE_LIMIT_SCOPES[scope];
    limiter = new SlidingWindowLimiter(budget.requests, budget.perMs);
    limiters.set(key, limiter);
  }
  return limiter;
}
