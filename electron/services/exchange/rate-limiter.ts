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

  /** The earliest start this limiter allows from `nowMs`, without reserving it. */
  earliestStart(nowMs: number): number {
    const oldest = this.ring ? this.ring[this.head]! : Number.NEGATIVE_INFINITY;
    return Math.max(nowMs, oldest + this.perMs, this.pausedUntil, this.lastStart);
  }

  /** Takes the next slot for a request starting at `startMs` (not before `earliestStart`). */
  commit(startMs: number): void {
    // Allocated on first use: the collateral and trade scopes have 12 000 slots.
    const ring = (this.ring ??= new Float64Array(this.requests).fill(Number.NEGATIVE_INFINITY));
    ring[this.head] = startMs;
    this.head = this.head + 1 === this.requests ? 0 : this.head + 1;
    this.lastStart = startMs;
  }

  /**
   * Reserves a start time for one request. Returns how long to wait from `nowMs` (0 = go now),
   * or -1 without reserving anything when the wait would exceed `maxWaitMs`.
   */
  reserve(nowMs: number, maxWaitMs = Number.POSITIVE_INFINITY): number {
    const start = this.earliestStart(nowMs);
    const wait = start - nowMs;
    if (wait > maxWaitMs) return -1;
    this.commit(start);
    return wait;
  }

  /** Holds every later reservation until `untilMs` (the exchange said Retry-After). */
  pauseUntil(untilMs: number): void {
    if (untilMs > this.pausedUntil) this.pausedUntil = untilMs;
  }
}

const MAIN_ACCOUNT_PREFIX = '/api/v4/main-account/';

/** The buckets one endpoint draws from, and the one a 429 on it pauses (docs/exchange-api.md "Rate limits"). */
export interface EndpointBuckets {
  /** Every bucket a request to the endpoint takes a slot in. */
  all: readonly SlidingWindowLimiter[];
  /** What the exchange limited when it answered 429 here. */
  limited: SlidingWindowLimiter;
}

/**
 * The client-side limiters of one exchange runtime (runtime.ts), per exchange address: every
 * client of the runtime talking to the same address shares them, as the exchange counts per IP.
 */
export class RateLimiterRegistry {
  private readonly limiters = new Map<string, SlidingWindowLimiter>();

  private limiter(baseUrl: string, bucket: string, budget: { requests: number; perMs: number }): SlidingWindowLimiter {
    const key = `${bucket} ${baseUrl}`;
    let found = this.limiters.get(key);
    if (!found) {
      found = new SlidingWindowLimiter(budget.requests, budget.perMs);
      this.limiters.set(key, found);
    }
    return found;
  }

  limiterFor(baseUrl: string, scope: RateLimitScope): SlidingWindowLimiter {
    return this.limiter(baseUrl, scope, RATE_LIMIT_SCOPES[scope]);
  }

  /**
   * Public endpoints are limited per endpoint (2000/10 s each), so each has its own bucket. Every
   * `/main-account/*` endpoint shares one bucket (1000/10 s); history also has its own, smaller one
   * inside it (200/10 s). A 429 pauses only what was limited: that public endpoint, history's own
   * bucket, or the shared main-account bucket (which holds history back too).
   */
  bucketsFor(baseUrl: string, endpoint: { path: string; scope: RateLimitScope }): EndpointBuckets {
    if (endpoint.scope === 'public') {
      const own = this.limiter(baseUrl, `public ${endpoint.path}`, RATE_LIMIT_SCOPES.public);
      return { all: [own], limited: own };
    }
    if (endpoint.path.startsWith(MAIN_ACCOUNT_PREFIX)) {
      const shared = this.limiterFor(baseUrl, 'main-account');
      if (endpoint.scope === 'main-account' || endpoint.scope === 'codes') return { all: [shared], limited: shared };
      const own = this.limiterFor(baseUrl, endpoint.scope);
      return { all: [shared, own], limited: own };
    }
    const own = this.limiterFor(baseUrl, endpoint.scope);
    return { all: [own], limited: own };
  }

  clear(): void {
    this.limiters.clear();
  }
}

/**
 * Reserves one start in every bucket. Returns the wait from `nowMs` and whether the slot was taken:
 * when the wait exceeds `maxWaitMs` nothing is reserved and `waitMs` says how long it would be.
 */
export function reserveAll(buckets: readonly SlidingWindowLimiter[], nowMs: number, maxWaitMs: number): { waitMs: number; reserved: boolean } {
  let start = nowMs;
  for (const bucket of buckets) start = Math.max(start, bucket.earliestStart(nowMs));
  const waitMs = start - nowMs;
  if (waitMs > maxWaitMs) return { waitMs, reserved: false };
  for (const bucket of buckets) bucket.commit(start);
  return { waitMs, reserved: true };
}
