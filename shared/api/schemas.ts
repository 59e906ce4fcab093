/**
 * Runtime schemas for everything the exchange sends and everything we send it.
 *
 * Answers are read from their raw text with a lossless JSON parser (classify.ts), so a JSON number
 * arrives here as a `JsonNumber` holding its exact source text. Decimal fields take that text
 * as is ("1000.123456789012345678" keeps every digit); integer and time fields turn it into a
 * number.
 *
 * Tolerant exactly where the exchange is documented to bend (API.md "Shapes that break naive
 * parsers"): both id spellings in history, absent `positionSide`/`tpsl`, null position fields,
 * absent `currency_precision`, fiat fees keyed by provider id, integer investment status, either
 * transaction id spelling. Every LIST answer is read element by element (tolerant.ts): one element
 * we cannot read becomes an `UnreadableItem` beside the readable ones. Strict everywhere else: an
 * amount that is not a plain decimal, a missing field or a wrong type makes that element (or, for
 * a non-list answer, the whole answer) unreadable, never a silently wrong number. Unknown extra
 * fields are dropped, because the exchange adds fields over time and that must not break the app.
 */
import { z } from 'zod';
import { isLooseDecimalString } from '../money/decimal';
import { numberSourceOf } from './jsonNumber';
import { tolerantArray, tolerantRecord } from './tolerant';

export type { UnreadableItem } from './tolerant';

// ---------- building blocks ----------

/** A JSON number from the lossless parser becomes its exact source text; anything else is left alone. */
const numberAsSourceText = numberSourceOf;

/**
 * For decimal fields, a plain JS number is also taken as text: classify.ts hands the schemas plain
 * numbers only when every number in the answer reads back as exactly its source characters.
 */
const decimalSourceText = (value: unknown): unknown =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : numberAsSourceText(value);

/**
 * A decimal amount: a JSON string holding a plain decimal, or a JSON number read from its exact
 * source text (collateral balances are documented as numbers: `{"USDT":1000}`).
 */
export const DecimalString = z.preprocess(
  decimalSourceText,
  z.string().refine(isLooseDecimalString, { message: 'must be a decimal string' }),
);

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

/** Integers sometimes arrive as numeric strings; accept both (and a lossless JSON number), keep a safe integer. */
const IntLike = z.preprocess(
  numberAsSourceText,
  z.union([z.number().int(), z.string().regex(/^-?\d{1,15}$/, 'must be a whole number').transform(Number)]),
).pipe(z.number().int().safe());

/** Unix time, seconds, possibly fractional; as number or numeric string. */
const UnixSeconds = z.preprocess(
  numberAsSourceText,
  z.union([z.number().finite(), z.string().regex(/^\d{1,12}(\.\d+)?$/, 'must be a Unix time in seconds').transform(Number)]),
).pipe(z.number().nonnegative());

/** Ids the exchange writes as strings or integers; kept as text. */
const IdText = z.preprocess(decimalSourceText, z.string().min(1).max(128));

// ---------- public ----------

export const PingResponse = z.array(z.string()).refine((a) => a.includes('pong'), { message: 'expected ["pong"]' });
export type PingResponse = z.infer<typeof PingResponse>;

export const TimeResponse = z.object({ time: IntLike });
export type TimeResponse = z.infer<typeof TimeResponse>;

const NetworkList = z.array(z.string().min(1).max(64));
const MinMax = z.object({ min: AmountString.optional(), max: AmountString.optional() });

export const AssetStatus = z
  .object({
    name: z.string().max(200),
    unified_cryptoasset_id: IntLike.optional(),
    can_deposit: z.boolean(),
    can_withdraw: z.boolean(),
    min_withdraw: AmountString.optional(),
    max_withdraw: AmountString.optional(),
    min_deposit: AmountString.optional(),
    max_deposit: AmountString.optional(),
    maker_fee: DecimalString.optional(),
    taker_fee: DecimalString.optional(),
    /**
     * Documented as sometimes absent (API.md). Null then: the consumer picks the fallback (the
     * market precision, or 8) and says so; this schema must not invent a precision.
     */
    currency_precision: IntLike.pipe(z.number().int().min(0).max(30)).optional(),
    is_memo: z.boolean().optional().default(false),
    /** Whether a memo is needed per direction; `memo.withdraw` decides the withdrawal form. */
    memo: z.object({ deposit: z.boolean(), withdraw: z.boolean() }).optional(),
    /** A list is absent when that direction is off. */
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
        withdraw: z.record(z.string(), MinMax).optional(),
        deposit: z.record(z.string(), MinMax).optional(),
      })
      .optional(),
    /** Confirmations needed per network. */
    confirmations: z.record(z.string(), IntLike).optional(),
  })
  .transform(({ currency_precision, ...rest }) => ({ ...rest, currency_precision: currency_precision ?? null }));
