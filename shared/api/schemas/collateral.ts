/** Collateral and trade balances, positions and their history. */
import { z } from 'zod';
import { DecimalString, AmountString, IntLike, UnixSeconds } from './common';
import { tolerantArray, tolerantRecord } from '../tolerant';

const Tpsl = z.object({
  takeProfitId: IntLike.nullable().optional(),
  takeProfit: DecimalString.nullable().optional(),
  stopLossId: IntLike.nullable().optional(),
  stopLoss: DecimalString.nullable().optional(),
});
export type Tpsl = z.infer<typeof Tpsl>;

const absentAsNull = <T extends z.ZodType>(t: T) => t.nullable().optional().transform((v): z.output<T> | null => v ?? null);

export const Position = z.object({
  positionId: IntLike,
  market: z.string().max(64),
  openDate: UnixSeconds,
  modifyDate: UnixSeconds,
  /** Null on positions opened by a trigger or limit order that has not filled yet (docs/exchange-api.md). */
  amount: DecimalString.nullable(),
  basePrice: DecimalString.nullable(),
  liquidationPrice: DecimalString.nullable(),
  liquidationState: z.string().max(32).nullable(),
  pnl: DecimalString.nullable(),
  pnlPercent: DecimalString.nullable(),
  margin: DecimalString,
  freeMargin: DecimalString,
  funding: DecimalString,
  unrealizedFunding: DecimalString,
  /** May be absent; null then means "none reported". */
  tpsl: absentAsNull(Tpsl),
  /** May be absent; null then means "not reported". */
  positionSide: absentAsNull(z.enum(['LONG', 'SHORT', 'BOTH'])),
  /** Sent by some accounts; null when absent. */
  leverage: absentAsNull(DecimalString),
  /** Mark-to-market profit or loss in money; null when absent. */
  unrealizedPnl: absentAsNull(DecimalString),
});
export type Position = z.output<typeof Position>;
/** A bare array; one odd position never fails the list. */
export const PositionsResponse = tolerantArray(Position, ['positionId', 'market']);
export type PositionsResponse = z.output<typeof PositionsResponse>;

export const PositionHistoryEntry = z.object({
  positionId: IntLike,
  market: z.string().max(64),
  openDate: UnixSeconds,
  modifyDate: UnixSeconds,
  amount: DecimalString.nullable(),
  basePrice: DecimalString.nullable(),
  realizedFunding: DecimalString.nullable().optional(),
  liquidationPrice: DecimalString.nullable(),
  liquidationState: z.string().max(32).nullable(),
  orderDetail: z
    .object({
      id: IntLike,
      tradeAmount: DecimalString.nullable(),
      price: DecimalString.nullable(),
      tradeFee: DecimalString.nullable(),
      fundingFee: DecimalString.nullable(),
      realizedPnl: DecimalString.nullable(),
    })
    .nullable()
    .optional(),
  side: absentAsNull(z.enum(['LONG', 'SHORT', 'BOTH'])),
  isHedge: z.boolean().optional(),
});
export type PositionHistoryEntry = z.output<typeof PositionHistoryEntry>;
export const PositionsHistoryResponse = tolerantArray(PositionHistoryEntry, ['positionId', 'market']);
export type PositionsHistoryResponse = z.output<typeof PositionsHistoryResponse>;

export const CollateralSummaryResponse = z.object({
  equity: DecimalString,
  margin: DecimalString,
  freeMargin: DecimalString,
  unrealizedFunding: DecimalString,
  pnl: DecimalString,
  /** An integer in the docs; kept as a decimal string like every other quantity. */
  leverage: DecimalString,
  marginFraction: DecimalString,
});
export type CollateralSummaryResponse = z.infer<typeof CollateralSummaryResponse>;

/** Keyed by ticker; documented as JSON NUMBERS (`{"BTC":1}`), read from their exact source text. */
export const CollateralBalanceResponse = tolerantRecord(DecimalString);
export type CollateralBalanceResponse = z.output<typeof CollateralBalanceResponse>;

export const TradeBalanceResponse = tolerantRecord(z.object({ available: AmountString, freeze: AmountString }));
export type TradeBalanceResponse = z.output<typeof TradeBalanceResponse>;
