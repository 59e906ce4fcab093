/**
 * Runtime schemas for everything the exchange sends and everything we send it.
 *
 * Tolerant exactly where the exchange is known to be inconsistent (API.md): both id spellings in
 * history, a missing `positionSide`, nullable liquidation fields, numbers sent as strings. Strict
 * everywhere else: an amount that is not a plain decimal string, a missing field or a wrong type
 * makes the whole answer a `bad_response`, never a silently wrong number. Unknown extra fields are
 * dropped, because the exchange adds fields over time and that must not break the app.
 */
import { z } from 'zod';
import { isLooseDecimalString } from '../money/decimal';

// ---------- building blocks ----------

/** A decimal amount as the exchange writes it: a JSON string holding a plain decimal. */
export const DecimalString = z.string().refine(isLooseDecimalString, { message: 'must be a decimal string' });

/** A non-negative decimal amount. */
export const AmountString = DecimalString.refine((v) => !v.startsWith('-'), { message: 'must not be negative' });

export const Ticker = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be letters, digits, dot, dash or underscore');

/** `BASE_QUOTE`, futures end in `_PERP`. */
export const MarketName = z
  .string()
  .max(40)
  .regex(/^[A-Z0-9]{1,16}_[A-Z0-9]{1,16}$/, 'must look like BASE_QUOTE, e.g. BTC_USDT or BTC_PERP');

/** Integers sometimes arrive as numeric strings; accept both, keep a safe integer. */
const IntLike = z.union([z.number().int(), z.string().regex(/^-?\d{1,15}$/).transform(Number)]).pipe(z.number().int().safe());

/** Unix time, seconds, possibly fractional; as number or numeric string. */
const UnixSeconds = z.union([z.number().finite(), z.string().regex(/^\d{1,12}(\.\d+)?$/).transform(Number)]).pipe(z.number().nonnegative());

// ---------- public ----------

export const PingResponse = z.array(z.string()).refine((a) => a.includes('pong'), { message: 'expected ["pong"]' });
export type PingResponse = z.infer<typeof PingResponse>;

export const TimeResponse = z.object({ time: IntLike });
export type TimeResponse = z.infer<typeof TimeResponse>;

const NetworkList = z.array(z.string().min(1).max(64));

export const AssetStatus = z.object({
  name: z.string().max(200),
  can_deposit: z.boolean(),
  can_withdraw: z.boolean(),
  min_withdraw: AmountString.optional(),
  max_withdraw: AmountString.optional(),
  currency_precision: IntLike.pipe(z.number().int().min(0).max(30)),
  is_memo: z.boolean().optional().default(false),
  networks: z
    .object({
      deposits: NetworkList.optional(),
      withdraws: NetworkList.optional(),
      default: z.string().optional(),
    })
    .optional(),
  providers: z
    .object({
      deposits: NetworkList.optional(),
      withdraws: NetworkList.optional(),
    })
    .optional(),
  limits: z
    .object({
      withdraw: z.record(z.string(), z.object({ min: AmountString.optional(), max: AmountString.optional() })).optional(),
      deposit: z.record(z.string(), z.object({ min: AmountString.optional(), max: AmountString.optional() })).optional(),
    })
    .optional(),
});
export type AssetStatus = z.infer<typeof AssetStatus>;
export const AssetsResponse = z.record(z.string(), AssetStatus);
export type AssetsResponse = z.infer<typeof AssetsResponse>;

export const FlexFee = z.object({ min_fee: AmountString, max_fee: AmountString, percent: AmountString });
export type FlexFee = z.infer<typeof FlexFee>;

export const FeeEntry = z.object({
  ticker: z.string().max(64),
  name: z.string().max(200),
  is_withdrawal: z.boolean().optional(),
  is_api_withdrawal: z.boolean().optional(),
  is_depositable: z.boolean().optional(),
  withdraw: z.object({
    min_amount: AmountString,
    max_amount: AmountString,
    fixed: AmountString.nullable(),
    flex: FlexFee.nullable(),
  }),
});
export type FeeEntry = z.infer<typeof FeeEntry>;
/** Keyed by ticker, or `"TICKER (NETWORK)"` for multi-network assets. */
export const FeesResponse = z.record(z.string(), FeeEntry);
export type FeesResponse = z.infer<typeof FeesResponse>;

// ---------- main account ----------

export const BalanceResponse = z.record(z.string(), z.object({ main_balance: AmountString }));
export type BalanceResponse = z.infer<typeof BalanceResponse>;

export const CodeRecord = z.object({
  amount: AmountString,
  code: z.string().max(512),
  date: UnixSeconds,
  status: z.string().max(64),
  ticker: z.string().max(64),
  external_id: z.string().max(256),
});
export type CodeRecord = z.infer<typeof CodeRecord>;

export const CodesResponse = z.object({
  total: IntLike,
  data: z.array(CodeRecord),
  limit: IntLike,
  offset: IntLike,
});
export type CodesResponse = z.infer<typeof CodesResponse>;

// ---------- collateral ----------

export const Tpsl = z.object({
  takeProfitId: IntLike.nullable().optional(),
  takeProfit: DecimalString.nullable().optional(),
  stopLossId: IntLike.nullable().optional(),
  stopLoss: DecimalString.nullable().optional(),
});
export type Tpsl = z.infer<typeof Tpsl>;

