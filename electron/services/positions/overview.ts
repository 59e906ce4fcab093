/**
 * The positions overview worked out from its parts: open positions, the collateral summary, last
 * prices and index prices. One pure function, so the REST read and the live model (fed by pushes)
 * compute exactly the same figures.
 *
 * Each position's current price is the last price of a margin market, or the index price of a
 * _PERP future (its last price when the futures list is not known); then the distance from that
 * price to the liquidation price, unrealized P&L and leverage. Riskiest first: liquidation, margin
 * call, then the smallest distance.
 */
import type { CollateralSummary, OverviewNote, PositionRisk, PositionsOverview } from '../../../shared/model/balances';
import type { Position } from '../../../shared/api/schemas';
import { dec } from '../../../shared/money/decimal';
import { isPastLiquidation, liquidationDistancePercent } from '../../../shared/model/liquidationDistance';
import { markToMarketPnl } from './markToMarket';

export interface OverviewParts {
  accountId: string;
  positions: readonly Position[];
  /** Positions the exchange sent that could not be read. */
  unreadable: number;
  /** Null when it could not be read (a note in `notes` says why). */
  summary: CollateralSummary | null;
  lastPrices: ReadonlyMap<string, string>;
  indexPrices: ReadonlyMap<string, string>;
  /** True when last prices were read at all: only then is a market without one named. */
  lastPricesKnown: boolean;
  /** What could not be read while gathering the parts. */
  notes: readonly OverviewNote[];
}

const RANK = { liquidation: 0, margin_call: 1 } as const;
// A price already past the liquidation price is as urgent as a liquidation the exchange reports.
const rankOf = (p: PositionRisk) => (isPastLiquidation(p.distancePercent) ? 0 : p.liquidationState === null ? 2 : RANK[p.liquidationState]);

/** Liquidation (or past it), then margin call, then the smallest signed distance (unknown last), then id. */
export function byRisk(a: PositionRisk, b: PositionRisk): number {
  const rank = rankOf(a) - rankOf(b);
  if (rank !== 0) return rank;
  if (a.distancePercent !== b.distancePercent) {
    if (a.distancePercent === null) return 1;
    if (b.distancePercent === null) return -1;
    const order = dec(a.distancePercent).comparedTo(dec(b.distancePercent));
    if (order !== 0) return order;
  }
  return a.positionId - b.positionId;
}

const KNOWN_STATES = new Set(['liquidation', 'margin_call']);

export function computeOverview(parts: OverviewParts): PositionsOverview {
  const notes = [...parts.notes];
  const missing: string[] = [];
  const risks = parts.positions.map((p): PositionRisk => {
    const fromIndex = p.market.endsWith('_PERP') ? parts.indexPrices.get(p.market) : undefined;
    const fromLast = parts.lastPrices.get(p.market);
    const currentPrice = fromIndex ?? fromLast ?? null;
    if (currentPrice === null && p.amount !== null) missing.push(p.market);
    return {
      positionId: p.positionId,
      market: p.market,
      side: p.positionSide,
      amount: p.amount,
      basePrice: p.basePrice,
      liquidationPrice: p.liquidationPrice,
      liquidationState: p.liquidationState !== null && KNOWN_STATES.has(p.liquidationState) ? (p.liquidationState as 'liquidation' | 'margin_call') : null,
      currentPrice,
      priceSource: fromIndex !== undefined ? 'index' : fromLast !== undefined ? 'last' : null,
      distancePercent: liquidationDistancePercent({ side: p.positionSide, amount: p.amount, basePrice: p.basePrice, currentPrice, liquidationPrice: p.liquidationPrice }),
      // `pnl` is the realized part of partial closes: never a stand-in for the open P&L. The
      // P&L follows the last price, a perpetual's too (whose Current is its index price).
      unrealizedPnl: p.unrealizedPnl ?? markToMarketPnl({ side: p.positionSide, amount: p.amount, basePrice: p.basePrice, currentPrice: fromLast ?? currentPrice }),
      leverage: p.leverage ?? parts.summary?.leverage ?? null,
      margin: p.margin,
    };
  });
  if (missing.length > 0 && parts.lastPricesKnown) notes.push({ kind: 'price_missing', markets: [...new Set(missing)] });
  if (parts.unreadable > 0) notes.push({ kind: 'unreadable', part: 'positions', count: parts.unreadable });
  return { accountId: parts.accountId, positions: risks.sort(byRisk), summary: parts.summary, unreadable: parts.unreadable, notes };
}
