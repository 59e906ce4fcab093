/**
 * Open positions as risk: each with its current price (the last price of a margin market; the
 * index price of a _PERP future, or its last price when the futures list is not available), the
 * distance from that price to the liquidation price, unrealized P&L and leverage, next to the
 * collateral summary. Riskiest first: liquidation, margin call, then the smallest distance.
 *
 * Only the positions themselves are essential: without them the call fails. A ticker, futures list
 * (451 where the region has no futures) or summary that cannot be read becomes a note.
 */
import type { CollateralSummary, OverviewNote, PositionRisk, PositionsOverview } from '../../../shared/model/balances';
import type { Position } from '../../../shared/api/schemas';
import { dec } from '../../../shared/money/decimal';
import { isPastLiquidation, liquidationDistancePercent } from '../../../shared/model/liquidationDistance';
import type { CallOptions, ExchangeClient } from '../exchange';
import { noteOf } from '../balances/service';
import { markToMarketPnl } from './markToMarket';

export type PositionsClient = Pick<ExchangeClient, 'positions' | 'collateralSummary' | 'ticker' | 'futures'>;

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

export function createPositionsService(options: { clientFor: (accountId: string) => Promise<PositionsClient> }) {
  async function overview(request: { accountId: string }, o: CallOptions = {}): Promise<PositionsOverview> {
    const client = await options.clientFor(request.accountId);
    const notes: OverviewNote[] = [];
    const [positions, summary, ticker, futures] = await Promise.allSettled([client.positions({}, o), client.collateralSummary(o), client.ticker(o), client.futures(o)]);
    if (positions.status === 'rejected') throw positions.reason;
    const open = positions.value.items;
    const anyPerp = open.some((p) => p.market.endsWith('_PERP'));

    const last = new Map<string, string>();
    if (ticker.status === 'fulfilled') for (const [market, a] of Object.entries(ticker.value.items)) last.set(market, a.last_price);
    else if (open.length > 0) notes.push(noteOf(ticker.reason, {}));
    const index = new Map<string, string>();
    if (futures.status === 'fulfilled') for (const f of futures.value.items) index.set(f.ticker_id, f.index_price);
    else if (anyPerp) notes.push(noteOf(futures.reason, { part: 'futures' }));

    let collateralSummary: CollateralSummary | null = null;
    if (summary.status === 'fulfilled') collateralSummary = summary.value;
    else notes.push(noteOf(summary.reason, { part: 'summary' }));

    const missing: string[] = [];
    const risks = open.map((p: Position): PositionRisk => {
      const perp = p.market.endsWith('_PERP');
      const fromIndex = perp ? index.get(p.market) : undefined;
      const fromLast = last.get(p.market);
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
        leverage: p.leverage ?? collateralSummary?.leverage ?? null,
        margin: p.margin,
      };
    });
    if (missing.length > 0 && ticker.status === 'fulfilled') {
      notes.push({ kind: 'price_missing', markets: [...new Set(missing)] });
    }
    if (positions.value.unreadable.length > 0) {
      notes.push({ kind: 'unreadable', part: 'positions', count: positions.value.unreadable.length });
    }
    return { accountId: request.accountId, positions: risks.sort(byRisk), summary: collateralSummary, unreadable: positions.value.unreadable.length, notes };
  }
  return { overview };
}

export type PositionsService = ReturnType<typeof createPositionsService>;