export const Position = z.object({
  positionId: IntLike,
  market: z.string().max(64),
  openDate: UnixSeconds,
  modifyDate: UnixSeconds,
  amount: DecimalString,
  basePrice: DecimalString,
  liquidationPrice: DecimalString.nullable(),
  liquidationState: z.string().max(32).nullable(),
  pnl: DecimalString,
  pnlPercent: DecimalString,
  margin: DecimalString,
  freeMargin: DecimalString,
  funding: DecimalString,
  unrealizedFunding: DecimalString,
  tpsl: Tpsl.nullable(),
  /** Real captures sometimes omit it; null then means "not reported". */
  positionSide: z.enum(['LONG', 'SHORT', 'BOTH']).nullable().optional().transform((v) => v ?? null),
});
export type Position = z.infer<typeof Position>;
export const PositionsResponse = z.array(Position);
export type PositionsResponse = z.infer<typeof PositionsResponse>;

// ---------- withdrawals and history ----------

/** A withdraw-pay success is 201 with an empty array (or, from some gateways, an empty object). */
export const WithdrawPayResponse = z.union([z.array(z.unknown()).max(0), z.object({}).strict()]);
export type WithdrawPayResponse = z.infer<typeof WithdrawPayResponse>;

const HistoryRecordRaw = z.object({
  address: z.string().max(512).optional().nullable(),
  uniqueId: z.string().max(256).nullable().optional(),
  unique_id: z.string().max(256).nullable().optional(),
  transactionId: z.string().max(256).nullable().optional(),
  transaction_id: z.string().max(256).nullable().optional(),
  createdAt: UnixSeconds.optional(),
  currency: z.string().max(64).optional(),
  ticker: z.string().max(64).optional(),
  method: IntLike.optional(),
  amount: AmountString,
  description: z.string().max(2000).nullable().optional(),
  memo: z.string().max(512).nullable().optional(),
  fee: AmountString.nullable().optional(),
  status: IntLike,
  network: z.string().max(64).nullable().optional(),
  transactionHash: z.string().max(512).nullable().optional(),
  confirmations: z.unknown().optional(),
});

/** History records, with both id spellings folded into one. */
export const HistoryRecord = HistoryRecordRaw.transform((r) => ({
  uniqueId: r.uniqueId ?? r.unique_id ?? null,
  transactionId: r.transactionId ?? r.transaction_id ?? null,
  address: r.address ?? null,
  createdAt: r.createdAt ?? null,
  ticker: r.ticker ?? r.currency ?? null,
  method: r.method ?? null,
  amount: r.amount,
  fee: r.fee ?? null,
  memo: r.memo ?? null,
  status: r.status,
  network: r.network ?? null,
  transactionHash: r.transactionHash ?? null,
  description: r.description ?? null,
}));
export type HistoryRecord = z.infer<typeof HistoryRecord>;

export const HistoryResponse = z.object({
  limit: IntLike,
  offset: IntLike,
  total: IntLike,
  records: z.array(HistoryRecord),
});
export type HistoryResponse = z.infer<typeof HistoryResponse>;

// ---------- flex (B2B) ----------

export const FlexPlan = z.object({
  id: z.union([z.string().min(1).max(128), z.number().int().transform(String)]),
  ticker: z.string().max(64),
  minInvestment: AmountString,
  maxInvestment: AmountString,
  maxRate: AmountString,
});
export type FlexPlan = z.infer<typeof FlexPlan>;
export const FlexPlansResponse = z.array(FlexPlan);
export type FlexPlansResponse = z.infer<typeof FlexPlansResponse>;

export const FlexInvestResponse = z.object({
  data: z.object({ transaction_id: z.union([z.string().max(256), z.number().int().transform(String)]) }),
});
export type FlexInvestResponse = z.infer<typeof FlexInvestResponse>;

export const FlexInvestment = z.object({
  id: z.union([z.string().max(128), z.number().int().transform(String)]),
  planId: z.union([z.string().max(128), z.number().int().transform(String)]),
  currency: z.string().max(64),
  invested: AmountString,
  withAutoReinvest: z.boolean(),
  status: z.string().max(64),
  createdAt: UnixSeconds,
  updatedAt: UnixSeconds,
});
export type FlexInvestment = z.infer<typeof FlexInvestment>;
export const FlexInvestmentsResponse = z.object({
  data: z.array(FlexInvestment),
  limit: IntLike,
  offset: IntLike,
});
export type FlexInvestmentsResponse = z.infer<typeof FlexInvestmentsResponse>;

// ---------- error bodies ----------

export const PrivateErrorBody = z.object({
  code: IntLike.optional(),
  message: z.string().max(4000).optional(),
  errors: z.union([z.record(z.string(), z.union([z.array(z.string()), z.string()])), z.array(z.unknown())]).optional().nullable(),
});
export type PrivateErrorBody = z.infer<typeof PrivateErrorBody>;

export const PublicErrorBody = z.object({
  success: z.literal(false),
  message: z.unknown().optional(),
  params: z.array(z.unknown()).optional(),
});
