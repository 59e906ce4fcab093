/**
 * Last prices for the markets that have live price alerts: one public WebSocket per exchange
 * address (normally one), subscribed to `lastprice` for exactly those markets
 * (docs/exchange-api.md "WebSocket": a second subscribe replaces the channel's list, so the whole
 * list is sent each time it changes). While a connection is not live, the public ticker is read
 * on the alerts schedule instead, so a lost socket costs speed, never an alert.
 */
import { z } from 'zod';
import { createLiveConnection, type LiveConnection, type LiveConnectionOptions } from '../live/connection';

export interface FeedSource {
  /** The exchange's WebSocket address. */
  url: string;
  /** An account on that exchange, whose client reads the public ticker. */
  accountId: string;
  markets: ReadonlySet<string>;
}

export interface PriceFeedOptions {
  /** Every price as it came, checked by the owner (a broken feed's values are counted there). */
  onPrice: (url: string, market: string, price: unknown) => void;
  /** The exchange's last prices by market (public ticker), through the account's client. */
  ticker: (accountId: string) => Promise<Record<string, string>>;
  /** The alerts schedule: how often the ticker stands in for a socket that is down. */
  intervalMs: () => number;
  onError?: (what: string, error: unknown) => void;
  connection?: Partial<Omit<LiveConnectionOptions, 'url' | 'token' | 'subscriptions' | 'updateMethods' | 'onUpdate' | 'onLive' | 'onState'>>;
}

const LastPrice = z.tuple([z.string().max(40), z.unknown()]);
const LASTPRICE: ReadonlySet<string> = new Set(['lastprice_update']);

interface Feed {
  source: FeedSource;
  connection: LiveConnection;
  /** The market list the last subscribe sent, to notice a change made while it was on its way. */
  subscribed: string;
  live: boolean;
}

const listKey = (markets: ReadonlySet<string>) => [...markets].sort().join(',');

export function createPriceFeed(options: PriceFeedOptions) {
  const feeds = new Map<string, Feed>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  async function poll(feed: Feed): Promise<void> {
    let prices: Record<string, string>;
    try {
      prices = await options.ticker(feed.source.accountId);
    } catch (error) {
      options.onError?.('price alerts: ticker could not be read', error);
      return;
    }
    if (closed || feeds.get(feed.source.url) !== feed) return;
    for (const market of feed.source.markets) {
      const price = prices[market];
      if (price !== undefined) options.onPrice(feed.source.url, market, price);
    }
  }

  function schedule(): void {
    if (closed || timer !== null || feeds.size === 0) return;
    timer = setTimeout(() => {
      timer = null;
      void Promise.all([...feeds.values()].filter((f) => !f.live).map(poll)).finally(schedule);
    }, options.intervalMs());
  }

  function open(source: FeedSource): Feed {
    const feed: Feed = { source, connection: null as unknown as LiveConnection, subscribed: '', live: false };
    feed.connection = createLiveConnection({
      ...options.connection,
      url: () => feed.source.url,
      subscriptions: () => {
        feed.subscribed = listKey(feed.source.markets);
        return [{ method: 'lastprice_subscribe', params: [...feed.source.markets] }];
      },
      updateMethods: LASTPRICE,
      onUpdate: (_method, params) => {
        const update = LastPrice.safeParse(params);
        if (update.success && feed.source.markets.has(update.data[0])) options.onPrice(feed.source.url, update.data[0], update.data[1]);
      },
      onLive: () => {
        if (feed.subscribed !== listKey(feed.source.markets)) feed.connection.resubscribe();
      },
      onState: (state) => {
        feed.live = state.status === 'live';
      },
    });
    feed.connection.start();
    return feed;
  }

  return {
    /** The markets wanted now, per exchange; opens, re-subscribes and closes connections to match. */
    set(sources: FeedSource[]): void {
      if (closed) return;
      const wanted = new Map(sources.filter((s) => s.markets.size > 0).map((s) => [s.url, s]));
      for (const [url, feed] of feeds) {
        if (wanted.has(url)) continue;
        feed.connection.stop();
        feeds.delete(url);
      }
      for (const [url, source] of wanted) {
        const feed = feeds.get(url);
        if (!feed) {
          const opened = open(source);
          feeds.set(url, opened);
          // A first value at once (the socket takes a moment), so the view shows a price.
          void poll(opened);
          continue;
        }
        const changed = listKey(feed.source.markets) !== listKey(source.markets);
        feed.source = source;
        if (changed) {
          feed.connection.resubscribe();
          void poll(feed);
        }
      }
      if (feeds.size === 0 && timer !== null) {
        clearTimeout(timer);
        timer = null;
      }
      schedule();
    },
    /** Per exchange address: is the socket live (for the view and tests). */
    live: (url: string): boolean => feeds.get(url)?.live ?? false,
    close(): void {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      for (const feed of feeds.values()) feed.connection.stop();
      feeds.clear();
    },
  };
}

export type PriceFeed = ReturnType<typeof createPriceFeed>;