export type AssetStatus = z.output<typeof AssetStatus>;
/** Keyed by ticker; one unreadable asset never hides the others. */
export const AssetsResponse = tolerantRecord(AssetStatus);
export type AssetsResponse = z.output<typeof AssetsResponse>;

export const FlexFee = z.object({ min_fee: AmountString, max_fee: AmountString, percent: AmountString });
export type FlexFee = z.infer<typeof FlexFee>;

/** Withdrawal (or deposit) terms: limits and fee parts, each possibly absent. "0" limits mean none. */
export interface FeeTerms {
  min_amount: string | null;
  max_amount: string | null;
  fixed: string | null;
  flex: FlexFee | null;
}
/** The terms of one fiat fee provider (ids such as `EUR_SEPA_BCB`, NOT the provider names withdraw-pay takes). */
export interface ProviderFeeTerms extends FeeTerms {
  providerId: string;
  name: string | null;
  is_withdrawal: boolean;
  is_api_withdrawal: boolean | null;
}
/** One `/public/fee` entry, normalized so crypto and fiat entries have the same shape. */
export interface FeeEntry {
  ticker: string;
  name: string;
  /** Missing counts as false (API.md); for fiat: true if any provider's `is_withdrawal` is true. */
  is_withdrawal: boolean;
  /** Missing = not stated. */
  is_api_withdrawal: boolean | null;
  /** Crypto (flat) terms; null for fiat entries. */
  withdraw: FeeTerms | null;
  /** Fiat: keyed by fee provider id (EUR_SEPA_BCB); {} for crypto. */
  withdrawByProvider: Record<string, ProviderFeeTerms>;
}

const FeeTermsWire = z.object({
  min_amount: AmountString.optional(),
  max_amount: AmountString.optional(),
  fixed: AmountString.nullable().optional(),
  flex: FlexFee.nullable().optional(),
});
const termsOf = (w: z.output<typeof FeeTermsWire>): FeeTerms => ({
  min_amount: w.min_amount ?? null,
  max_amount: w.max_amount ?? null,
  fixed: w.fixed ?? null,
  flex: w.flex ?? null,
});
export const FeeTerms: z.ZodType<FeeTerms> = FeeTermsWire.transform(termsOf);

const ProviderFeeTermsWire = FeeTermsWire.extend({
  is_withdrawal: z.boolean().optional(),
  is_api_withdrawal: z.boolean().optional(),
  name: z.string().max(200).optional(),
});
export const ProviderFeeTerms = z.object({ providerId: z.string().min(1).max(64), terms: ProviderFeeTermsWire }).transform(
  ({ providerId, terms }): ProviderFeeTerms => ({
    ...termsOf(terms),
    providerId,
    name: terms.name ?? null,
    is_withdrawal: terms.is_withdrawal ?? false,
    is_api_withdrawal: terms.is_api_withdrawal ?? null,
  }),
);

const FeeEntryHead = z.object({
  ticker: z.string().max(64),
  name: z.string().max(200),
  is_withdrawal: z.boolean().optional(),
  is_api_withdrawal: z.boolean().optional(),
  /** Fiat: fee provider ids. Crypto entries send `[]`. */
  providers: z.array(z.string().min(1).max(64)).max(100).optional(),
  withdraw: z.unknown(),
});
const FiatWithdrawTerms = z.record(z.string().min(1).max(64), ProviderFeeTermsWire);

/**
 * Crypto entries carry flat `withdraw` terms; fiat entries (non-empty `providers`) carry `withdraw`
 * keyed by provider id (API.md). Both become one `FeeEntry` shape.
 */
