/**
 * When to try a read again, and what the exchange asks us to wait (the waits themselves: backoff.ts).
 */
import type { AppError } from '../../../shared/errors';

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
