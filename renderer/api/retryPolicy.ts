/**
 * When a failed query is tried again, decided by the envelope's error kind:
 * - rate_limited: wait what the exchange asked (`retryAfterMs`), up to 3 times;
 * - requests that must change first (validation, auth, permission, not_found, keychain) and
 *   internal bugs: never;
 * - transient trouble (network, server, timeout, bad_response): up to 2 times, backing off.
 * Mutations never retry: a repeated write (a withdrawal!) is not the transport's decision.
 */
import { isPermanent, toAppError } from '../../shared/errors';

export const MAX_TRANSIENT_RETRIES = 2;
export const MAX_RATE_LIMIT_RETRIES = 3;
const BASE_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 30_000;
const MAX_RATE_LIMIT_WAIT_MS = 60_000;

/** TanStack calls this with failureCount 0 after the first failure. */
export function shouldRetry(failureCount: number, thrown: unknown): boolean {
  const error = toAppError(thrown);
  if (isPermanent(error)) return false;
  switch (error.kind) {
    case 'rate_limited':
      return failureCount < MAX_RATE_LIMIT_RETRIES;
    case 'network':
    case 'server':
    case 'timeout':
    case 'bad_response':
      return failureCount < MAX_TRANSIENT_RETRIES;
    default:
      return false;
  }
}

export function backoffMs(failureCount: number): number {
  return Math.min(BASE_BACKOFF_MS * 2 ** failureCount, MAX_BACKOFF_MS);
}

export function retryDelayMs(failureCount: number, thrown: unknown): number {
  const error = toAppError(thrown);
  if (error.kind === 'rate_limited') {
    const asked = error.retryAfterMs ?? backoffMs(failureCount);
    return Math.min(Math.max(asked, 0), MAX_RATE_LIMIT_WAIT_MS);
  }
  return backoffMs(failureCount);
}
