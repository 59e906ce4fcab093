/**
 * The simulator's own records. Field names follow the exchange's wire format wherever a record is
 * sent as is (codes, positions, investments); history records carry extra bookkeeping that is
 * stripped when they are written out.
 */

/** What an API key may do. Endpoints declare the permission they need (see routes.ts). */
/** `subAccounts`: list the key's sub-accounts and read their balances. */
export type Permission = 'read' | 'withdraw' | 'invest' | 'subAccounts';

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
  takeProfitId: number;
  takeProfit: string;
  stopLossId: number;
  stopLoss: string;
}

/**
 * An open position as the exchange sends it. A position opened by a trigger or limit order that has
 * not filled yet ("pending") has `amount`, `basePrice`, `liquidationPrice`, `pnl` and `pnlPercent`
 * null (docs/exchange-api.md "Shapes that break naive parsers").
 */
export interface PositionRecord {
  positionId: number;
  market: string;
  openDate: number;
  modifyDate: number;
  amount: string | null;
  basePrice: string | null;
  liquidationPrice: string | null;
  liquidationState: LiquidationState;
  pnl: string | null;
  pnlPercent: string | null;
  margin: string;
  freeMargin: string;
  funding: string;
  unrealizedFunding: string;
  /** Mark-to-market profit and loss in money currency; sent by newer API versions only. */
  unrealizedPnl?: string;
  /** The account's leverage at the position; sent by newer API versions only. */
  leverage?: number;
  /** Absent on purpose for some records: the docs allow it to be missing. */
  tpsl?: TpslRecord | null;
  /** Absent on purpose for some records: real captures omit it. */
  positionSide?: 'LONG' | 'SHORT' | 'BOTH';
}

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
  /** Crypto records; null for fiat. */
  confirmations?: { actual: number; required: number } | null;
  /** Filled for a partially successful withdrawal (status 18). */
  details?: { partial: { requestAmount: string; processedAmount: string; processedFee: string; normalizeTransaction: string } } | null;
  /**
   * Write `uniqueId` / `transactionId` instead of the documented `unique_id` / `transaction_id`
   * (older docs and SDKs use the camelCase names; docs/exchange-api.md says to accept both).
   */
  camelCaseIds?: boolean;
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
  /** 1 active, 0 closed (an integer on the wire, as documented). */
  status: 0 | 1;
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
  /** A withdrawal's Travel Rule data as it arrived, so the admin ledger shows what was sent. */
  travelRule?: unknown;
}

export interface RefundRecord {
  uniqueId: string;
  ticker: string;
  amount: string;
  reason: 'canceled' | 'partially_successful';
  at: number;
}
