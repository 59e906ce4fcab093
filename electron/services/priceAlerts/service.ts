/**
 * The alerts a person sets in the Alerts view: kept in the database, evaluated in the main process
 * whether or not a window is open, raised through the position alerts' path (log, event, desktop
 * notification) once per crossing (evaluate.ts).
 *
 * Prices come from feed.ts (the exchange's `lastprice` stream, the ticker while it is down);
 * distances and margin fractions from each positions overview the position watcher reads, so
 * those need the account's position alerts on. Markets are checked against the account's
 * exchange (its public ticker, held a minute).
 *
 * Each price or overview is one pass: only the alerts it can move are evaluated (alertIndex.ts),
 * what changed is written in one transaction, then announced (announcer.ts). A price that is not a
 * positive plain decimal is counted and goes no further (pushedPrice.ts). A rule's account and
 * market are checked before it is kept (marketCheck.ts).
 */
import { randomUUID } from 'node:crypto';
import { AppFailure } from '../../../shared/errors';
import type { PositionAlert } from '../../../shared/model/alerts';
import type { PositionsOverview } from '../../../shared/model/balances';
import { MAX_PRICE_ALERTS_PER_ACCOUNT, type PriceAlert, type PriceAlertList, type PriceAlertMarket, type PriceAlertRearm, type PriceAlertRule, type PriceAlertView } from '../../../shared/model/priceAlerts';
import { compare } from '../../../shared/money/decimal';
import { evaluate } from './evaluate';
import { createPriceFeed, type FeedSource, type PriceFeedOptions } from './feed';
import { createAlertIndex } from './alertIndex';
import { isUsablePrice } from './pushedPrice';
import { createAnnouncer, type Change } from './announcer';
import { createMarketCheck, refuse } from './marketCheck';
import type { PriceAlertStore } from './store';

export interface PriceAlertsServiceOptions {
  /** Null while the database is not open: nothing is kept, the view says so. */
  store: PriceAlertStore | null;
  /** Known accounts (names for the alert words; unknown ids are refused). */
  accounts: () => Promise<{ id: string; name: string }[]>;
  /** The account's exchange: its WebSocket address and its public ticker (market -> last price). */
  exchangeOf: (accountId: string) => Promise<{ url: string; ticker: (signal?: AbortSignal) => Promise<Record<string, string>> }>;
  /** `at`: when it fired (the time kept as its last firing). */
  raise: (alert: Omit<PositionAlert, 'id'>) => void;
  /**
   * An alert was added, edited, removed, fired or re-armed: the view reads the list again. After a
   * person's change at once; after price passes at most once per CHANGED_EVERY_MS.
   */
  onChanged: () => void;
  /** Each pass that changed something: how many fired and re-armed (one log line, not one per alert). */
  onPass?: (counts: { fired: number; rearmed: number }) => void;
  intervalMs: () => number;
  onError?: (what: string, error: unknown) => void;
  connection?: PriceFeedOptions['connection'];
  now?: () => number;
}

/** A storm of passes has the view read the whole list once a second, not once a pass. */
const CHANGED_EVERY_MS = 1_000;

function unavailable(): never {
  throw new AppFailure({ kind: 'internal', reason: 'database_unavailable', message: 'The app database is not open, so alerts cannot be kept.' });
}

/** A fired alert that fires once waits for the person's re-arm; every other one can still fire. */
const canStillFire = (alert: PriceAlert): boolean => !(alert.state === 'fired' && alert.rearm === 'once');


