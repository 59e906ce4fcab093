/**
 * The landing view's data, fetched before the page asks: at launch the main process
 * starts the active account's balances overview and asset list, and `app.bootstrap` hands the page
 * settings, accounts and those answers in one call, so the page never waits on a chain of round trips.
 *
 * One fetch per key is shared by whoever asks while it runs (the bootstrap, and a
 * `balances.overview` / `exchange.assets` call that arrives meanwhile); once it has ended, its
 * answer serves one more caller only if nobody had it yet and it is less than FRESH_MS old (the
 * launch's fetch, waiting for the page). Every later read goes to the exchange, so a refresh is
 * never answered from here. A caller's abort ends only its own wait, never the shared fetch.
 *
 * A page that opens while the app already runs (a reload, a window reopened, a second browser tab)
 * would otherwise wait for a whole new fetch: the bootstrap alone may hand it the latest overview
 * any read brought, when it is under REUSE_MS old, together with the time it was answered, so the
 * page's "Updated N s ago" stays true. Showing the last figures at once, dated, and refreshing
 * them straight away (anything older than the page's staleTime is refetched as the view mounts)
 * beats a blank table while the exchange answers. Anything that moves money or changes accounts
 * forgets those answers (`forget`).
 */
import { AppFailure, fail, ok, toAppError, type Envelope } from '../../../shared/errors';
import { cancelledFailure } from '../exchange/failures';
import type { AssetsResponse } from '../../../shared/api/schemas';
import type { BalancesOverview } from '../../../shared/model/balances';

/** How long a finished answer is handed out again (the page's default staleTime is 5 s). */
const FRESH_MS = 5_000;
/** How long `app.bootstrap` waits for the landing data before answering without it. */
export const BOOTSTRAP_WAIT_MS = 1_500;
/**
 * How old the latest overview may be for a page that opens to start with it. Older than the page's
 * staleTime (5 s), it is shown dated and refreshed at once; a minute covers a reload or a window
 * reopened during a session at the usual refresh intervals (10-60 s), while figures older than
 * that are fetched afresh before they are shown.
 */
export const REUSE_MS = 60_000;

export interface LandingKey {
  accountId: string;
  quote: string;
}

export interface LandingData extends LandingKey {
  overview: Envelope<BalancesOverview>;
  assets: Envelope<AssetsResponse>;
  /** When the overview was answered (Unix ms): the page dates its data with it. */
  answeredAt: number;
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

interface Answered<T> {
  value: T;
  /** When it was answered, Unix ms. */
  at: number;
}

export function createLanding(options: LandingOptions) {
  const now = options.now ?? Date.now;
  const overviews = new Map<string, Entry<BalancesOverview>>();
  const assetLists = new Map<string, Entry<AssetsResponse>>();
  /** The latest successful answers any read brought, for a page that opens later (`bootstrap`). */
  const latestOverviews = new Map<string, Answered<BalancesOverview>>();
  const latestAssetLists = new Map<string, Answered<AssetsResponse>>();

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

  /** The latest answer as an envelope when it is under REUSE_MS old. */
  function recent<T>(latest: Map<string, Answered<T>>, key: string): Promise<Envelope<T>> | undefined {
    const answered = latest.get(key);
    return answered && now() - answered.at < REUSE_MS ? Promise.resolve(ok(answered.value)) : undefined;
  }

  function fetchShared<T>(cache: Map<string, Entry<T>>, latest: Map<string, Answered<T>>, key: string, fetch: () => Promise<T>, handedOut: boolean): Promise<Envelope<T>> {
    const entry: Entry<T> = { answer: fetch().then(ok, (error: unknown) => fail(toAppError(error))), handedOut };
    void entry.answer.then((envelope) => {
      entry.endedAt = now();
      if (envelope.ok) latest.set(key, { value: envelope.data, at: entry.endedAt });
    });
    cache.set(key, entry);
    return entry.answer;
  }

  const overviewKey = (key: LandingKey) => `${key.accountId}\n${key.quote}`;
  /** `forPage`: a page asks (the bootstrap), so a running fetch, then a recent answer, may serve it. */
  const overviewOf = (key: LandingKey, forPage: boolean) =>
    (forPage ? (join(overviews, overviewKey(key)) ?? recent(latestOverviews, overviewKey(key))) : undefined) ??
    fetchShared(overviews, latestOverviews, overviewKey(key), () => options.overview(key), forPage);
  const assetsOf = (accountId: string, forPage: boolean) =>
    (forPage ? (join(assetLists, accountId) ?? recent(latestAssetLists, accountId)) : undefined) ??
    fetchShared(assetLists, latestAssetLists, accountId, () => options.assets(accountId), forPage);

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

    /** Records an overview a read brought (every `balances.overview` answer passes here). */
    remember(key: LandingKey, overview: BalancesOverview): void {
      latestOverviews.set(overviewKey(key), { value: overview, at: now() });
    },

    /** Drops the remembered answers (after a withdrawal, an investment or an account change). */
    forget(): void {
      latestOverviews.clear();
      latestAssetLists.clear();
    },

    /** The landing data for the current account, waiting at most `waitMs`; null when not ready by then. */
    async bootstrap(waitMs = BOOTSTRAP_WAIT_MS, signal?: AbortSignal): Promise<LandingData | null> {
      const key = await options.current();
      // Dated as it is handed out: a refresh ending meanwhile must not make older data look newer.
      const overview = overviewOf(key, true).then((envelope) => ({ envelope, at: (envelope.ok && latestOverviews.get(overviewKey(key))?.at) || now() }));
      const both = Promise.all([overview, assetsOf(key.accountId, true)]);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), waitMs);
      });
      try {
        const answered = await waitFor(Promise.race([both, late]), signal);
        if (answered === null) return null;
        return { ...key, overview: answered[0].envelope, assets: answered[1], answeredAt: answered[0].at };
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
