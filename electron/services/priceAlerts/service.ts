/**
 * The alerts a person sets in the Alerts view: kept in the database, evaluated in the main process
 * whether or not a window is open, raised through the position alerts' path (log, event, desktop
 * notification) once per crossing (evaluate.ts).
 *
 * Prices come from feed.ts (the exchange's `lastprice` stream, the ticker while it is down);
 * distances and margin fractions from each positions overview the position watcher reads, so
 * those need the account's position alerts on. Markets are checked against the account's
 * exchange (its public ticker, held a minute).
 */
import { randomUUID } from 'node:crypto';
import { AppFailure } from '../../../shared/errors';
import type { PositionAlert } from '../../../shared/model/alerts';
import type { PositionsOverview } from '../../../shared/model/balances';
import type { PriceAlert, PriceAlertList, PriceAlertMarket, PriceAlertRearm, PriceAlertRule, PriceAlertView } from '../../../shared/model/priceAlerts';
import { compare } from '../../../shared/money/decimal';
import { evaluate, type AlertMemo } from './evaluate';
import { createPriceFeed, type FeedSource, type PriceFeedOptions } from './feed';
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
  /** An alert was added, edited, removed, fired or re-armed: the view reads the list again. */
  onChanged: () => void;
  intervalMs: () => number;
  onError?: (what: string, error: unknown) => void;
  connection?: PriceFeedOptions['connection'];
  now?: () => number;
}

const MARKETS_TTL_MS = 60_000;

function unavailable(): never {
  throw new AppFailure({ kind: 'internal', reason: 'database_unavailable', message: 'The app database is not open, so alerts cannot be kept.' });
}

/** A fired alert that fires once waits for the person's re-arm; every other one can still fire. */
const canStillFire = (alert: PriceAlert): boolean => !(alert.state === 'fired' && alert.rearm === 'once');

function refuse(field: string, code: string, message: string): never {
  throw new AppFailure({ kind: 'validation', message, fields: { [field]: [code] } });
}

