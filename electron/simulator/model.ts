/**
 * The simulator's own records. Field names follow the exchange's wire format wherever a record is
 * sent as is (codes, positions, investments); history records carry extra bookkeeping that is
 * stripped when they are written out.
 */

/** What an API key may do. Endpoints declare the permission they need (see routes.ts). */
export type Permission = 'read' | 'withdraw' | 'invest';

export interface CodeRecord {
  amount: string;
  code: string;
  date: number;
  status: string;
  ticker: string;
  external_id: string;
}

export type LiquidationState = 'margin_call' | 'liquidation' | null;

export interface TpslRecord {
  takeProfitId: number | null;
  takeProfit: string | null;
  stopLossId: number | null;
  stopLoss: string | null;
}

export interface PositionRecord {
  positionId: number;
  market: string;
  openDate: number;
  modifyDate: number;
  amount: string;
  basePrice: string;
  liquidationPrice: string | null;
  liquidationState: LiquidationState;
  pnl: string;
  pnlPercent: string;
  margin: string;
  freeMargin: string;
  funding: string;
  unrealizedFunding: string;
  tpsl: TpslRecord | null;
  /** Absent on purpose for some records: real captures omit it. */
  positionSide?: 'LONG' | 'SHORT' | 'BOTH';
}

export const TRANSACTION_METHOD = { deposit: 1, withdrawal: 2 } as const;

export interface HistoryEntry {
  method: 1 | 2;
  uniqueId: string | null;
  transactionId: string;
  address: string;
  ticker: string;
  /** The asset's name, as the exchange sends it in `currency`. */
  currency: string;
  amount: string;
  fee: string;
  memo: string;
  network: string | null;
  description: string;
  /** Unix seconds. */
  createdAt: number;
  status: number;
  transactionHash: string | null;
  confirmations?: { actual: number; required: number };
  details?: { partial: { requestAmount: string; processedAmount: string; processedFee: string; normalizeTransaction: string } };
  /** Write `unique_id` / `transaction_id` instead of the camelCase names (some real records do). */
  snakeCaseIds?: boolean;
}

/** A withdrawal made through withdraw-pay that has not reached its final status yet. */
export interface PendingSettlement {
  entry: HistoryEntry;
  dueAtMs: number;
  finalStatus: number;
  /** Given back to the balance when the withdrawal settles (canceled or partially processed). */
  refund: string;
}

export interface InvestmentRecord {
  id: string;
  planId: string;
  currency: string;
  invested: string;
  withAutoReinvest: boolean;
  status: string;
  createdAt: number;
  updatedAt: number;
}

/** One movement of money out of an account, for the admin ledger view and tests. */
export interface DebitRecord {
  kind: 'withdrawal' | 'flex_investment';
  /** The withdrawal's uniqueId, or the investment's transaction id. */
  uniqueId: string;
  ticker: string;
  amount: string;
  fee: string;
  total: string;
  /** Unix milliseconds. */
  at: number;
}

export interface RefundRecord {
  uniqueId: string;
  ticker: string;
  amount: string;
  reason: 'canceled' | 'partially_successful';
  at: number;
}
