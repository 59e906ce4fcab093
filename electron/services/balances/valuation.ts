/**
 * Valuing amounts of assets in one quote currency (USDT, BTC, or a fiat currency with markets),
 * from the exchange's last prices. Pure and decimal: no I/O, no `Number` on money.
 *
 * A price is found, in this order, through
 *   - the asset itself (the quote: 1),
 *   - a direct market ASSET_QUOTE (value = amount × price),
 *   - an inverse market QUOTE_ASSET (value = amount ÷ price),
 *   - two hops through USDT, then through BTC, each hop direct or inverse.
 * Nothing is assumed: a stablecoin is worth what its market says, never 1 by default. An asset
 * with no route has no price (null), is never counted as zero, and is left out of the total with a
 * count. Futures (`_PERP`) are not conversion markets; a market without a positive price is skipped.
 */
import type { MarketActivity } from '../../../shared/api/schemas';
import { Decimal, dec, isLooseDecimalString, isZero, toPlain } from '../../../shared/money/decimal';

/** A market's last price and 24 h change, as the index looks them up by market name. */
export interface MarketQuote {
  last: string;
  /** The ticker's 24 h change in percent, if known. */
  change?: string | null;
}

/** One market's last price, as the ticker gives it (`BTC_USDT` → base BTC, quote USDT). */
export interface MarketPrice extends MarketQuote {
  market: string;
}

export interface Leg {
  market: string;
  /** true: the market is QUOTE_ASSET, so the amount is divided by its price. */
  inverse: boolean;
}

export interface Valued {
  asset: string;
  amount: string;
  /** Price of one unit in the quote; null: no price. */
  price: string | null;
  /** amount × price, rounded to VALUE_PLACES; null: no price. */
  value: string | null;
  /** The markets the price came through; [] for the quote itself or no price. */
  route: Leg[];
  /** The 24 h change of the asset's own market when the route starts with it as base; else null. */
  change: string | null;
}

export interface Valuation {
  quote: string;
  rows: Valued[];
  /** Sum of every priced value. */
  total: string;
  /**
   * What `total` moved in 24 h at today's amounts: the value minus what the same amounts were
   * worth at the prices of 24 h ago (each leg's 24 h change undone). Null when a priced, held
   * asset has a leg without a known change, or nothing was worth anything 24 h ago.
   */
  change24h: TotalChange | null;
  /** Assets with a non-zero amount and no price (left out of `total`). */
  unpriced: number;
}

/** A total's move: `value` in the quote (VALUE_PLACES) and `percent` of the earlier total (2 places). */
export interface TotalChange {
  value: string;
  percent: string;
}

/** Values are rounded to this many decimals (half up). */
export const VALUE_PLACES = 8;
/** Prices (which a division can make endless) keep this many significant digits. */
const PRICE_DIGITS = 20;
/** Hubs tried, in order, for two-hop prices. */
const HUBS = ['USDT', 'BTC'] as const;

/** One market read in one direction: the way from one asset to another. */
class Rate {
  private parsed: Decimal | undefined;

  constructor(
    readonly market: string,
    private readonly last: string,
    /** true: the market is QUOTE_ASSET, so the amount is divided by its price. */
    readonly inverse: boolean,
    readonly change: string | null,
  ) {}

  /** Parsed on first use: a route probe may find a rate it then does not take. */
  get price(): Decimal {
    return (this.parsed ??= dec(this.last));
  }
}

/** Positive: not negative and some digit other than 0 (the same as dec(last) > 0, without parsing). */
const isPositiveDecimalText = (text: string) => isLooseDecimalString(text) && !text.startsWith('-') && /[1-9]/.test(text);

const ONE = new Decimal(1);
const apply = (amount: Decimal, rate: Rate): Decimal => (rate.inverse ? amount.dividedBy(rate.price) : amount.times(rate.price));

/** What the index reads of a ticker answer's entry (the client's reading of one market). */
type TickerEntry = Pick<MarketActivity, 'last_price' | 'change'>;

function tickerQuote(items: Readonly<Record<string, TickerEntry>>, market: string): MarketQuote | undefined {
  if (!Object.hasOwn(items, market)) return undefined;
  const entry = items[market] as TickerEntry;
  return { last: entry.last_price, change: entry.change ?? null };
}

