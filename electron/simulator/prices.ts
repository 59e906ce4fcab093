/**
 * Market prices of the simulated exchange: a seeded random walk per market, advanced in ticks.
 *
 * Time works as everywhere in the simulator: lazily. Nothing runs on a timer; before an answer
 * needs a price, `advanceTo(nowMs)` steps every market to the tick `nowMs` falls in (one tick per
 * `tickMs`, counted from the start or the last reset), plus any ticks the admin API added. The same
 * seed and the same number of ticks give the same prices. With `tickMs` 0 prices move only through
 * the admin API (tests that need exact numbers).
 *
 * The walk is bounded and mean-reverting: the price stays within ±0.8 % of its centre (the seeded
 * price, or the last price the admin API set), so the seeded positions keep their liquidation
 * states in a demo while the numbers still move. Arithmetic on prices is decimal; only the random
 * deviation is drawn as a float and turned into a 6-digit decimal before use.
 */
import { dec, mul, toPlain, Decimal } from '../../shared/money/decimal';
import type { MarketSpec } from './data/markets';
import { forkRandom, type Random } from './random';

/** The walk never leaves centre × (1 ± this). */
const MAX_DEVIATION = 0.008;
const STEP = 0.002;
const REVERSION = 0.9;
/** A demo left open for days must not make one request step millions of ticks. */
const MAX_STEPS_PER_ADVANCE = 100_000;

interface Walk {
  spec: MarketSpec;
  centre: string;
  deviation: number;
  price: string;
  /** The centre 24 h ago stands in for the day's opening price (for `change`). */
  open: string;
  random: Random;
}

export class PriceBook {
  private readonly walks = new Map<string, Walk>();
  private tick = 0;
  private extraTicks = 0;
  private startMs: number;
  /** Bumped whenever any price changes; lets answers that depend on prices be cached. */
  version = 0;

  constructor(
    seed: number,
    readonly specs: readonly MarketSpec[],
    private readonly tickMs: number,
    nowMs: number,
  ) {
    this.startMs = nowMs;
    for (const spec of specs) {
      this.walks.set(spec.name, { spec, centre: spec.centre, deviation: 0, price: spec.centre, open: spec.centre, random: forkRandom(seed, `price:${spec.name}`) });
    }
  }

  /** Steps every market up to the tick `nowMs` falls in. */
  advanceTo(nowMs: number): void {
    const timeTicks = this.tickMs > 0 ? Math.max(0, Math.floor((nowMs - this.startMs) / this.tickMs)) : 0;
    const target = timeTicks + this.extraTicks;
    if (target <= this.tick) return;
    const steps = Math.min(target - this.tick, MAX_STEPS_PER_ADVANCE);
    for (const walk of this.walks.values()) {
      for (let i = 0; i < steps; i++) {
        const drawn = walk.deviation * REVERSION + (walk.random.next() * 2 - 1) * STEP;
        walk.deviation = Math.max(-MAX_DEVIATION, Math.min(MAX_DEVIATION, drawn));
      }
      walk.price = priceAt(walk.centre, walk.deviation, walk.spec.moneyPrec);
    }
    this.tick = target;
    this.version++;
  }

  /** Adds ticks (admin API): the walk advances by exactly `count` steps, whatever the clock says. */
  addTicks(count: number, nowMs: number): void {
    this.extraTicks += count;
    this.advanceTo(nowMs);
  }

  /** Sets a market's price (admin API); the walk then moves around the new price. */
  setPrice(market: string, price: string): string {
    const walk = this.walks.get(market);
    if (!walk) throw new RangeError(`no market ${market}`);
    const exact = toPlain(dec(price).toDecimalPlaces(walk.spec.moneyPrec, Decimal.ROUND_HALF_UP));
    if (!dec(exact).greaterThan(0)) throw new RangeError('price must be greater than zero');
    walk.centre = exact;
    walk.deviation = 0;
    walk.price = exact;
    this.version++;
    return exact;
  }

  price(market: string): string | undefined {
    return this.walks.get(market)?.price;
  }

  /** Percent change against the day's open, 2 decimals, as the ticker's `change`. */
  change(market: string): string {
    const walk = this.walks.get(market);
    if (!walk) return '0';
    const open = dec(walk.open);
    return toPlain(dec(walk.price).minus(open).dividedBy(open).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
  }

  markets(): readonly MarketSpec[] {
    return this.specs;
  }

  spec(market: string): MarketSpec | undefined {
    return this.walks.get(market)?.spec;
  }

  /** The day's opening price (the WebSocket's `market` statistics). */
  openOf(market: string): string | undefined {
    return this.walks.get(market)?.open;
  }
}

function priceAt(centre: string, deviation: number, places: number): string {
  const factor = (1 + deviation).toFixed(6);
  const raw = dec(mul(centre, factor)).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  // A tiny price rounded to its precision must never read as zero.
  return raw.greaterThan(0) ? toPlain(raw) : centre;
}

/** How close (as a fraction of the price) a position may come to its liquidation price before margin call. */
const MARGIN_CALL_DISTANCE = '0.05';

/**
 * The simulator's rule for a position's state (the real exchange decides by margin fraction; the
 * simulator by price): past the liquidation price, `liquidation`; closer than 5 % of the price,
 * `margin_call`; otherwise none. A long loses as the price falls, a short as it rises.
 */
export function liquidationStateAt(price: string, liquidationPrice: string | null, amount: string | null): 'margin_call' | 'liquidation' | null {
  if (liquidationPrice === null || amount === null) return null;
  const p = dec(price);
  const liq = dec(liquidationPrice);
  const long = dec(amount).greaterThan(0);
  const crossed = long ? p.lessThanOrEqualTo(liq) : p.greaterThanOrEqualTo(liq);
  if (crossed) return 'liquidation';
  const distance = (long ? p.minus(liq) : liq.minus(p)).dividedBy(p);
  return distance.lessThan(MARGIN_CALL_DISTANCE) ? 'margin_call' : null;
}
