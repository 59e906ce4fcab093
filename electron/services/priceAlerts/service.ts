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
 * Each price or overview is one pass: only the alerts it can move are evaluated (marketLines.ts),
 * what changed is written in one transaction, then announced. A price that is not a positive plain
 * decimal is counted and goes no further (pushedPrice.ts).
 */
import { randomUUID } from 'node:crypto';
import { AppFailure } from '../../../shared/errors';
import type { PositionAlert } from '../../../shared/model/alerts';
import type { PositionsOverview } from '../../../shared/model/balances';
import { MAX_PRICE_ALERTS_PER_ACCOUNT, type PriceAlert, type PriceAlertList, type PriceAlertMarket, type PriceAlertRearm, type PriceAlertRule, type PriceAlertView } from '../../../shared/model/priceAlerts';
import { compare } from '../../../shared/money/decimal';
import { evaluate, type AlertMemo } from './evaluate';
import { createPriceFeed, type FeedSource, type PriceFeedOptions } from './feed';
import { createMarketLines } from './marketLines';
import { isUsablePrice } from './pushedPrice';
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

const MARKETS_TTL_MS = 60_000;
/** A storm of passes has the view read the whole list once a second, not once a pass. */
export const CHANGED_EVERY_MS = 1_000;
const RAISE_SLICE = 250;

function unavailable(): never {
  throw new AppFailure({ kind: 'internal', reason: 'database_unavailable', message: 'The app database is not open, so alerts cannot be kept.' });
}

/** A fired alert that fires once waits for the person's re-arm; every other one can still fire. */
const canStillFire = (alert: PriceAlert): boolean => !(alert.state === 'fired' && alert.rearm === 'once');

function refuse(field: string, code: string, message: string): never {
  throw new AppFailure({ kind: 'validation', message, fields: { [field]: [code] } });
}

/** A change one observation made to one alert, kept with the others of its pass and written once. */
interface Change {
  before: PriceAlert;
  next: PriceAlert;
  fired: boolean;
  value: string;
  market: string | null;
  positionId: number | null;
}