export const FeeEntry: z.ZodType<FeeEntry> = FeeEntryHead.transform((head, ctx): FeeEntry => {
  const isFiat = (head.providers?.length ?? 0) > 0;
  const base = { ticker: head.ticker, name: head.name, is_api_withdrawal: head.is_api_withdrawal ?? null };
  if (!isFiat) {
    const flat = FeeTermsWire.safeParse(head.withdraw);
    if (!flat.success || head.withdraw === undefined) {
      forwardIssues(ctx, flat.success ? [{ path: [], message: 'is required' }] : flat.error.issues, 'withdraw');
      return z.NEVER;
    }
    return { ...base, is_withdrawal: head.is_withdrawal ?? false, withdraw: termsOf(flat.data), withdrawByProvider: {} };
  }
  const keyed = FiatWithdrawTerms.safeParse(head.withdraw ?? {});
  if (!keyed.success) {
    forwardIssues(ctx, keyed.error.issues, 'withdraw');
    return z.NEVER;
  }
  const withdrawByProvider: Record<string, ProviderFeeTerms> = {};
  for (const [providerId, terms] of Object.entries(keyed.data)) {
    // defineProperty: a provider id such as "__proto__" must stay a plain data key.
    Object.defineProperty(withdrawByProvider, providerId, {
      value: ProviderFeeTerms.parse({ providerId, terms }),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  const anyProviderWithdraws = Object.values(withdrawByProvider).some((p) => p.is_withdrawal);
  return { ...base, is_withdrawal: head.is_withdrawal === true || anyProviderWithdraws, withdraw: null, withdrawByProvider };
});

function forwardIssues(ctx: z.core.$RefinementCtx, issues: readonly { path: readonly PropertyKey[]; message: string }[], under: string) {
  for (const issue of issues.slice(0, 3)) ctx.addIssue({ code: 'custom', message: issue.message, path: [under, ...issue.path] });
}

/** Keyed by ticker, or `"TICKER (NETWORK)"` for multi-network assets. */
export const FeesResponse = tolerantRecord(FeeEntry);
export type FeesResponse = z.output<typeof FeesResponse>;

/** `/public/ticker`: keyed by market. */
export const MarketActivity = z.object({
  base_id: IntLike.optional(),
  quote_id: IntLike.optional(),
  last_price: DecimalString,
  quote_volume: DecimalString,
  base_volume: DecimalString,
  isFrozen: z.boolean().optional(),
  change: DecimalString,
});
export type MarketActivity = z.infer<typeof MarketActivity>;
export const TickerResponse = tolerantRecord(MarketActivity);
export type TickerResponse = z.output<typeof TickerResponse>;

/** `/public/markets`: precisions arrive as stringified integers. */
export const MarketInfo = z.object({
  name: z.string().max(64),
  stock: z.string().max(64),
  money: z.string().max(64),
  stockPrec: IntLike,
  moneyPrec: IntLike,
  feePrec: IntLike,
  makerFee: DecimalString,
  takerFee: DecimalString,
  minAmount: DecimalString,
  minTotal: DecimalString,
  maxTotal: DecimalString,
  tradesEnabled: z.boolean(),
  isCollateral: z.boolean(),
  type: z.string().max(32),
  isTradFiFutures: z.boolean().optional(),
  /** Announced delisting, Unix seconds; null when none. */
  delistedAt: UnixSeconds.nullable().optional().transform((v) => v ?? null),
});
export type MarketInfo = z.output<typeof MarketInfo>;
export const MarketsResponse = tolerantArray(MarketInfo, ['name']);
export type MarketsResponse = z.output<typeof MarketsResponse>;

/** `/public/futures`. */
export const FuturesMarket = z.object({
  ticker_id: z.string().max(64),
  stock_currency: z.string().max(64),
  money_currency: z.string().max(64),
  last_price: DecimalString,
  stock_volume: DecimalString.optional(),
  money_volume: DecimalString.optional(),
  bid: DecimalString,
  ask: DecimalString,
  high: DecimalString.optional(),
  low: DecimalString.optional(),
  product_type: z.string().max(64).optional(),
  open_interest: DecimalString.optional(),
  index_price: DecimalString,
  index_name: z.string().max(64).optional(),
  index_currency: z.string().max(64).optional(),
  funding_rate: DecimalString,
  funding_cap: DecimalString.optional(),
  funding_floor: DecimalString.optional(),
  /** Unix milliseconds, sent as a string. */
  next_funding_rate_timestamp: IntLike,
  /** Leverage -> margin requirement; values are JSON numbers. */
  brackets: z.record(z.string(), DecimalString).optional(),
  max_leverage: IntLike,
  funding_interval_minutes: IntLike.optional(),
});
export type FuturesMarket = z.output<typeof FuturesMarket>;
/** `{success, message, result}`; the list inside bends element by element. */
const SuccessEnvelope = { success: z.literal(true), message: z.string().max(500).nullable().optional() };
export const FuturesResponse = z
  .object({ ...SuccessEnvelope, result: tolerantArray(FuturesMarket, ['ticker_id']) })
  .transform((v) => v.result);
export type FuturesResponse = z.output<typeof FuturesResponse>;
export const CollateralMarketsResponse = z.object({ ...SuccessEnvelope, result: tolerantArray(MarketName) }).transform((v) => v.result);
export type CollateralMarketsResponse = z.output<typeof CollateralMarketsResponse>;

// ---------- main account ----------

export const BalanceEntry = z.object({ main_balance: AmountString });
export type BalanceEntry = z.infer<typeof BalanceEntry>;
/** Keyed by ticker; the real exchange lists every asset, zero balances included. */
export const BalanceResponse = tolerantRecord(BalanceEntry);
export type BalanceResponse = z.output<typeof BalanceResponse>;

export const CodeRecord = z.object({
  amount: AmountString,
  code: z.string().max(512),
  date: UnixSeconds,
  status: z.string().max(64),
  ticker: z.string().max(64),
  external_id: z.string().max(256),
});
export type CodeRecord = z.infer<typeof CodeRecord>;

/** A page of codes. Codes are redeemable: a notice names a failed code by `external_id`, never by the code. */
const codesPage = <T extends z.ZodType>(record: T) =>
  z
    .object({ total: IntLike, data: tolerantArray(record, ['external_id']), limit: IntLike, offset: IntLike })
    .transform(({ total, limit, offset, data }) => ({ total, limit, offset, data: data.items, unreadable: data.unreadable }));
export const CodesResponse = codesPage(CodeRecord);
export type CodesResponse = z.output<typeof CodesResponse>;

/** Codes history: like codes/my, amounts signed ("+0.002" received, "-0.002" sent). */
export const CodeHistoryRecord = CodeRecord.extend({
  amount: z.string().refine((v) => !v.startsWith('+-') && isLooseDecimalString(v.replace(/^\+/, '')), { message: 'must be a signed decimal string' }),
});
export type CodeHistoryRecord = z.infer<typeof CodeHistoryRecord>;
export const CodesHistoryResponse = codesPage(CodeHistoryRecord);
export type CodesHistoryResponse = z.output<typeof CodesHistoryResponse>;

/** `/main-account/address`: a deposit address and the deposit terms. */
export const DepositAddressResponse = z.object({
  account: z.object({ address: z.string().max(512), memo: z.string().max(512).nullable().optional() }),
  required: z
    .object({
      fixedFee: AmountString.optional(),
      flexFee: z.object({ maxFee: AmountString, minFee: AmountString, percent: AmountString }).optional(),
      maxAmount: AmountString.optional(),
      minAmount: AmountString.optional(),
    })
    .optional(),
});
export type DepositAddressResponse = z.infer<typeof DepositAddressResponse>;

/** `/main-account/fee` (private): per-currency terms with camelCase names. No example body is documented. */
const PrivateFeeTerms = z.object({
  minFlex: AmountString.optional(),
  maxFlex: AmountString.optional(),
  percentFlex: AmountString.optional(),
  fixed: AmountString.optional(),
  minAmount: AmountString.optional(),
  maxAmount: AmountString.optional(),
});
export const PrivateFeeInfo = z.object({
  ticker: z.string().max(64),
  name: z.string().max(200).optional(),
  can_deposit: z.boolean().optional(),
  can_withdraw: z.boolean().optional(),
  deposit: PrivateFeeTerms.optional(),
  withdraw: PrivateFeeTerms.optional(),
});
export type PrivateFeeInfo = z.infer<typeof PrivateFeeInfo>;
export const PrivateFeesResponse = tolerantArray(PrivateFeeInfo, ['ticker']);
export type PrivateFeesResponse = z.output<typeof PrivateFeesResponse>;

export const WebsocketTokenResponse = z.object({ websocket_token: z.string().min(1).max(512) });
export type WebsocketTokenResponse = z.infer<typeof WebsocketTokenResponse>;

// ---------- collateral and trade balances ----------

export const Tpsl = z.object({
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
  /** Null on positions opened by a trigger or limit order that has not filled yet (API.md). */
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

// ---------- withdrawals and history ----------

/** A withdraw-pay success is 201 with an empty array (or, from some gateways, an empty object). */
export const WithdrawPayResponse = z.union([z.array(z.unknown()).max(0), z.object({}).strict()]);
export type WithdrawPayResponse = z.infer<typeof WithdrawPayResponse>;

const OptionalIdText = IdText.nullable().optional();

const HistoryRecordRaw = z.object({
  address: z.string().max(512).optional().nullable(),
  uniqueId: OptionalIdText,
  unique_id: OptionalIdText,
  transactionId: OptionalIdText,
  transaction_id: OptionalIdText,
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
  /** Status 18 (partially successful): what was asked for vs what went through. */
  details: z
    .object({
      partial: z
        .object({ requestAmount: AmountString, processedAmount: AmountString, processedFee: AmountString })
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
  confirmations: z.object({ actual: IntLike, required: IntLike }).nullable().optional(),
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
  partial: r.details?.partial ?? null,
  confirmations: r.confirmations ?? null,
}));
export type HistoryRecord = z.output<typeof HistoryRecord>;
/** Status 18: what was asked for vs what went through. */
export type PartialAmounts = NonNullable<HistoryRecord['partial']>;
export type Confirmations = NonNullable<HistoryRecord['confirmations']>;

export const HistoryResponse = z
  .object({
    limit: IntLike,
    offset: IntLike,
    total: IntLike,
    records: tolerantArray(HistoryRecord, ['uniqueId', 'unique_id', 'transactionId', 'transaction_id']),
  })
  .transform(({ limit, offset, total, records }) => ({ limit, offset, total, records: records.items, unreadable: records.unreadable }));
export type HistoryResponse = z.output<typeof HistoryResponse>;

// ---------- flex (B2B) ----------

export const FlexPlan = z.object({
  id: IdText,
  ticker: z.string().max(64),
  minInvestment: AmountString,
  maxInvestment: AmountString,
  /** A fraction of 1 (API.md Decision): "0.15" is 15 % a year. */
  maxRate: AmountString,
});
export type FlexPlan = z.infer<typeof FlexPlan>;
export const FlexPlansResponse = tolerantArray(FlexPlan, ['id', 'ticker']);
export type FlexPlansResponse = z.output<typeof FlexPlansResponse>;

/** `{"data":{"transaction_id":…}}`; older docs spell it `transactionId`. Either becomes `transactionId`. */
export const FlexInvestResponse = z
  .object({
    data: z
      .object({ transaction_id: IdText.optional(), transactionId: IdText.optional() })
      .refine((d) => d.transaction_id !== undefined || d.transactionId !== undefined, { message: 'must carry transaction_id or transactionId' }),
  })
  .transform(({ data }) => ({ transactionId: (data.transaction_id ?? data.transactionId)! }));
export type FlexInvestResponse = z.output<typeof FlexInvestResponse>;

/** Investment status as documented: an integer. */
export const FLEX_INVESTMENT_STATUS = { active: 1, closed: 0 } as const;

export const FlexInvestment = z.object({
  id: IdText,
  planId: IdText,
  currency: z.string().max(64),
  invested: AmountString,
  withAutoReinvest: z.boolean(),
  /** 1 active, 0 closed (API.md); other integers are shown as they are. */
  status: IntLike,
  createdAt: UnixSeconds,
  updatedAt: UnixSeconds,
});
export type FlexInvestment = z.output<typeof FlexInvestment>;
export const FlexInvestmentsResponse = z
  .object({ data: tolerantArray(FlexInvestment, ['id']), limit: IntLike, offset: IntLike })
  .transform(({ data, limit, offset }) => ({ data: data.items, limit, offset, unreadable: data.unreadable }));
export type FlexInvestmentsResponse = z.output<typeof FlexInvestmentsResponse>;

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
