/**
 * One live feed per watched account (an account with position alerts on), owned by the main
 * process (account.ts): the stream feeds a live model, and the overview computed from it reaches
 * the page and the alerts as data. While an account is live its overview is served from the
 * model; when the socket is down REST carries the views, so a lost socket loses nothing but speed.
 */
import type { PositionsOverview } from '../../../shared/model/balances';
import { liveOff, type LiveState } from '../../../shared/model/live';
import { createLiveAccount, LIVE_TIMINGS, type LiveAccount as LiveFeed, type LiveAccountOptions, type LiveClient, type LiveTimings } from './account';

export interface LiveAccount {
  id: string;
  notifyPositions: boolean;
}

export interface LiveServiceOptions {
  accounts: () => Promise<LiveAccount[]>;
  clientFor: (accountId: string) => Promise<LiveClient>;
  onState: (state: LiveState) => void;
  /** The account's overview recomputed from pushed data; at most four a second per account. */
  onOverview?: (overview: PositionsOverview) => void;
  /** A pushed balance of the account changed; at most once per 10 s per account. */
  onBalances?: (accountId: string) => void;
  onReconcileFailed?: (accountId: string, error: unknown) => void;
  /** Shorter clocks for tests; LIVE_TIMINGS otherwise. */
  timings?: Partial<LiveTimings>;
  /** Timings for tests; the documented defaults otherwise. */
  connection?: LiveAccountOptions['connection'];
}

export function createLiveService(options: LiveServiceOptions) {
  const timings = { ...LIVE_TIMINGS, ...options.timings };
  const feeds = new Map<string, LiveFeed>();
  const states = new Map<string, LiveState>();
  let closed = false;
  let revision = 0;

  function publish(change: Omit<LiveState, 'revision'>): void {
    const state = { ...change, revision: ++revision };
    states.set(state.accountId, state);
    options.onState(state);
  }

  function open(accountId: string): void {
    const feed = createLiveAccount({
      accountId,
      clientFor: options.clientFor,
      onState: (state) => {
        if (feeds.get(accountId) === feed) publish(state);
      },
      onOverview: (overview) => options.onOverview?.(overview),
      ...(options.onBalances ? { onBalances: options.onBalances } : {}),
      ...(options.onReconcileFailed ? { onReconcileFailed: options.onReconcileFailed } : {}),
      timings,
      ...(options.connection ? { connection: options.connection } : {}),
    });
    feeds.set(accountId, feed);
    feed.start();
  }

  async function syncOnce(): Promise<void> {
    if (closed) return;
    const watched = new Set((await options.accounts()).filter((a) => a.notifyPositions).map((a) => a.id));
    if (closed) return;
    for (const [id, feed] of feeds) {
      if (watched.has(id)) continue;
      feeds.delete(id);
      feed.stop();
      publish(liveOff(id));
    }
    for (const id of watched) if (!feeds.has(id)) open(id);
  }

  /** The pass running or last run: passes go one at a time. */
  let syncs: Promise<void> = Promise.resolve();

  return {
    /**
     * Opens feeds for accounts that gained alerts, closes those that lost them. Passes run one
     * after another, each reading the accounts afresh, so a read that answers late (a slow
     * keychain) can never undo what a newer one found.
     */
    sync(): Promise<void> {
      const pass = syncs.then(syncOnce);
      syncs = pass.catch(() => undefined);
      return pass;
    },
    get: (accountId: string): LiveState => states.get(accountId) ?? liveOff(accountId),
    /** The account's overview from its live model, or null when REST must answer (not live, not seeded). */
    overview: (accountId: string): PositionsOverview | null => feeds.get(accountId)?.overview() ?? null,
    /** The account's open positions from its live model (the list `exchange.positions` reads), or null when REST must answer. */
    positions: (accountId: string) => feeds.get(accountId)?.positions() ?? null,
    /** When the account's live model last applied a push (epoch ms), while its socket is live; null otherwise. */
    lastPushAt: (accountId: string): number | null => feeds.get(accountId)?.lastPushAt() ?? null,
    /** Pushed prices refused so far (zero, negative, not a plain decimal), per account. */
    ignoredPrices: (accountId: string): number => feeds.get(accountId)?.ignoredPrices() ?? 0,
    close(): void {
      closed = true;
      for (const feed of feeds.values()) feed.stop();
      feeds.clear();
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
