/**
 * The price alerts of each market, sorted by their line. A price alert can only change when the
 * price moves across its line or its re-arm band (evaluate.ts): one that took the previous price
 * and whose line lies outside the move from that price to the new one would evaluate to no change.
 * So a move looks only at the lines it passes, however many alerts the market has.
 */
import { Decimal, dec } from '../../../shared/money/decimal';
import { REARM_BAND_FRACTION } from './evaluate';

interface Line {
  at: Decimal;
  id: string;
}

/** Wider than the re-arm band on either side, so a move that re-arms an alert always reaches its line. */
const REACH = new Decimal(REARM_BAND_FRACTION).mul(2);

export function createMarketLines() {
  const markets = new Map<string, { lines: Map<string, Decimal>; sorted: Line[] | null }>();

  function sortedOf(market: string): Line[] {
    const entry = markets.get(market);
    if (!entry) return [];
    entry.sorted ??= [...entry.lines].map(([id, at]) => ({ id, at })).sort((a, b) => a.at.comparedTo(b.at));
    return entry.sorted;
  }

  /** The first index whose line is at or above `value`. */
  function lowerBound(lines: Line[], value: Decimal): number {
    let low = 0;
    let high = lines.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (lines[middle]!.at.lessThan(value)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  return {
    add(market: string, id: string, line: string): void {
      let entry = markets.get(market);
      if (!entry) markets.set(market, (entry = { lines: new Map(), sorted: null }));
      entry.lines.set(id, dec(line));
      entry.sorted = null;
    },
    remove(market: string, id: string): void {
      const entry = markets.get(market);
      if (!entry?.lines.delete(id)) return;
      entry.sorted = null;
      if (entry.lines.size === 0) markets.delete(market);
    },
    /** Every alert of the market. */
    all(market: string): Iterable<string> {
      return markets.get(market)?.lines.keys() ?? [];
    },
    /** The alerts whose line or re-arm band lies between two prices (either order), bounds included. */
    between(market: string, from: string, to: string): string[] {
      const lines = sortedOf(market);
      const [low, high] = dec(from).lessThan(dec(to)) ? [dec(from), dec(to)] : [dec(to), dec(from)];
      const start = lowerBound(lines, low.mul(Decimal.sub(1, REACH)));
      const top = high.mul(Decimal.add(1, REACH));
      const ids: string[] = [];
      for (let i = start; i < lines.length && lines[i]!.at.lessThanOrEqualTo(top); i++) ids.push(lines[i]!.id);
      return ids;
    },
  };
}

export type MarketLines = ReturnType<typeof createMarketLines>;
