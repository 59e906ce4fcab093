/**
 * How long to wait before trying again, for every retry in the app (exchange reads, the live
 * stream's reconnects): exponential from a base, doubling up to a cap, with jitter so that clients
 * which failed together do not come back in step (docs/exchange-api.md "Rate limits").
 */
export interface Backoff {
  baseMs: number;
  capMs: number;
  /**
   * The share of the ceiling always waited. 0 is "full jitter" (anywhere below the ceiling), which
   * spreads retries best; 0.5 never comes back sooner than half of it.
   */
  floorShare: number;
}

/** Exchange reads: from 1 s, doubling, at most 30 s, full jitter (repeated 429s can get the IP banned). */
export const READ_RETRY_BACKOFF: Backoff = { baseMs: 1_000, capMs: 30_000, floorShare: 0 };

/** The upper bound of the wait before retry number `retryIndex` (0 for the first retry). */
export function backoffCeilingMs(retryIndex: number, backoff: Backoff): number {
  // 2^30 times any base is past any cap; clamping the exponent keeps huge indexes finite.
  const exponent = Math.min(Math.max(retryIndex, 0), 30);
  return Math.min(backoff.capMs, backoff.baseMs * 2 ** exponent);
}

/** A wait between the floor and the ceiling of retry number `retryIndex`; `random` gives [0, 1). */
export function backoffDelayMs(retryIndex: number, backoff: Backoff, random: () => number): number {
  const drawn = random();
  // Written so that NaN, too, lands on the floor.
  const share = drawn > 0 ? Math.min(drawn, 1) : 0;
  const ceiling = backoffCeilingMs(retryIndex, backoff);
  const floor = ceiling * backoff.floorShare;
  return Math.floor(floor + share * (ceiling - floor));
}
