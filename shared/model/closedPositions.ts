/** Closed collateral positions: the exchange's position events grouped by position. */

export interface ClosedPosition {
  positionId: number;
  market: string;
  side: 'LONG' | 'SHORT' | 'BOTH' | null;
  /** Seconds. */
  openDate: number;
  /** Seconds; null while the position still has an open amount. */
  closeDate: number | null;
  /** The largest amount the position held. */
  size: string | null;
  entryPrice: string | null;
  /** Average price of the closing trades, weighted by their amounts. */
  closePrice: string | null;
  realizedPnl: string;
  funding: string;
  fees: string;
  liquidated: boolean;
  /** How many events the exchange listed for this position. */
  events: number;
}

/** One market's sums over the positions a filter found (each in the market's own settlement currency). */
export interface ClosedMarketTotals {
  market: string;
  positions: number;
  liquidated: number;
  realizedPnl: string;
  funding: string;
  fees: string;
}

export interface ClosedPositionsPage {
  /** Newest close first. */
  positions: ClosedPosition[];
  /**
   * Sums by market over every position found (the filter's period), exact decimals, largest
   * realized P&L first. Not added across markets: their settlement currencies may differ.
   */
  totalsByMarket: ClosedMarketTotals[];
  /** Markets present in the answer, for the filter. */
  markets: string[];
  /** Events the exchange sent that could not be read (left out, counted). */
  unreadable: number;
}
