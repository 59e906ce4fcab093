/** Public endpoints: server time, assets, fees, tickers, spot and futures markets. */
import { z } from 'zod';
import { DecimalString, AmountString, MarketName, IntLike, UnixSeconds, SuccessEnvelope } from './common';
import { tolerantArray, tolerantRecord } from '../tolerant';

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
     * Documented as sometimes absent (docs/exchange-api.md). Null then: the consumer picks the fallback (the
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
  /** Missing counts as false (docs/exchange-api.md); for fiat: true if any provider's `is_withdrawal` is true. */
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
 * keyed by provider id (docs/exchange-api.md). Both become one `FeeEntry` shape.
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
const MarketInfo = z.object({
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
const FuturesMarket = z.object({
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
export const FuturesResponse = z
  .object({ ...SuccessEnvelope, result: tolerantArray(FuturesMarket, ['ticker_id']) })
  .transform((v) => v.result);
export type FuturesResponse = z.output<typeof FuturesResponse>;
export const CollateralMarketsResponse = z.object({ ...SuccessEnvelope, result: tolerantArray(MarketName) }).transform((v) => v.result);
export type CollateralMarketsResponse = z.output<typeof CollateralMarketsResponse>;
