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

export interface ClosedPositionsPage {
  /** Newest close first. */
  positions: ClosedPosition[];
  /** Markets present in the answer, for the filter. */
  markets: string[];
  /** Events the exchange sent that could not be read (left out, counted). */
  unreadable: number;
}