const isInverse = (rate: Rate): boolean => rate.inverse;

/** A route from an asset to a quote, its price along the route (unrounded), and whether a leg divides. */
export interface PricedRoute {
  route: Rate[];
  price: Decimal;
  inverted: boolean;
  /** Today's price over the price 24 h ago along the route (1 for the quote itself); null when a leg's change is unknown. */
  move: Decimal | null;
}

const HUNDRED = new Decimal(100);

/**
 * A leg's price now over its price 24 h ago, from the market's 24 h change in percent (docs/exchange-api.md,
 * "24 h change"): 1 + c/100 read directly, its inverse read inversely. Null when unknown or not a move a price can make.
 */
function legMove(rate: Rate): Decimal | null {
  if (rate.change === null || !isLooseDecimalString(rate.change)) return null;
  const factor = ONE.plus(dec(rate.change).dividedBy(HUNDRED));
  if (!factor.isPositive() || factor.isZero()) return null;
  return rate.inverse ? ONE.dividedBy(factor) : factor;
}

function routeMove(route: readonly Rate[]): Decimal | null {
  let move = ONE;
  for (const rate of route) {
    const leg = legMove(rate);
    if (leg === null) return null;
    move = move.times(leg);
  }
  return move;
}

/**
 * Last prices, looked up both ways: `rate(from, to)` is the market that turns `from` into `to`
 * (FROM_TO read directly, else TO_FROM read inversely). Built once per ticker answer, used for
 * every asset. Markets are looked up only when a route asks for them: a ticker lists hundreds,
 * an account's routes need a few, and indexing every one of them in both directions was 5-8 % of
 * what the main process allocated at idle (10 s refreshes, V8's sampling heap profiler).
 */
export class PriceIndex {
  private readonly rates = new Map<string, Rate | null>();

  /** From a list of markets; where a market is listed twice, the first one counts. */
  constructor(prices: Iterable<MarketPrice>);
  /** Over a lookup by market name ('BTC_USDT'), which the index calls only for the markets routes need. */
  constructor(lookup: (market: string) => MarketQuote | undefined);
  constructor(source: Iterable<MarketPrice> | ((market: string) => MarketQuote | undefined)) {
    if (typeof source === 'function') {
      this.find = source;
    } else {
      const markets = new Map<string, MarketQuote>();
      for (const price of source) if (!markets.has(price.market)) markets.set(price.market, price);
      this.find = markets.get.bind(markets);
    }
  }

  /** The index over a ticker answer's entries, keyed by market, read in place. */
  static ofTicker(items: Readonly<Record<string, TickerEntry>>): PriceIndex {
    return new PriceIndex(tickerQuote.bind(undefined, items));
  }

  private readonly find: (market: string) => MarketQuote | undefined;

  /**
   * The market BASE_QUOTE when it can convert: a spot market (not a `_PERP` future, and a name of
   * exactly two parts) with a positive price.
   */
  private conversion(base: string, quote: string): MarketQuote | undefined {
    if (quote === 'PERP' || base.includes('_') || quote.includes('_')) return undefined;
    const found = this.find(`${base}_${quote}`);
    return found && typeof found.last === 'string' && isPositiveDecimalText(found.last) ? found : undefined;
  }

  rate(from: string, to: string): Rate | undefined {
    const key = `${from}\n${to}`;
    let rate = this.rates.get(key);
    if (rate === undefined) {
      // A direct market wins over an inverse one for the same pair.
      const direct = this.conversion(from, to);
      const inverse = direct ? undefined : this.conversion(to, from);
      rate = direct ? new Rate(`${from}_${to}`, direct.last, false, direct.change ?? null) : inverse ? new Rate(`${to}_${from}`, inverse.last, true, inverse.change ?? null) : null;
      this.rates.set(key, rate);
    }
    return rate ?? undefined;
  }

  private readonly priced = new Map<string, PricedRoute | null>();

