/**
 * Fixed-window request counters with the exchange's documented budgets (docs/exchange-api.md "Rate limits"),
 * per client IP, plus the per-account counter for withdrawal attempts. O(1) per request.
 *
 *   /api/v4/public/*             2000 / 10 s per endpoint, 20 000 / 10 s over the whole scope
 *   /api/v4/main-account/*       ONE shared bucket of 1000 / 10 s for every endpoint under it;
 *                                history is also held to 200 / 10 s inside that bucket
 *   /api/v4/collateral-account/* 12 000 / 10 s (trade-account and collateral)
 *   /api/v4/profile/websocket_token  10 / 60 s
 *   anything else private        1000 / 10 s per scope (travel-rule)
 */
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

export interface Bucket {
  /** Counter key, shared by every path that draws from the bucket. */
  key: string;
  requests: number;
  perMs: number;
}

const WINDOW_MS = 10_000;
export const RATE_BUDGETS = {
  publicPerEndpoint: 2000,
  publicScope: 20_000,
  mainAccount: 1000,
  history: 200,
  collateral: 12_000,
  otherPrivate: 1000,
  websocketTokenPerMinute: 10,
} as const;

const WEBSOCKET_TOKEN_PATH = '/api/v4/profile/websocket_token';

const HISTORY_PATH = '/api/v4/main-account/history';

const bucketCache = new Map<string, Bucket[]>();

/** The buckets one request to `path` draws from, outermost first (remembered per served path). */
export function bucketsFor(path: string): Bucket[] {
  let buckets = bucketCache.get(path);
  if (!buckets) {
    buckets = computeBuckets(path);
    if (bucketCache.size < 1000) bucketCache.set(path, buckets);
  }
  return buckets;
}

function computeBuckets(path: string): Bucket[] {
  if (path.startsWith('/api/v4/public/')) {
    return [
      { key: 'public', requests: RATE_BUDGETS.publicScope, perMs: WINDOW_MS },
      { key: `public:${path}`, requests: RATE_BUDGETS.publicPerEndpoint, perMs: WINDOW_MS },
    ];
  }
  if (path.startsWith('/api/v4/main-account/')) {
    const shared: Bucket = { key: 'main-account', requests: RATE_BUDGETS.mainAccount, perMs: WINDOW_MS };
    return path === HISTORY_PATH ? [shared, { key: 'main-account:history', requests: RATE_BUDGETS.history, perMs: WINDOW_MS }] : [shared];
  }
  if (path.startsWith('/api/v4/collateral-account/') || path.startsWith('/api/v4/trade-account/')) {
    return [{ key: 'trade', requests: RATE_BUDGETS.collateral, perMs: WINDOW_MS }];
  }
  if (path === WEBSOCKET_TOKEN_PATH) return [{ key: 'websocket-token', requests: RATE_BUDGETS.websocketTokenPerMinute, perMs: 60_000 }];
  const scope = path.split('/').slice(0, 4).join('/');
  return [{ key: `other:${scope}`, requests: RATE_BUDGETS.otherPrivate, perMs: WINDOW_MS }];
}

/** Distinct counters we keep before starting over (loopback only, in practice). */
const MAX_TRACKED_KEYS = 10_000;

export class ScopeRateLimiter {
  private readonly counters = new Map<string, FixedWindowCounter>();

  /** Counts one request against every bucket of its path; the first exhausted bucket refuses it. */
  hit(clientIp: string, path: string, nowMs: number): Admission {
    for (const bucket of bucketsFor(path)) {
      const key = `${clientIp}|${bucket.key}`;
      let counter = this.counters.get(key);
      if (!counter) {
        if (this.counters.size >= MAX_TRACKED_KEYS) this.counters.clear();
        counter = new FixedWindowCounter(bucket.requests, bucket.perMs);
        this.counters.set(key, counter);
      }
      const admission = counter.hit(nowMs);
      if (!admission.ok) return admission;
    }
    return { ok: true };
  }

  reset(): void {
    this.counters.clear();
  }
}
