/**
 * The one definition of a position's distance to liquidation, used by the risk table, the position
 * cards, the risk order and the alerts: how far the CURRENT price may move against the position
 * before it reaches the liquidation price, in percent of the current price, two decimals.
 *
 * Signed: positive is room left; negative means the price is already past the liquidation price
 * by that much (a long whose price fell below it, a short whose price rose above it). Decimal math
 * only. Exchange facts it relies on: docs/exchange-api.md (Positions).
 */
import { dec, Decimal, toPlain } from '../money/decimal';

export interface DistanceInput {
  side: 'LONG' | 'SHORT' | 'BOTH' | null;
  /** Negative for a short where the exchange sends one position for either direction. */
  amount: string | null;
  basePrice: string | null;
  currentPrice: string | null;
  liquidationPrice: string | null;
}

/**
 * Which way the price must move to liquidate: a long is liquidated by a fall, a short by a rise.
 * The side when the exchange names it, else the amount's sign, else where the liquidation price
 * lies against the entry; null when none of them tells.
 */
export function liquidatedBy(p: DistanceInput): 'fall' | 'rise' | null {
  if (p.side === 'LONG') return 'fall';
  if (p.side === 'SHORT') return 'rise';
  if (p.amount !== null && !dec(p.amount).isZero()) return dec(p.amount).isNegative() ? 'rise' : 'fall';
  if (p.basePrice !== null && p.liquidationPrice !== null) {
    const order = dec(p.liquidationPrice).comparedTo(dec(p.basePrice));
    if (order !== 0) return order < 0 ? 'fall' : 'rise';
  }
  return null;
}

/** The signed distance (above); null without both prices, at a current price of 0, or when the direction is unknown. */
export function liquidationDistancePercent(p: DistanceInput): string | null {
  if (p.currentPrice === null || p.liquidationPrice === null) return null;
  const current = dec(p.currentPrice);
  if (current.isZero()) return null;
  const by = liquidatedBy(p);
  if (by === null) return null;
  const room = by === 'fall' ? current.minus(dec(p.liquidationPrice)) : dec(p.liquidationPrice).minus(current);
  return toPlain(room.dividedBy(current).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
}

/** True once the price has reached or passed the liquidation price. */
export function isPastLiquidation(distancePercent: string | null): boolean {
  return distancePercent !== null && dec(distancePercent).lessThanOrEqualTo(0);
}
