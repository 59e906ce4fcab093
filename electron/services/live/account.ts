/**
 * One watched account's live feed: its WebSocket, its live model, and the REST reconciles that
 * keep the model honest. Pushes are applied as data; the overview they produce is handed on at
 * most once per `overviewEveryMs`, and the state's `lastPushAt` at most once per `stateEveryMs`.
 *
 * REST is read when the socket (re)connects (nothing of a gap is replayed), on every margin-call
 * or liquidation event, and on the slow `reconcileEveryMs` clock while live; never per push. A
 * pushed balance that changed makes the balances views read again, at most once per
 * `balancesEveryMs` (the pushes carry no prices to value them with).
 */
import type { PositionsOverview } from '../../../shared/model/balances';
import type { LiveState } from '../../../shared/model/live';
import type { ExchangeClient } from '../exchange';
import { isZero } from '../../../shared/money/decimal';
import { readParts } from '../positions/parts';
import { createLiveConnection, type LiveConnectionOptions, type LiveConnectionState, type Subscription } from './connection';
import { createLiveModel } from './model';
import { createBalanceWatch } from './balancePushes';

export type LiveClient = Pick<ExchangeClient, 'websocketToken' | 'websocketUrl' | 'positions' | 'collateralSummary' | 'ticker' | 'futures' | 'tradeBalance' | 'collateralBalance'>;

export interface LiveTimings {
  /** At most four overviews a second per account. */
  overviewEveryMs: number;
  /**
   * One exchange tick's frames (a last price per market, the positions snapshot) arrive over a few
   * milliseconds and event-loop turns: the overview waits this long after the first, so the tick
   * goes out as one overview instead of a partial one and the rest a whole slot later.
   */
  overviewBurstMs: number;
  /** `lastPushAt` alone changes the published state at most once a second. */
  stateEveryMs: number;
  reconcileEveryMs: number;
  /** A changed balance makes the balances view read again at most this often. */
  balancesEveryMs: number;
}

export const LIVE_TIMINGS: LiveTimings = { overviewEveryMs: 250, overviewBurstMs: 20, stateEveryMs: 1_000, reconcileEveryMs: 60_000, balancesEveryMs: 10_000 };

export interface LiveAccountOptions {
  accountId: string;
  clientFor: (accountId: string) => Promise<LiveClient>;
  onState: (state: Omit<LiveState, 'revision'>) => void;
  onOverview: (overview: PositionsOverview) => void;
  /** A pushed balance changed: the balances views read again (at most once per `balancesEveryMs`). */
  onBalances?: (accountId: string) => void;
  onReconcileFailed?: (accountId: string, error: unknown) => void;
  timings: LiveTimings;
  connection?: Partial<Omit<LiveConnectionOptions, 'url' | 'token' | 'subscriptions' | 'updateMethods' | 'onUpdate' | 'onLive' | 'onState'>>;
  now?: () => number;
}

const PRIVATE_SUBSCRIPTIONS: Subscription[] = [
  { method: 'positionsMargin_subscribe', params: [] },
  { method: 'positionsAccountMargin_subscribe', params: [] },
];
/** What the subscriptions push; a frame of any other channel is counted by the connection and dropped. */
const UPDATE_METHODS: ReadonlySet<string> = new Set(['positionsMargin_update', 'positionsAccountMargin_update', 'lastprice_update', 'balanceSpot_update', 'balanceMargin_update']);

/** The assets held in the trade and collateral accounts: what the balance subscriptions ask for. */
async function heldTickers(client: LiveClient): Promise<{ spot: string[]; margin: string[] }> {
  const [trade, collateral] = await Promise.allSettled([client.tradeBalance(), client.collateralBalance()]);
  const spot = trade.status === 'fulfilled' ? Object.entries(trade.value.items).filter(([, v]) => !isZero(v.available) || !isZero(v.freeze)).map(([t]) => t) : [];
  const margin = collateral.status === 'fulfilled' ? Object.entries(collateral.value.items).filter(([, v]) => !isZero(v)).map(([t]) => t) : [];
  return { spot: spot.sort(), margin: margin.sort() };
}