  /**
   * The route and the price along it (unrounded), worked out once per asset and quote for this
   * ticker answer: an overview values every asset for the total and again for each account part.
   */
  pricedRoute(asset: string, quote: string): PricedRoute | null {
    const key = `${asset}\n${quote}`;
    let found = this.priced.get(key);
    if (found === undefined) {
      const route = this.route(asset, quote);
      found = route === null ? null : { route, price: route.reduce(apply, ONE), inverted: route.some(isInverse), move: routeMove(route) };
      this.priced.set(key, found);
    }
    return found;
  }

  /** The route from `asset` to `quote`: [] when they are the same, null when there is none. */
  route(asset: string, quote: string): Rate[] | null {
    if (asset === quote) return [];
    const one = this.rate(asset, quote);
    if (one) return [one];
    for (const hub of HUBS) {
      if (hub === asset || hub === quote) continue;
      const first = this.rate(asset, hub);
      const second = first && this.rate(hub, quote);
      if (first && second) return [first, second];
    }
    return null;
  }
}


/** Price of one `asset` in `quote`, or null. */
export function priceOf(index: PriceIndex, asset: string, quote: string): string | null {
  const priced = index.pricedRoute(asset, quote);
  if (priced === null) return null;
  return toPlain(priced.price.toSignificantDigits(PRICE_DIGITS));
}

/**
 * `held` in the quote along a priced route. Products are exact, so amount × price is; through a
 * division, the amount goes leg by leg (one division per leg, not a product with an already
 * rounded price).
 */
function valueAlong(held: Decimal, priced: PricedRoute): Decimal {
  return (priced.inverted ? priced.route.reduce(apply, held) : held.times(priced.price)).toDecimalPlaces(VALUE_PLACES, Decimal.ROUND_HALF_UP);
}

/** Values every amount in `quote`; the total and the count of unpriced assets come with it. */
export function valueAssets(amounts: readonly { asset: string; amount: string }[], quote: string, index: PriceIndex): Valuation {
  let total = new Decimal(0);
  let unpriced = 0;
  // What today's amounts were worth at the prices of 24 h ago; null once one priced holding's move is unknown.
  let before: Decimal | null = new Decimal(0);
  const rows: Valued[] = [];
  for (const { asset, amount } of amounts) {
    const held = dec(amount);
    const priced = index.pricedRoute(asset, quote);
    if (priced === null) {
      if (!held.isZero()) unpriced++;
      rows.push({ asset, amount, price: null, value: null, route: [], change: null });
      continue;
    }
    const { route, price, inverted } = priced;
    const value = valueAlong(held, priced);
    total = total.plus(value);
    if (before !== null && !value.isZero()) before = priced.move === null ? null : before.plus(value.dividedBy(priced.move));
    const first = route[0];
    rows.push({
      asset,
      amount,
      price: toPlain(inverted ? price.toSignificantDigits(PRICE_DIGITS) : price),
      value: toPlain(value),
      route: route.map(legOf),
      change: first && !first.inverse ? first.change : null,
    });
  }
  return { quote, rows, total: toPlain(total), change24h: totalChange(total, before), unpriced };
}

function totalChange(now: Decimal, before: Decimal | null): TotalChange | null {
  if (before === null || !before.isPositive() || before.isZero()) return null;
  const moved = now.minus(before);
  return {
    value: toPlain(moved.toDecimalPlaces(VALUE_PLACES, Decimal.ROUND_HALF_UP)),
    percent: toPlain(moved.dividedBy(before).times(HUNDRED).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)),
  };
}

/** A route's leg as a valuation row shows it. */
function legOf(leg: Rate): Leg {
  return { market: leg.market, inverse: leg.inverse };
}

/**
 * valueAssets(...).total alone: what an overview needs for each account part, where most assets
 * hold nothing (a zero adds nothing, so it is neither parsed nor priced).
 */
export function valueTotal(amounts: readonly { asset: string; amount: string }[], quote: string, index: PriceIndex): string {
  let total = new Decimal(0);
  for (const { asset, amount } of amounts) {
    if (isZero(amount)) continue;
    const priced = index.pricedRoute(asset, quote);
    if (priced !== null) total = total.plus(valueAlong(dec(amount), priced));
  }
  return toPlain(total);
}
