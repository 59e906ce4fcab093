/**
 * A position's unrealized P&L worked out from the current price, for an exchange answer without
 * `unrealizedPnl` (older API versions). The record's `pnl` cannot stand in for it: the exchange
 * documents that as the P&L realized by partial closes, zero for a position never partly closed.
 */
import { dec, Decimal, toPlain } from '../../../shared/money/decimal';

export interface MarkToMarketInput {
  side: 'LONG' | 'SHORT' | 'BOTH' | null;
  /** Negative for a short where the exchange sends one position for either direction. */
  amount: string | null;
  basePrice: string | null;
  currentPrice: string | null;
}

/** (current − entry) × amount, a short's amount counted negative; null when a figure is missing. */
export function markToMarketPnl(p: MarkToMarketInput): string | null {
  if (p.amount === null || p.basePrice === null || p.currentPrice === null) return null;
  const size = dec(p.amount).abs();
  const signed = p.side === 'SHORT' || (p.side !== 'LONG' && dec(p.amount).isNegative()) ? size.negated() : size;
  return toPlain(dec(p.currentPrice).minus(dec(p.basePrice)).times(signed).toDecimalPlaces(8, Decimal.ROUND_HALF_UP));
}