function toLiveState(accountId: string, s: LiveConnectionState, lastPushAt: number | null): Omit<LiveState, 'revision'> {
  const status = s.status === 'live' ? 'live' : s.status === 'connecting' && s.attempt === 0 ? 'connecting' : 'fallback';
  return { accountId, status, problem: s.problem, retryAt: s.retryAt, unreadableFrames: s.unreadableFrames, lastPushAt };
}

export function createLiveAccount(options: LiveAccountOptions) {
  const { accountId, timings } = options;
  const now = options.now ?? Date.now;
  const model = createLiveModel(accountId, now);
  let url = '';
  /** The markets the `lastprice` subscription asks for (the open positions'). */
  let markets: string[] = [];
  let pricesSubscribed = false;
  /** The held assets the balance subscriptions ask for, learnt once per connection. */
  let balanceTickers: { spot: string[]; margin: string[] } = { spot: [], margin: [] };
  const balanceWatch = createBalanceWatch();
  let balancesTimer: ReturnType<typeof setTimeout> | null = null;
  let balancesAt = Number.NEGATIVE_INFINITY;
  let balancesRefused = false;
  let connectionState: LiveConnectionState | null = null;
  let stopped = false;

  let overviewTimer: ReturnType<typeof setTimeout> | null = null;
  let overviewAt = Number.NEGATIVE_INFINITY;
  let stateTimer: ReturnType<typeof setTimeout> | null = null;
  let stateAt = Number.NEGATIVE_INFINITY;
  let reconcileTimer: ReturnType<typeof setTimeout> | null = null;
  let reconciling = false;
  let reconcileAgain = false;

  const isLive = () => !stopped && connectionState?.status === 'live';

  function publishState(): void {
    if (stateTimer !== null) clearTimeout(stateTimer);
    stateTimer = null;
    if (stopped || connectionState === null) return;
    stateAt = now();
    options.onState(toLiveState(accountId, connectionState, model.lastPushAt()));
  }

  /** Leading edge when quiet (after `soonestMs`), else one call at the end of the slot: a busy stream cannot flood. */
  function throttled(at: number, everyMs: number, fire: () => void, soonestMs = 0): ReturnType<typeof setTimeout> {
    return setTimeout(fire, Math.max(soonestMs, at + everyMs - now()));
  }

  function overviewChanged(): void {
    if (overviewTimer !== null || stopped) return;
    overviewTimer = throttled(overviewAt, timings.overviewEveryMs, () => {
      overviewTimer = null;
      overviewAt = now();
      const overview = model.overview();
      if (overview !== null && isLive()) options.onOverview(overview);
    }, timings.overviewBurstMs);
  }

  /** A change of counts or of `lastPushAt` only: one state a second at most, however many frames. */
  function stateChangedLater(): void {
    if (stateTimer === null && !stopped) stateTimer = throttled(stateAt, timings.stateEveryMs, publishState);
  }

  function pushApplied(): void {
    overviewChanged();
    stateChangedLater();
  }

  function balancesChanged(): void {
    if (balancesTimer !== null || stopped || !options.onBalances) return;
    balancesTimer = throttled(balancesAt, timings.balancesEveryMs, () => {
      balancesTimer = null;
      balancesAt = now();
      if (isLive()) options.onBalances?.(accountId);
    });
  }

  async function followBalances(): Promise<void> {
    if (balancesRefused) return;
    try {
      const next = await heldTickers(await options.clientFor(accountId));
      if (stopped || balancesRefused || (next.spot.join(',') === balanceTickers.spot.join(',') && next.margin.join(',') === balanceTickers.margin.join(','))) return;
      balanceTickers = next;
      connection.resubscribe();
    } catch (error) {
      options.onReconcileFailed?.(accountId, error);
    }
  }

  /** The open positions' markets changed: the `lastprice` subscription follows them. */
  function followMarkets(): void {
    const next = model.markets();
    if (next.join(',') === markets.join(',')) return;
    markets = next;
    connection.resubscribe();
  }

  async function reconcile(): Promise<void> {
    if (reconciling) {
      reconcileAgain = true;
      return;
    }
    reconciling = true;
    if (reconcileTimer !== null) clearTimeout(reconcileTimer);
    reconcileTimer = null;
    try {
      do {
        reconcileAgain = false;
        const mark = model.mark();
        try {
          const read = await readParts(await options.clientFor(accountId));
          if (stopped) return;
          model.applyRest(read, mark);
          if (read.positions.status === 'rejected') options.onReconcileFailed?.(accountId, read.positions.reason);
        } catch (error) {
          options.onReconcileFailed?.(accountId, error);
        }
        if (stopped) return;
        followMarkets();
        overviewChanged();
      } while (reconcileAgain);
    } finally {
      reconciling = false;
    }
    if (isLive()) reconcileTimer = setTimeout(() => void reconcile(), timings.reconcileEveryMs);
  }

  function onUpdate(method: string, params: unknown): boolean {
    let applied = false;
    if (method === 'positionsMargin_update') {
      applied = model.applySnapshot(params);
      if (applied) followMarkets();
      if (applied && model.snapshotMovedRisk()) void reconcile();
    } else if (method === 'lastprice_update') {
      applied = model.applyLastPrice(params);
    } else if (method === 'balanceSpot_update' || method === 'balanceMargin_update') {
      const changed = balanceWatch.apply(method, params);
      if (changed) balancesChanged();
      return changed !== null;
    } else if (method === 'positionsAccountMargin_update') {
      applied = model.applyAccountEvent(params);
      // The event is the exchange acting on the account: its figures are read again now.
      if (applied) void reconcile();
    }
    if (applied) pushApplied();
    return applied;
  }

  const connection = createLiveConnection({
    ...options.connection,
    url: () => url,
    token: async () => {
      const client = await options.clientFor(accountId);
      url = client.websocketUrl();
      return client.websocketToken();
    },
    subscriptions: () => {
      const list = [...PRIVATE_SUBSCRIPTIONS];
      if (balanceTickers.spot.length > 0) list.push({ method: 'balanceSpot_subscribe', params: balanceTickers.spot });
      if (balanceTickers.margin.length > 0) list.push({ method: 'balanceMargin_subscribe', params: balanceTickers.margin });
      if (markets.length > 0) {
        pricesSubscribed = true;
        list.push({ method: 'lastprice_subscribe', params: markets });
      } else if (pricesSubscribed) {
        // No position left: the prices of the last ones are not wanted any more.
        list.push({ method: 'lastprice_unsubscribe', params: [] });
      }
      return list;
    },
    updateMethods: UPDATE_METHODS,
    onUpdate,
    onLive: () => {
      // A gap: nothing of it is replayed, so REST is read now.
      model.reconnected();
      balanceWatch.reset();
      void reconcile();
      void followBalances();
    },
    onState: (s) => {
      const before = connectionState;
      const wasLive = isLive();
      connectionState = s;
      if (wasLive && !isLive() && reconcileTimer !== null) {
        clearTimeout(reconcileTimer);
        reconcileTimer = null;
      }
      // A refused subscription list must not keep the feed down: the balance subscriptions (the
      // only ones built from answers) are left out from then on, and balances follow the slow clock.
      if (s.problem === 'refused' && balanceTickers.spot.length + balanceTickers.margin.length > 0) {
        balanceTickers = { spot: [], margin: [] };
        balancesRefused = true;
      }
      const moved = before === null || before.status !== s.status || before.problem !== s.problem || before.retryAt !== s.retryAt;
      if (moved) publishState();
      else stateChangedLater();
    },
  });

  return {
    start: () => connection.start(),
    stop(): void {
      stopped = true;
      connection.stop();
      for (const timer of [overviewTimer, stateTimer, reconcileTimer, balancesTimer]) if (timer !== null) clearTimeout(timer);
      overviewTimer = stateTimer = reconcileTimer = balancesTimer = null;
    },
    /** The overview from the model while the socket is live and positions are known; null otherwise (REST serves). */
    overview: (): PositionsOverview | null => (isLive() ? model.overview() : null),
    positions: () => (isLive() ? model.positions() : null),
    lastPushAt: () => (isLive() ? model.lastPushAt() : null),
    state: () => (connectionState === null ? null : toLiveState(accountId, connectionState, model.lastPushAt())),
    ignoredPrices: () => model.ignoredPrices(),
  };
}

export type LiveAccount = ReturnType<typeof createLiveAccount>;
