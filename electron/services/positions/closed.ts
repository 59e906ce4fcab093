/**
 * Closed positions: /collateral-account/positions/history lists one event per open, partial close,
 * close or liquidation (docs/exchange-api.md, "Closed positions"); this groups them by position and
 * adds the realized P&L, funding and fees of its events with decimal.js. An event that cannot be read
 * is left out and counted; the rest of the list stands. The sums by market come with the list, so
 * the page adds nothing itself.
 */
import type { PositionHistoryEntry } from '../../../shared/api/schemas';
import type { ClosedMarketTotals, ClosedPosition, ClosedPositionsPage } from '../../../shared/model/closedPositions';
import { Decimal, compare, dec, sum, toPlain } from '../../../shared/money/decimal';
import type { CallOptions, ExchangeClient } from '../exchange';

export type ClosedPositionsClient = Pick<ExchangeClient, 'positionsHistory'>;

export interface ClosedPositionsRequest {
  accountId: string;
  market?: string | undefined;
  startDate?: number | undefined;
  endDate?: number | undefined;
}

const zero = () => new Decimal(0);

/** One position from its events (any order). */
export function groupPosition(events: readonly PositionHistoryEntry[]): ClosedPosition {
  const sorted = [...events].sort((a, b) => a.modifyDate - b.modifyDate);
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  let pnl = zero();
  let funding = zero();
  let fees = zero();
  let size: Decimal | null = null;
  let closedAmount = zero();
  let closedValue = zero();
  for (const e of sorted) {
    if (e.amount !== null && (size === null || dec(e.amount).abs().greaterThan(size))) size = dec(e.amount).abs();
    const order = e.orderDetail;
    if (!order) continue;
    if (order.realizedPnl !== null) {
      pnl = pnl.plus(dec(order.realizedPnl));
      if (order.tradeAmount !== null && order.price !== null) {
        closedAmount = closedAmount.plus(dec(order.tradeAmount).abs());
        closedValue = closedValue.plus(dec(order.tradeAmount).abs().times(dec(order.price)));
      }
    }
    if (order.fundingFee !== null) funding = funding.plus(dec(order.fundingFee));
    if (order.tradeFee !== null) fees = fees.plus(dec(order.tradeFee));
  }
  const open = last.amount !== null && !dec(last.amount).isZero();
  return {
    positionId: first.positionId,
    market: first.market,
    side: sorted.find((e) => e.side !== null)?.side ?? null,
    openDate: first.openDate,
    closeDate: open ? null : last.modifyDate,
    size: size === null ? null : toPlain(size),
    entryPrice: first.basePrice,
    closePrice: closedAmount.isZero() ? null : toPlain(closedValue.dividedBy(closedAmount).toDecimalPlaces(8, Decimal.ROUND_HALF_UP)),
    realizedPnl: toPlain(pnl),
    funding: toPlain(funding),
    fees: toPlain(fees),
    liquidated: sorted.some((e) => e.liquidationState === 'liquidation'),
    events: sorted.length,
  };
}

const closeTime = (p: ClosedPosition) => p.closeDate ?? Number.MAX_SAFE_INTEGER;

/** Realized P&L, funding and fees of the positions, summed market by market. */
export function totalsByMarket(positions: readonly ClosedPosition[]): ClosedMarketTotals[] {
  const byMarket = new Map<string, ClosedPosition[]>();
  for (const p of positions) {
    const held = byMarket.get(p.market);
    if (held) held.push(p);
    else byMarket.set(p.market, [p]);
  }
  const totals = [...byMarket].map(([market, held]) => ({
    market,
    positions: held.length,
    liquidated: held.filter((p) => p.liquidated).length,
    realizedPnl: sum(held.map((p) => p.realizedPnl)),
    funding: sum(held.map((p) => p.funding)),
    fees: sum(held.map((p) => p.fees)),
  }));
  return totals.sort((a, b) => compare(b.realizedPnl, a.realizedPnl) || a.market.localeCompare(b.market));
}

export function createClosedPositionsService(options: { clientFor: (accountId: string) => Promise<ClosedPositionsClient> }) {
  async function list(request: ClosedPositionsRequest, o: CallOptions = {}): Promise<ClosedPositionsPage> {
    const client = await options.clientFor(request.accountId);
    const filter: { market?: string; startDate?: number; endDate?: number } = {};
    if (request.market !== undefined) filter.market = request.market;
    if (request.startDate !== undefined) filter.startDate = request.startDate;
    if (request.endDate !== undefined) filter.endDate = request.endDate;
    const answer = await client.positionsHistory(filter, o);
    const byId = new Map<number, PositionHistoryEntry[]>();
    for (const e of answer.items) {
      const list = byId.get(e.positionId);
      if (list) list.push(e);
      else byId.set(e.positionId, [e]);
    }
    const positions = [...byId.values()].map(groupPosition).sort((a, b) => closeTime(b) - closeTime(a) || b.positionId - a.positionId);
    return { positions, totalsByMarket: totalsByMarket(positions), markets: [...new Set(positions.map((p) => p.market))].sort(), unreadable: answer.unreadable.length };
  }
  return { list };
}

export type ClosedPositionsService = ReturnType<typeof createClosedPositionsService>;
