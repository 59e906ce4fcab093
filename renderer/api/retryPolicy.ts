/**
 * The renderer never tries a failed call again by itself.
 *
 * The main process's exchange client is the one owner of retries: it already retried a read with
 * backoff and honoured Retry-After before the envelope came back, so a second layer here would
 * multiply the exchange requests (4 x 3 = 12 for one lasting 503; repeated 429s get an IP banned)
 * and outlast the deadline the main process promised in its message. A person retries by acting
 * again (the error panel's Retry button, a refetch interval).
 */

/** TanStack's `retry` option for every query of the app. */
export function shouldRetry(_failureCount: number, _thrown: unknown): boolean {
  return false;
}
