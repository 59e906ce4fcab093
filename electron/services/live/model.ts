/**
 * The live model of one account: what the stream and the REST reconciles said last, and the
 * overview worked out from it by the same function the REST path uses. It holds and applies,
 * nothing more: no timers, no sockets, no REST; the clock is injected.
 *
 * A pushed snapshot replaces the open positions; a pushed last price moves its market (only the
 * open positions' markets, and only a usable price: anything else is counted and ignored). A REST
 * reconcile fills what pushes do not carry (the summary, index prices, take-profit and stop-loss,
 * leverage) and whatever no push has brought since the reconcile began.
 */
import type { Position } from '../../../shared/api/schemas';
import type { CollateralSummary, OverviewNote, PositionsOverview } from '../../../shared/model/balances';
import { noteOf } from '../balances/service';
import { computeOverview } from '../positions/overview';
import { partNotes, type PartsRead } from '../positions/parts';
import { readAccountEvent, readLastPrice, readSnapshot } from './pushes';

/** What pushes do not carry and REST does, kept by position id. */
type Extras = Pick<Position, 'tpsl' | 'leverage' | 'pnlPercent'>;

/** Taken when a reconcile begins: pushes applied after it are newer than its answers. */
export interface ReconcileMark {
  snapshots: number;
}

export function createLiveModel(accountId: string, now: () => number) {
  let positions: Position[] | null = null;
  let unreadable = 0;
  let summary: CollateralSummary | null = null;
  let lastPricesKnown = false;
  let notes: OverviewNote[] = [];
  let snapshots = 0;
  let lastPushAt: number | null = null;
  let ignoredPrices = 0;
  /** The last snapshot changed the liquidation state of a position known before it. */
  let riskMoved = false;
  const extras = new Map<number, Extras>();
  /**
   * Positions opened by an order that has not filled (amount null): REST lists them, the stream
   * does not, so a snapshot keeps them until REST says otherwise.
   */
  let pending: Position[] = [];
  const lastPrices = new Map<string, string>();
  /** Markets whose last price came by push since the connection opened: the ticker no longer sets them. */
  const pushedMarkets = new Set<string>();
  const indexPrices = new Map<string, string>();

  const withExtras = (p: Position): Position => {
    const known = extras.get(p.positionId);
    return known ? { ...p, tpsl: known.tpsl, leverage: p.leverage ?? known.leverage, pnlPercent: p.pnlPercent ?? known.pnlPercent } : p;
  };

  function pushed(): true {
    lastPushAt = now();
    return true;
  }

  return {
    /** A `positionsMargin_update`: true when it was a snapshot (and so replaced the positions). */
    applySnapshot(params: unknown): boolean {
      const read = readSnapshot(params);
      if (read === null) return false;
      const pushedIds = new Set(read.positions.map((p) => p.positionId));
      const stateBefore = new Map((positions ?? []).map((p) => [p.positionId, p.liquidationState]));
      riskMoved = read.positions.some((p) => stateBefore.has(p.positionId) && stateBefore.get(p.positionId) !== p.liquidationState);
      positions = [...read.positions.map(withExtras), ...pending.filter((p) => !pushedIds.has(p.positionId))];
      unreadable = read.unreadable;
      snapshots++;
      return pushed();
    },

    /** A `positionsAccountMargin_update`: the position's new state at once (its full figures come with the next snapshot). */
    applyAccountEvent(params: unknown): boolean {
      const event = readAccountEvent(params);
      if (event === null) return false;
      if (positions !== null && event.position !== null) {
        const id = event.position.positionId;
        const state = event.state;
        positions = positions.map((p) => (p.positionId === id ? { ...p, liquidationState: state } : p));
      }
      return pushed();
    },

    /** A `lastprice_update`: true when it moved one of the open positions' markets. */
    applyLastPrice(params: unknown): boolean {
      const update = readLastPrice(params);
      if (update === null) return false;
      if (update.price === null) {
        ignoredPrices++;
        return false;
      }
      if (positions === null || !positions.some((p) => p.market === update.market)) return false;
      lastPrices.set(update.market, update.price);
      pushedMarkets.add(update.market);
      lastPricesKnown = true;
      return pushed();
    },

    mark: (): ReconcileMark => ({ snapshots }),

    /**
     * A REST reconcile's answers. Positions replace the pushed ones only if no snapshot came since
     * `mark`; a part that failed keeps what was known and leaves a note.
     */
    applyRest(read: PartsRead, mark: ReconcileMark): void {
      if (read.positions.status === 'fulfilled') {
        extras.clear();
        for (const p of read.positions.value.items) extras.set(p.positionId, { tpsl: p.tpsl, leverage: p.leverage, pnlPercent: p.pnlPercent });
        pending = read.positions.value.items.filter((p) => p.amount === null);
        if (positions === null || mark.snapshots === snapshots) {
          positions = read.positions.value.items;
          unreadable = read.positions.value.unreadable;
        } else positions = positions.map(withExtras);
      }
      if (read.summary.status === 'fulfilled') summary = read.summary.value;
      if (read.lastPrices.status === 'fulfilled') {
        for (const [market, price] of read.lastPrices.value) if (!pushedMarkets.has(market)) lastPrices.set(market, price);
        lastPricesKnown = true;
      }
      if (read.indexPrices.status === 'fulfilled') {
        indexPrices.clear();
        for (const [market, price] of read.indexPrices.value) indexPrices.set(market, price);
      }
      notes = partNotes(read, positions ?? []);
      if (read.positions.status === 'rejected') notes.unshift(noteOf(read.positions.reason, { part: 'positions' }));
    },

    /** A new connection: prices pushed on the old one no longer hold the ticker back. */
    reconnected(): void {
      pushedMarkets.clear();
    },

    /** Null until positions are known (from a snapshot or REST). */
    overview(): PositionsOverview | null {
      if (positions === null) return null;
      return computeOverview({ accountId, positions, unreadable, summary, lastPrices, indexPrices, lastPricesKnown, notes });
    },

    /** The positions as the exchange's own list reads them (pushed figures, REST extras); null until known. */
    positions(): { items: Position[]; unreadable: number } | null {
      return positions === null ? null : { items: positions, unreadable };
    },

    /** The open positions' markets, sorted: what the `lastprice` subscription asks for. */
    markets(): string[] {
      return [...new Set((positions ?? []).filter((p) => p.amount !== null).map((p) => p.market))].sort();
    },

    /**
     * Whether the last snapshot moved a known position into or out of margin call or liquidation:
     * the event channel says so too, but its events are not replayed across a resubscribe.
     */
    snapshotMovedRisk: () => riskMoved,
    lastPushAt: () => lastPushAt,
    /** Pushed prices refused (zero, negative, not a plain decimal) since the model was made. */
    ignoredPrices: () => ignoredPrices,
  };
}

export type LiveModel = ReturnType<typeof createLiveModel>;