export function createPriceAlertsService(options: PriceAlertsServiceOptions) {
  const now = options.now ?? Date.now;
  const alerts = createAlertIndex();
  /** The last usable price per exchange address and market: what every price alert of it shows. */
  const lastPrices = new Map<string, { value: string; at: number }>();
  /** The price each market's alerts last took (per exchange address): the start of the next move. */
  const evaluated = new Map<string, string>();
  /** Each account's WebSocket address, once its client was asked. */
  const urlOf = new Map<string, string>();
  let ignoredPrices = 0;
  let closed = false;
  let changedTimer: ReturnType<typeof setTimeout> | null = null;
  let changedAt = Number.NEGATIVE_INFINITY;

  function passChanged(): void {
    if (changedTimer !== null) return;
    changedTimer = setTimeout(
      () => {
        changedTimer = null;
        changedAt = now();
        if (!closed) options.onChanged();
      },
      Math.max(0, changedAt + CHANGED_EVERY_MS - now()),
    );
  }

  const priceKey = (url: string, market: string) => `${url} ${market}`;

  const announcer = createAnnouncer({ accounts: options.accounts, raise: options.raise, onError: options.onError, now, isClosed: () => closed });
  const markets = createMarketCheck({ accounts: options.accounts, exchangeOf: options.exchangeOf, now });

  const feed = createPriceFeed({
    onPrice: (url, market, price) => {
      if (closed) return;
      if (!isUsablePrice(price)) {
        ignoredPrices++;
        return;
      }
      const key = priceKey(url, market);
      lastPrices.set(key, { value: price, at: now() });
      const ids = alerts.movedBy(market, evaluated.get(key), price);
      evaluated.set(key, price);
      const changes: Change[] = [];
      for (const id of ids) {
        const alert = alerts.get(id)!;
        if (urlOf.get(alert.rule.accountId) !== url) continue;
        step(alert, price, market, null, changes);
        alerts.took(id);
      }
      commit(changes);
    },
    ticker: async (accountId) => (await options.exchangeOf(accountId)).ticker(),
    intervalMs: options.intervalMs,
    onError: options.onError,
    connection: options.connection,
  });

  function store(): PriceAlertStore {
    return options.store ?? unavailable();
  }

  /** One value seen for one alert: evaluate it, and add a change of state to the pass. */
  function step(alert: PriceAlert, value: string, market: string | null, positionId: number | null, changes: Change[]): void {
    const { memo, outcome } = evaluate(alert, alerts.memoOf(alert.id), value);
    alerts.setMemo(alert.id, memo);
    if (outcome.change === 'none') return;
    const fired = outcome.change === 'fired';
    const next: PriceAlert = fired ? { ...alert, state: 'fired', lastFiredAt: now() } : { ...alert, state: 'armed' };
    changes.push({ before: alert, next, fired, value, market, positionId });
  }

  /** The end of a pass: its changes written in one transaction, then announced, the view told once. */
  function commit(changes: Change[]): void {
    if (changes.length === 0 || closed) return;
    try {
      store().replaceMany(changes);
    } catch (error) {
      // Not kept: the alerts stay as they were, so none fires or re-arms without a record.
      options.onError?.('price alerts: state could not be kept', error);
      return;
    }
    for (const change of changes) alerts.keep(change.next);
    const fired = changes.filter((c) => c.fired);
    if (fired.length > 0) announcer.announce(fired);
    options.onPass?.({ fired: fired.length, rearmed: changes.length - fired.length });
    passChanged();
    // Only an alert that fired once leaves the feed; the others keep their market watched.
    if (changes.some((c) => c.next.rule.kind === 'price' && !canStillFire(c.next))) void refeed();
  }

  /** The feed follows the price alerts that can still fire or re-arm. */
  async function refeed(): Promise<void> {
    const byUrl = new Map<string, FeedSource & { markets: Set<string> }>();
    for (const alert of alerts.values()) {
      const rule = alert.rule;
      if (rule.kind !== 'price' || !canStillFire(alert)) continue;
      let url = urlOf.get(rule.accountId);
      if (url === undefined) {
        try {
          url = (await options.exchangeOf(rule.accountId)).url;
        } catch (error) {
          options.onError?.('price alerts: account exchange unknown', error);
          continue;
        }
        urlOf.set(rule.accountId, url);
      }
      const source = byUrl.get(url) ?? { url, accountId: rule.accountId, markets: new Set<string>() };
      source.markets.add(rule.market);
      byUrl.set(url, source);
    }
    if (!closed) feed.set([...byUrl.values()]);
  }

  /** Refused past the limit, so one account's alerts stay few enough to read and cheap to evaluate. */
  function checkRoom(accountId: string, leaving: string | null): void {
    let count = 0;
    for (const alert of alerts.values()) if (alert.rule.accountId === accountId && alert.id !== leaving) count++;
    if (count >= MAX_PRICE_ALERTS_PER_ACCOUNT) {
      refuse('accountId', 'too_many_alerts', `An account can keep at most ${MAX_PRICE_ALERTS_PER_ACCOUNT} alerts; delete some first.`);
    }
  }

  function currentOf(alert: PriceAlert): PriceAlertView['current'] {
    const rule = alert.rule;
    if (rule.kind !== 'price') return alerts.lastSeen(alert.id);
    const url = urlOf.get(rule.accountId);
    const seen = url === undefined ? undefined : lastPrices.get(priceKey(url, rule.market));
    return seen ? { value: seen.value, at: seen.at, market: rule.market } : null;
  }

  return {
    list(): PriceAlertList {
      if (!options.store) return { alerts: [], unreadable: [], available: false };
      const { alerts: stored, unreadable } = options.store.list();
      return { alerts: stored.map((a) => ({ ...a, current: currentOf(a) })), unreadable, available: true };
    },
    async markets(accountId: string): Promise<PriceAlertMarket[]> {
      const prices = await markets.prices(accountId);
      return Object.entries(prices)
        .map(([name, lastPrice]) => ({ name, lastPrice }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
    async create(input: { rule: PriceAlertRule; rearm: PriceAlertRearm }): Promise<PriceAlert> {
      store();
      await markets.checkRule(input.rule);
      checkRoom(input.rule.accountId, null);
      const alert: PriceAlert = { id: randomUUID(), rule: input.rule, rearm: input.rearm, state: 'armed', createdAt: now(), lastFiredAt: null };
      store().insert(alert);
      alerts.keep(alert);
      alerts.forget(alert.id);
      options.onChanged();
      await refeed();
      return alert;
    },
    async update(input: { id: string; rule?: PriceAlertRule; rearm?: PriceAlertRearm }): Promise<PriceAlert> {
      const before = store().get(input.id);
      if (input.rule) await markets.checkRule(input.rule);
      if (input.rule && input.rule.accountId !== before.rule.accountId) checkRoom(input.rule.accountId, before.id);
      const ruleChanged = input.rule !== undefined && JSON.stringify(input.rule) !== JSON.stringify(before.rule);
      // A new line is a new alert: armed, learning the value afresh.
      const next: PriceAlert = { ...before, rule: input.rule ?? before.rule, rearm: input.rearm ?? before.rearm, ...(ruleChanged ? { state: 'armed' as const } : {}) };
      store().replace(next);
      alerts.keep(next);
      if (ruleChanged) alerts.forget(next.id);
      options.onChanged();
      await refeed();
      return next;
    },
    async remove(id: string): Promise<{ deleted: true }> {
      if (!store().remove(id)) throw new AppFailure({ kind: 'not_found', message: 'There is no such alert.', values: { id } });
      alerts.drop(id);
      options.onChanged();
      await refeed();
      return { deleted: true };
    },
    async rearm(id: string): Promise<PriceAlert> {
      const next: PriceAlert = { ...store().get(id), state: 'armed' };
      store().replace(next);
      alerts.keep(next);
      alerts.forget(id);
      options.onChanged();
      await refeed();
      return next;
    },
    /** Price alerts that can still fire: the feed watches their markets while the window is closed. */
    armedPriceAlerts(): number {
      let count = 0;
      for (const alert of alerts.values()) if (alert.rule.kind === 'price' && canStillFire(alert)) count++;
      return count;
    },
    /** Each positions overview the watcher reads: distance and margin-fraction alerts of its account. */
    observeOverview(overview: PositionsOverview): void {
      if (closed) return;
      const changes: Change[] = [];
      const seen = (alert: PriceAlert, value: string, market: string | null, positionId: number | null) => {
        alerts.seen(alert.id, { value, at: now(), market });
        step(alert, value, market, positionId, changes);
      };
      for (const id of alerts.ofAccount(overview.accountId)) {
        const alert = alerts.get(id)!;
        const rule = alert.rule;
        if (rule.kind === 'marginFraction' && overview.summary) seen(alert, overview.summary.marginFraction, null, null);
        if (rule.kind !== 'distance') continue;
        let nearest: PositionsOverview['positions'][number] | null = null;
        for (const p of overview.positions) {
          if (p.distancePercent === null || (rule.market !== null && p.market !== rule.market)) continue;
          if (nearest === null || compare(p.distancePercent, nearest.distancePercent!) < 0) nearest = p;
        }
        if (nearest) seen(alert, nearest.distancePercent!, nearest.market, nearest.positionId);
      }
      commit(changes);
    },
    /** Prices the feed brought that were not a usable price (zero, negative, not a plain decimal). */
    ignoredPrices: (): number => ignoredPrices,
    /** At start: load what is kept and start the price feed. */
    async start(): Promise<void> {
      try {
        if (options.store) alerts.reload(options.store.list().alerts);
      } catch (error) {
        options.onError?.('price alerts could not be read', error);
      }
      await refeed();
    },
    close(): void {
      closed = true;
      if (changedTimer !== null) clearTimeout(changedTimer);
      changedTimer = null;
      feed.close();
    },
  };
}

export type PriceAlertsService = ReturnType<typeof createPriceAlertsService>;
