/**
 * When to try a read again, and how long to wait first (docs/exchange-api.md "Rate limits": exponential from 1 s,
 * doubling, cap 30 s, with jitter). Repeated 429s can get the IP banned, so the waits are real.
 */
import type { AppError } from '../../../shared/errors';

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 30_000;

/** The upper bound of the wait before retry number `retryIndex` (0 for the first retry). */
export function backoffCeilingMs(retryIndex: number): number {
  // 2^5 * 1 s already exceeds the cap; clamping the exponent keeps huge indexes finite.
  const exponent = Math.min(Math.max(retryIndex, 0), 16);
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** exponent);
}

/**
 * "Full jitter": a uniformly random wait in [0, ceiling). Spreads retries of many clients that
 * failed together, which a fixed doubling would keep in lockstep.
 */
export function fullJitterDelayMs(retryIndex: number, random: () => number): number {
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.floor(r * backoffCeilingMs(retryIndex));
}

/**
 * `Retry-After` is either delta-seconds ("120", fractions tolerated) or an HTTP date.
 * Returns milliseconds from `nowMs` (never negative), or undefined when absent or unreadable.
 */
export function parseRetryAfterMs(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) {
    const ms = Math.ceil(Number(text) * 1000);
    return Number.isFinite(ms) ? ms : undefined;
  }
  // Dates must look like an HTTP date (contain a weekday/month word and a time), not any text
  // that Date.parse happens to accept.
  if (!/[A-Za-z]{3}/.test(text) || !/\d{1,2}:\d{2}/.test(text)) return undefined;
  const at = Date.parse(text);
  if (!Number.isFinite(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/** Failures that may pass by themselves; everything else needs the request or the account to change. */
export function isTransient(error: AppError): boolean {
  return error.kind === 'network' || error.kind === 'timeout' || error.kind === 'server' || error.kind === 'rate_limited';
}