export function createPriceAlertsService(options: PriceAlertsServiceOptions) {
  const now = options.now ?? Date.now;
  const alerts = new Map<string, PriceAlert>();
  /**
   * Price alerts by market and line, the other kinds by account: a price pass looks only at the
   * alerts whose line the move passed (and those not yet evaluated), an overview only at its
   * account's, never at every alert.
   */
  const lines = createMarketLines();
  const byAccount = new Map<string, Set<string>>();
  /** Price alerts that have not taken their market's last price yet (new, edited, re-armed, loaded). */
  const fresh = new Set<string>();
  const memos = new Map<string, AlertMemo>();
  /** Distances and margin fractions as last seen, per alert. */
  const current = new Map<string, NonNullable<PriceAlertView['current']>>();
  /** The last usable price per exchange address and market: what every price alert of it shows. */
  const lastPrices = new Map<string, { value: string; at: number }>();
  /** The price each market's alerts last took (per exchange address): the start of the next move. */
  const evaluated = new Map<string, string>();
  /** Each account's WebSocket address, once its client was asked. */
  const urlOf = new Map<string, string>();
  const marketsOf = new Map<string, { at: number; prices: Promise<Record<string, string>> }>();
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

  function unindex(alert: PriceAlert): void {
    if (alert.rule.kind === 'price') return lines.remove(alert.rule.market, alert.id);
    const ids = byAccount.get(alert.rule.accountId);
    ids?.delete(alert.id);
    if (ids?.size === 0) byAccount.delete(alert.rule.accountId);
  }

  function keep(alert: PriceAlert): void {
    const before = alerts.get(alert.id);
    alerts.set(alert.id, alert);
    // A change of state keeps the rule: the index stays as it is (no re-sort per pass).
    if (before?.rule === alert.rule) return;
    if (before) unindex(before);
    if (alert.rule.kind === 'price') return lines.add(alert.rule.market, alert.id, alert.rule.threshold);
    let ids = byAccount.get(alert.rule.accountId);
    if (!ids) byAccount.set(alert.rule.accountId, (ids = new Set()));
    ids.add(alert.id);
  }

  function drop(id: string): void {
    const before = alerts.get(id);
    if (before) unindex(before);
    alerts.delete(id);
    memos.delete(id);
    current.delete(id);
    fresh.delete(id);
  }

  /** The price alerts a move of the market from `before` (undefined: none taken yet) to `price` can change. */
  function movedBy(market: string, before: string | undefined, price: string): Set<string> {
    const ids = new Set(before === undefined ? lines.all(market) : before === price ? [] : lines.between(market, before, price));
    for (const id of fresh) {
      const rule = alerts.get(id)?.rule;
      if (rule?.kind === 'price' && rule.market === market) ids.add(id);
    }
    return ids;
  }

  const feed = createPriceFeed({
    onPrice: (url, market, price) => {
      if (closed) return;
      if (!isUsablePrice(price)) {
        ignoredPrices++;
        return;
      }
      const key = priceKey(url, market);
      lastPrices.set(key, { value: price, at: now() });
      const ids = movedBy(market, evaluated.get(key), price);
      evaluated.set(key, price);
      const changes: Change[] = [];
      for (const id of ids) {
        const alert = alerts.get(id)!;
        if (urlOf.get(alert.rule.accountId) !== url) continue;
        step(alert, price, market, null, changes);
        fresh.delete(id);
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

  /**
   * The fired alerts of one pass, worded with one read of the account names, raised in slices with
   * a turn of the event loop between them so that thousands of them never hold up a request.
   */
  function announce(fired: Change[]): void {
    void (async () => {
      const names = new Map((await options.accounts()).map((a) => [a.id, a.name]));
      for (let from = 0; from < fired.length; from += RAISE_SLICE) {
        if (from > 0) await new Promise((resolve) => setImmediate(resolve));
        if (closed) return;
        for (const change of fired.slice(from, from + RAISE_SLICE)) raiseOne(change, names.get(change.next.rule.accountId) ?? change.next.rule.accountId);
      }
    })().catch((error: unknown) => options.onError?.('price alerts: accounts could not be read to word an alert', error));
  }

  function raiseOne({ next: alert, value, market, positionId }: Change, accountName: string): void {
    const rule = alert.rule;
    const watch = { ruleId: alert.id, rearm: alert.rearm, direction: rule.direction, threshold: rule.threshold, value };
    const at = alert.lastFiredAt ?? now();
    if (rule.kind === 'distance') {
      options.raise({ kind: 'threshold', accountId: rule.accountId, accountName, positionId: positionId ?? 0, market: market ?? '', distancePercent: value, thresholdPercent: rule.threshold, watch, at });
    } else {
      const kind = rule.kind === 'price' ? 'price' : 'margin_fraction';
      options.raise({ kind, accountId: rule.accountId, accountName, positionId: 0, market: rule.kind === 'price' ? rule.market : '', distancePercent: null, thresholdPercent: null, watch, at });
    }
  }

  /** One value seen for one alert: evaluate it, and add a change of state to the pass. */
  function step(alert: PriceAlert, value: string, market: string | null, positionId: number | null, changes: Change[]): void {
    const { memo, outcome } = evaluate(alert, memos.get(alert.id) ?? { seenBefore: false }, value);
    memos.set(alert.id, memo);
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
    for (const change of changes) keep(change.next);
    const fired = changes.filter((c) => c.fired);
    if (fired.length > 0) announce(fired);
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

  async function marketPrices(accountId: string): Promise<Record<string, string>> {
    const held = marketsOf.get(accountId);
    if (held && now() - held.at < MARKETS_TTL_MS) return held.prices;
    const prices = (async () => (await options.exchangeOf(accountId)).ticker())();
    marketsOf.set(accountId, { at: now(), prices });
    prices.catch(() => marketsOf.delete(accountId));
    return prices;
  }

  async function checkRule(rule: PriceAlertRule): Promise<void> {
    if (!(await options.accounts()).some((a) => a.id === rule.accountId)) refuse('accountId', 'unknown_account', 'There is no such account.');
    const market = rule.kind === 'marginFraction' ? null : rule.market;
    if (market === null) return;
    let prices: Record<string, string>;
    try {
      prices = await marketPrices(rule.accountId);
    } catch {
      refuse('market', 'markets_unavailable', 'The exchange’s market list could not be read; try again.');
    }
    if (!(market in prices)) refuse('market', 'unknown_market', 'The exchange has no such market.');
  }

  function reload(): void {
    if (!options.store) return;
    const { alerts: stored } = options.store.list();
    const ids = new Set(stored.map((a) => a.id));
    for (const id of [...alerts.keys()]) if (!ids.has(id)) drop(id);
    for (const alert of stored) {
      keep(alert);
      if (!memos.has(alert.id)) fresh.add(alert.id);
    }
  }

  /** Armed afresh: the next values are learnt before a crossing can fire, the current price included. */
  function forget(id: string): void {
    memos.delete(id);
    current.delete(id);
    if (alerts.get(id)?.rule.kind === 'price') fresh.add(id);
    else fresh.delete(id);
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
    if (rule.kind !== 'price') return current.get(alert.id) ?? null;
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
      const prices = await marketPrices(accountId);
      return Object.entries(prices)
        .map(([name, lastPrice]) => ({ name, lastPrice }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
    async create(input: { rule: PriceAlertRule; rearm: PriceAlertRearm }): Promise<PriceAlert> {
      store();
      await checkRule(input.rule);
      checkRoom(input.rule.accountId, null);
      const alert: PriceAlert = { id: randomUUID(), rule: input.rule, rearm: input.rearm, state: 'armed', createdAt: now(), lastFiredAt: null };
      store().insert(alert);
      keep(alert);
      forget(alert.id);
      options.onChanged();
      await refeed();
      return alert;
    },
    async update(input: { id: string; rule?: PriceAlertRule; rearm?: PriceAlertRearm }): Promise<PriceAlert> {
      const before = store().get(input.id);
      if (input.rule) await checkRule(input.rule);
      if (input.rule && input.rule.accountId !== before.rule.accountId) checkRoom(input.rule.accountId, before.id);
      const ruleChanged = input.rule !== undefined && JSON.stringify(input.rule) !== JSON.stringify(before.rule);
      // A new line is a new alert: armed, learning the value afresh.
      const next: PriceAlert = { ...before, rule: input.rule ?? before.rule, rearm: input.rearm ?? before.rearm, ...(ruleChanged ? { state: 'armed' as const } : {}) };
      store().replace(next);
      keep(next);
      if (ruleChanged) forget(next.id);
      options.onChanged();
      await refeed();
      return next;
    },
    async remove(id: string): Promise<{ deleted: true }> {
      if (!store().remove(id)) throw new AppFailure({ kind: 'not_found', message: 'There is no such alert.', values: { id } });
      drop(id);
      options.onChanged();
      await refeed();
      return { deleted: true };
    },
    async rearm(id: string): Promise<PriceAlert> {
      const next: PriceAlert = { ...store().get(id), state: 'armed' };
      store().replace(next);
      keep(next);
      forget(id);
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
        current.set(alert.id, { value, at: now(), market });
        step(alert, value, market, positionId, changes);
      };
      for (const id of byAccount.get(overview.accountId) ?? []) {
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
        reload();
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
