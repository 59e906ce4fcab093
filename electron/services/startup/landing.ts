/**
 * The landing view's data, fetched before the page asks (issue 14): at launch the main process
 * starts the active account's balances overview and asset list, and `app.bootstrap` hands the page
 * settings, accounts and those answers in one call, so the page never waits on a chain of round trips.
 *
 * One fetch per key is shared by whoever asks while it runs (the bootstrap, and a
 * `balances.overview` / `exchange.assets` call that arrives meanwhile); once it has ended, its
 * answer serves one more caller only if nobody had it yet and it is less than FRESH_MS old (the
 * launch's fetch, waiting for the page). Every later read goes to the exchange, so a refresh is
 * never answered from here. A caller's abort ends only its own wait, never the shared fetch.
 */
import { AppFailure, fail, ok, toAppError, type Envelope } from '../../../shared/errors';
import { cancelledFailure } from '../exchange/failures';
import type { AssetsResponse } from '../../../shared/api/schemas';
import type { BalancesOverview } from '../../../shared/model/balances';

/** How long a finished answer is handed out again (the page's default staleTime is 5 s). */
export const FRESH_MS = 5_000;
/** How long `app.bootstrap` waits for the landing data before answering without it. */
export const BOOTSTRAP_WAIT_MS = 1_500;

export interface LandingKey {
  accountId: string;
  quote: string;
}

export interface LandingData extends LandingKey {
  overview: Envelope<BalancesOverview>;
  assets: Envelope<AssetsResponse>;
}

export interface LandingOptions {
  /** The account and quote the page opens on. */
  current: () => Promise<LandingKey>;
  overview: (key: LandingKey) => Promise<BalancesOverview>;
  assets: (accountId: string) => Promise<AssetsResponse>;
  now?: () => number;
}

interface Entry<T> {
  answer: Promise<Envelope<T>>;
  /** When the fetch ended; undefined while it runs. */
  endedAt?: number;
  /** Someone has had (or is waiting for) this answer. */
  handedOut: boolean;
}

/** Waits for `answer` unless `signal` aborts first; the answer itself goes on for the others. */
function waitFor<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return answer;
  if (signal.aborted) return Promise.reject(cancelledFailure(signal.reason));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancelledFailure(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    void answer.then((value) => {
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    });
  });
}

/** An envelope's data, or its error thrown as the fetch threw it (the router answers it alike). */
function unwrap<T>(envelope: Envelope<T>): T {
  if (envelope.ok) return envelope.data;
  throw new AppFailure(envelope.error);
}

export function createLanding(options: LandingOptions) {
  const now = options.now ?? Date.now;
  const overviews = new Map<string, Entry<BalancesOverview>>();
  const assetLists = new Map<string, Entry<AssetsResponse>>();

  /** The entry's answer if it may still be handed out (and marks it handed out), else undefined. */
  function join<T>(cache: Map<string, Entry<T>>, key: string): Promise<Envelope<T>> | undefined {
    const entry = cache.get(key);
    if (!entry) return undefined;
    const usable = entry.endedAt === undefined || (!entry.handedOut && now() - entry.endedAt < FRESH_MS);
    if (!usable) {
      if (entry.endedAt !== undefined) cache.delete(key);
      return undefined;
    }
    entry.handedOut = true;
    return entry.answer;
  }

  function fetchShared<T>(cache: Map<string, Entry<T>>, key: string, fetch: () => Promise<T>, handedOut: boolean): Promise<Envelope<T>> {
    const entry: Entry<T> = { answer: fetch().then(ok, (error: unknown) => fail(toAppError(error))), handedOut };
    void entry.answer.then(() => {
      entry.endedAt = now();
    });
    cache.set(key, entry);
    return entry.answer;
  }

  const overviewKey = (key: LandingKey) => `${key.accountId}\n${key.quote}`;
  const overviewOf = (key: LandingKey, handedOut: boolean) =>
    (handedOut ? join(overviews, overviewKey(key)) : undefined) ?? fetchShared(overviews, overviewKey(key), () => options.overview(key), handedOut);
  const assetsOf = (accountId: string, handedOut: boolean) =>
    (handedOut ? join(assetLists, accountId) : undefined) ?? fetchShared(assetLists, accountId, () => options.assets(accountId), handedOut);

  return {
    /** Starts the landing fetches (at launch); never throws. */
    start(): void {
      void options.current().then(
        (key) => {
          void overviewOf(key, false);
          void assetsOf(key.accountId, false);
        },
        () => undefined,
      );
    },

    /** The landing data for the current account, waiting at most `waitMs`; null when not ready by then. */
    async bootstrap(waitMs = BOOTSTRAP_WAIT_MS, signal?: AbortSignal): Promise<LandingData | null> {
      const key = await options.current();
      const both = Promise.all([overviewOf(key, true), assetsOf(key.accountId, true)]);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), waitMs);
      });
      try {
        const answered = await waitFor(Promise.race([both, late]), signal);
        return answered === null ? null : { ...key, overview: answered[0], assets: answered[1] };
      } finally {
        clearTimeout(timer);
      }
    },

    /** `balances.overview` for one account: the running or fresh landing fetch when it is the same. */
    async overview(key: LandingKey, signal?: AbortSignal): Promise<BalancesOverview | undefined> {
      const answer = join(overviews, overviewKey(key));
      return answer && unwrap(await waitFor(answer, signal));
    },

    /** `exchange.assets`: the running or fresh landing fetch of that account's list, if any. */
    async assets(accountId: string, signal?: AbortSignal): Promise<AssetsResponse | undefined> {
      const answer = join(assetLists, accountId);
      return answer && unwrap(await waitFor(answer, signal));
    },
  };
}

export type Landing = ReturnType<typeof createLanding>;