export function createPriceAlertsService(options: PriceAlertsServiceOptions) {
  const now = options.now ?? Date.now;
  const alerts = new Map<string, PriceAlert>();
  const memos = new Map<string, AlertMemo>();
  const current = new Map<string, NonNullable<PriceAlertView['current']>>();
  /** Each account's WebSocket address, once its client was asked. */
  const urlOf = new Map<string, string>();
  const marketsOf = new Map<string, { at: number; prices: Promise<Record<string, string>> }>();
  let closed = false;

  const feed = createPriceFeed({
    onPrice: (url, market, price) => {
      for (const alert of alerts.values()) {
        if (alert.rule.kind === 'price' && alert.rule.market === market && urlOf.get(alert.rule.accountId) === url) observe(alert.id, price, market);
      }
    },
    ticker: async (accountId) => (await options.exchangeOf(accountId)).ticker(),
    intervalMs: options.intervalMs,
    onError: options.onError,
    connection: options.connection,
  });

  function store(): PriceAlertStore {
    return options.store ?? unavailable();
  }

  async function nameOf(accountId: string): Promise<string> {
    return (await options.accounts()).find((a) => a.id === accountId)?.name ?? accountId;
  }

  function fire(alert: PriceAlert, value: string, market: string | null, positionId: number | null): void {
    const rule = alert.rule;
    void nameOf(rule.accountId).then((accountName) => {
      if (closed) return;
      const watch = { ruleId: alert.id, direction: rule.direction, threshold: rule.threshold, value };
      const at = alert.lastFiredAt ?? now();
      if (rule.kind === 'distance') {
        options.raise({ kind: 'threshold', accountId: rule.accountId, accountName, positionId: positionId ?? 0, market: market ?? '', distancePercent: value, thresholdPercent: rule.threshold, watch, at });
      } else {
        const kind = rule.kind === 'price' ? 'price' : 'margin_fraction';
        options.raise({ kind, accountId: rule.accountId, accountName, positionId: 0, market: rule.kind === 'price' ? rule.market : '', distancePercent: null, thresholdPercent: null, watch, at });
      }
    });
  }

  /** One value seen for one alert: record it, evaluate, keep a changed state. */
  function observe(id: string, value: string, market: string | null, positionId: number | null = null): void {
    const alert = alerts.get(id);
    if (!alert || closed) return;
    current.set(id, { value, at: now(), market });
    const { memo, outcome } = evaluate(alert, memos.get(id) ?? { seenBefore: false }, value);
    memos.set(id, memo);
    if (outcome.change === 'none') return;
    const next: PriceAlert = outcome.change === 'fired' ? { ...alert, state: 'fired', lastFiredAt: now() } : { ...alert, state: 'armed' };
    try {
      store().replace(next);
    } catch (error) {
      // Not kept: the alert stays as it was, so it neither fires nor re-arms without a record.
      options.onError?.('price alerts: state could not be kept', error);
      return;
    }
    alerts.set(id, next);
    if (outcome.change === 'fired') fire(next, value, market, positionId);
    options.onChanged();
    if (next.rule.kind === 'price') void refeed();
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
    for (const id of [...alerts.keys()]) {
      if (ids.has(id)) continue;
      alerts.delete(id);
      memos.delete(id);
      current.delete(id);
    }
    for (const alert of stored) alerts.set(alert.id, alert);
  }

  /** Armed afresh: the next values are learnt before a crossing can fire. */
  function forget(id: string): void {
    memos.delete(id);
    current.delete(id);
  }

  return {
    list(): PriceAlertList {
      if (!options.store) return { alerts: [], unreadable: [], available: false };
      const { alerts: stored, unreadable } = options.store.list();
      return { alerts: stored.map((a) => ({ ...a, current: current.get(a.id) ?? null })), unreadable, available: true };
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
      const alert: PriceAlert = { id: randomUUID(), rule: input.rule, rearm: input.rearm, state: 'armed', createdAt: now(), lastFiredAt: null };
      store().insert(alert);
      alerts.set(alert.id, alert);
      options.onChanged();
      await refeed();
      return alert;
    },
    async update(input: { id: string; rule?: PriceAlertRule; rearm?: PriceAlertRearm }): Promise<PriceAlert> {
      const before = store().get(input.id);
      if (input.rule) await checkRule(input.rule);
      const ruleChanged = input.rule !== undefined && JSON.stringify(input.rule) !== JSON.stringify(before.rule);
      // A new line is a new alert: armed, learning the value afresh.
      const next: PriceAlert = { ...before, rule: input.rule ?? before.rule, rearm: input.rearm ?? before.rearm, ...(ruleChanged ? { state: 'armed' as const } : {}) };
      store().replace(next);
      alerts.set(next.id, next);
      if (ruleChanged) forget(next.id);
      options.onChanged();
      await refeed();
      return next;
    },
    async remove(id: string): Promise<{ deleted: true }> {
      if (!store().remove(id)) throw new AppFailure({ kind: 'not_found', message: 'There is no such alert.', values: { id } });
      alerts.delete(id);
      forget(id);
      options.onChanged();
      await refeed();
      return { deleted: true };
    },
    async rearm(id: string): Promise<PriceAlert> {
      const next: PriceAlert = { ...store().get(id), state: 'armed' };
      store().replace(next);
      alerts.set(id, next);
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
      for (const alert of alerts.values()) {
        const rule = alert.rule;
        if (rule.accountId !== overview.accountId) continue;
        if (rule.kind === 'marginFraction' && overview.summary) observe(alert.id, overview.summary.marginFraction, null);
        if (rule.kind !== 'distance') continue;
        let nearest: PositionsOverview['positions'][number] | null = null;
        for (const p of overview.positions) {
          if (p.distancePercent === null || (rule.market !== null && p.market !== rule.market)) continue;
          if (nearest === null || compare(p.distancePercent, nearest.distancePercent!) < 0) nearest = p;
        }
        if (nearest) observe(alert.id, nearest.distancePercent!, nearest.market, nearest.positionId);
      }
    },
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
      feed.close();
    },
  };
}

export type PriceAlertsService = ReturnType<typeof createPriceAlertsService>;
