/**
 * The API catalogue as data: one entry per endpoint the product uses (docs/exchange-api.md's table).
 * The client, the simulator and the tests all read this table, so a path, a bound or a schema
 * is written down exactly once.
 */
import { z } from 'zod';
import { isLooseDecimalString } from '../money/decimal';
import * as S from './schemas';
import { HistoryRequest, VaspsResponse, WithdrawPayRequest } from './withdrawRequest';

/** Client-side rate-limit scopes with the exchange's published budgets (docs/exchange-api.md "Rate limits"). */
export const RATE_LIMIT_SCOPES = {
  public: { requests: 2000, perMs: 10_000 },
  'main-account': { requests: 1000, perMs: 10_000 },
  history: { requests: 200, perMs: 10_000 },
  codes: { requests: 1000, perMs: 10_000 },
  /** docs/exchange-api.md: collateral endpoints 12 000, but one newer page says 100 for positions/open; we budget 100. */
  positions: { requests: 100, perMs: 10_000 },
  collateral: { requests: 12_000, perMs: 10_000 },
  'trade-account': { requests: 12_000, perMs: 10_000 },
  /** `/sub-account/*`: 1000 per 10 s. */
  'sub-account': { requests: 1000, perMs: 10_000 },
  /** `/profile/websocket_token`: 10 per 60 s. */
  'websocket-token': { requests: 10, perMs: 60_000 },
} as const;
export type RateLimitScope = keyof typeof RATE_LIMIT_SCOPES;

export const CODES_LIMIT = { min: 1, max: 100, default: 30 } as const;
export const CODES_OFFSET = { min: 0, max: 10_000, default: 0 } as const;
/** History pages: `limit` 1..500 (documented), `offset + limit` at most 10 000. */
export const HISTORY_LIMIT = { min: 1, max: 500, default: 100 } as const;
export const HISTORY_OFFSET = { min: 0, max: 10_000, default: 0 } as const;
/** Sub-account list pages: `limit` 1..100 (30), `offset` 0..10 000. */
export const SUB_ACCOUNT_LIMIT = { min: 1, max: 100, default: 30 } as const;
const SUB_ACCOUNT_OFFSET = { min: 0, max: 10_000, default: 0 } as const;
export const FLEX_LIMIT = { min: 1, max: 100, default: 100 } as const;
export const FLEX_OFFSET = { min: 0, max: 1_000_000, default: 0 } as const;

const PositiveAmount = z
  .string()
  .refine(isLooseDecimalString, { message: 'must be a plain decimal number such as 0.5' })
  .refine((v) => !v.startsWith('-') && /[1-9]/.test(v), { message: 'must be greater than zero' });

const intIn = (min: number, max: number) => z.number().int().min(min).max(max);

/** The flex plan and investment lists page and filter alike. */
const FlexPageRequest = z
  .object({
    limit: intIn(FLEX_LIMIT.min, FLEX_LIMIT.max).default(FLEX_LIMIT.default),
    offset: intIn(FLEX_OFFSET.min, FLEX_OFFSET.max).default(FLEX_OFFSET.default),
    ticker: S.Ticker.optional(),
  })
  .strict();

export { WITHDRAW_UNIQUE_ID } from './withdrawRequest';

export const Requests = {
  none: z.object({}).strict(),
  balance: z.object({ ticker: S.Ticker.optional() }).strict(),
  codes: z
    .object({
      limit: intIn(CODES_LIMIT.min, CODES_LIMIT.max).default(CODES_LIMIT.default),
      offset: intIn(CODES_OFFSET.min, CODES_OFFSET.max).default(CODES_OFFSET.default),
    })
    .strict()
    // Documented: the exchange refuses a page reaching past the 10 000th code.
    .refine((r) => r.offset + r.limit <= CODES_OFFSET.max, { message: `offset + limit must be at most ${CODES_OFFSET.max}`, path: ['offset'] }),
  positions: z.object({ market: S.MarketName.optional() }).strict(),
  withdrawPay: WithdrawPayRequest,
  history: HistoryRequest,
  flexPlans: FlexPageRequest,
  flexInvest: z
    .object({
      planId: z.string().min(1).max(128),
      amount: PositiveAmount,
      withReinvest: z.boolean().optional(),
    })
    .strict(),
  flexInvestments: FlexPageRequest,
  /** Collateral and trade balances take an optional ticker filter. */
  tickerFilter: z.object({ ticker: S.Ticker.optional() }).strict(),
  positionsHistory: z
    .object({
      market: S.MarketName.optional(),
      positionId: z.number().int().min(0).optional(),
      startDate: z.number().int().min(0).optional(),
      endDate: z.number().int().min(0).optional(),
    })
    .strict()
    .refine((v) => v.startDate === undefined || v.endDate === undefined || v.startDate <= v.endDate, {
      message: 'must not be after endDate',
      path: ['startDate'],
    }),
  depositAddress: z.object({ ticker: S.Ticker, network: z.string().min(1).max(64).optional() }).strict(),
  subAccountList: z
    .object({
      search: z.string().min(1).max(64).optional(),
      limit: intIn(SUB_ACCOUNT_LIMIT.min, SUB_ACCOUNT_LIMIT.max).default(SUB_ACCOUNT_LIMIT.default),
      offset: intIn(SUB_ACCOUNT_OFFSET.min, SUB_ACCOUNT_OFFSET.max).default(SUB_ACCOUNT_OFFSET.default),
    })
    .strict(),
  subAccountBalances: z.object({ id: z.string().min(1).max(128), ticker: S.Ticker.optional() }).strict(),
};

/** `read`: safe to retry after a transient failure. `never`: moves money, never retried automatically. */
export type RetryPolicy = 'read' | 'never';

export interface EndpointSpec<Req extends z.ZodType, Res extends z.ZodType> {
  method: 'GET' | 'POST';
  path: `/api/v4/${string}`;
  auth: 'public' | 'private';
  scope: RateLimitScope;
  retry: RetryPolicy;
  /** HTTP status of success as the exchange sends it (others in 2xx are accepted too). */
  successStatus: number;
  request: Req;
  response: Res;
}

function endpoint<Req extends z.ZodType, Res extends z.ZodType>(spec: EndpointSpec<Req, Res>): EndpointSpec<Req, Res> {
  return spec;
}

export const ENDPOINTS = {
  ping: endpoint({ method: 'GET', path: '/api/v4/public/ping', auth: 'public', scope: 'public', retry: 'read', successStatus: 200, request: Requests.none, response: S.PingResponse }),
  time: endpoint({ method: 'GET', path: '/api/v4/public/time', auth: 'public', scope: 'public', retry: 'read', successStatus: 200, request: Requests.none, response: S.TimeResponse }),
  assets: endpoint({ method: 'GET', path: '/api/v4/public/assets', auth: 'public', scope: 'public', retry: 'read', successStatus: 200, request: Requests.none, response: S.AssetsResponse }),
  fees: endpoint({ method: 'GET', path: '/api/v4/public/fee', auth: 'public', scope: 'public', retry: 'read', successStatus: 200, request: Requests.none, response: S.FeesResponse }),
  balance: endpoint({ method: 'POST', path: '/api/v4/main-account/balance', auth: 'private', scope: 'main-account', retry: 'read', successStatus: 200, request: Requests.balance, response: S.BalanceResponse }),
  codes: endpoint({ method: 'POST', path: '/api/v4/main-account/codes/my', auth: 'private', scope: 'codes', retry: 'read', successStatus: 201, request: Requests.codes, response: S.CodesResponse }),
  positions: endpoint({ method: 'POST', path: '/api/v4/collateral-account/positions/open', auth: 'private', scope: 'positions', retry: 'read', successStatus: 200, request: Requests.positions, response: S.PositionsResponse }),
  withdrawPay: endpoint({ method: 'POST', path: '/api/v4/main-account/withdraw-pay', auth: 'private', scope: 'main-account', retry: 'never', successStatus: 201, request: Requests.withdrawPay, response: S.WithdrawPayResponse }),
  /**
   * The withdraw-pay path asked with an empty request: no asset, amount, address or id, so it can
   * never move money. A key without the endpoint is refused (401 code 4 or 403) before the fields
   * are looked at; a key with it gets "Validation failed". Used only by the key test.
   */
  withdrawAccessProbe: endpoint({ method: 'POST', path: '/api/v4/main-account/withdraw-pay', auth: 'private', scope: 'main-account', retry: 'never', successStatus: 201, request: Requests.none, response: S.WithdrawPayResponse }),
  history: endpoint({ method: 'POST', path: '/api/v4/main-account/history', auth: 'private', scope: 'history', retry: 'read', successStatus: 201, request: Requests.history, response: S.HistoryResponse }),
  travelRuleVasps: endpoint({ method: 'POST', path: '/api/v4/travel-rule/vasps', auth: 'private', scope: 'main-account', retry: 'read', successStatus: 200, request: Requests.none, response: VaspsResponse }),
  flexPlans: endpoint({ method: 'POST', path: '/api/v4/main-account/smart-flex/plans', auth: 'private', scope: 'main-account', retry: 'read', successStatus: 200, request: Requests.flexPlans, response: S.FlexPlansResponse }),
  flexInvest: endpoint({ method: 'POST', path: '/api/v4/main-account/smart-flex/investments/invest', auth: 'private', scope: 'main-account', retry: 'never', successStatus: 201, request: Requests.flexInvest, response: S.FlexInvestResponse }),
  flexInvestments: endpoint({ method: 'POST', path: '/api/v4/main-account/smart-flex/investments', auth: 'private', scope: 'main-account', retry: 'read', successStatus: 200, request: Requests.flexInvestments, response: S.FlexInvestmentsResponse }),

  // Documented endpoints the product does not call yet; valuation and market data build on them.
  ticker: endpoint({ method: 'GET', path: '/api/v4/public/ticker', auth: 'public', scope: 'public', retry: 'read', successStatus: 200, request: Requests.none, response: S.TickerResponse }),
  markets: endpoint({ method: 'GET', path: '/api/v4/public/markets', auth: 'public', scope: 'public', retry: 'read', successStatus: 200, request: Requests.none, response: S.MarketsResponse }),
  futures: endpoint({ method: 'GET', path: '/api/v4/public/futures', auth: 'public', scope: 'public', retry: 'read', successStatus: 200, request: Requests.none, response: S.FuturesResponse }),
  collateralMarkets: endpoint({ method: 'GET', path: '/api/v4/public/collateral/markets', auth: 'public', scope: 'public', retry: 'read', successStatus: 200, request: Requests.none, response: S.CollateralMarketsResponse }),
  collateralBalance: endpoint({ method: 'POST', path: '/api/v4/collateral-account/balance', auth: 'private', scope: 'collateral', retry: 'read', successStatus: 200, request: Requests.tickerFilter, response: S.CollateralBalanceResponse }),
  collateralSummary: endpoint({ method: 'POST', path: '/api/v4/collateral-account/summary', auth: 'private', scope: 'collateral', retry: 'read', successStatus: 200, request: Requests.none, response: S.CollateralSummaryResponse }),
  positionsHistory: endpoint({ method: 'POST', path: '/api/v4/collateral-account/positions/history', auth: 'private', scope: 'collateral', retry: 'read', successStatus: 200, request: Requests.positionsHistory, response: S.PositionsHistoryResponse }),
  tradeBalance: endpoint({ method: 'POST', path: '/api/v4/trade-account/balance', auth: 'private', scope: 'trade-account', retry: 'read', successStatus: 200, request: Requests.tickerFilter, response: S.TradeBalanceResponse }),
  codesHistory: endpoint({ method: 'POST', path: '/api/v4/main-account/codes/history', auth: 'private', scope: 'codes', retry: 'read', successStatus: 201, request: Requests.codes, response: S.CodesHistoryResponse }),
  depositAddress: endpoint({ method: 'POST', path: '/api/v4/main-account/address', auth: 'private', scope: 'main-account', retry: 'read', successStatus: 200, request: Requests.depositAddress, response: S.DepositAddressResponse }),
  mainAccountFees: endpoint({ method: 'POST', path: '/api/v4/main-account/fee', auth: 'private', scope: 'main-account', retry: 'read', successStatus: 200, request: Requests.none, response: S.PrivateFeesResponse }),
  subAccountList: endpoint({ method: 'POST', path: '/api/v4/sub-account/list', auth: 'private', scope: 'sub-account', retry: 'read', successStatus: 200, request: Requests.subAccountList, response: S.SubAccountListResponse }),
  subAccountBalances: endpoint({ method: 'POST', path: '/api/v4/sub-account/balances', auth: 'private', scope: 'sub-account', retry: 'read', successStatus: 200, request: Requests.subAccountBalances, response: S.SubAccountBalancesResponse }),
  websocketToken: endpoint({ method: 'POST', path: '/api/v4/profile/websocket_token', auth: 'private', scope: 'websocket-token', retry: 'read', successStatus: 200, request: Requests.none, response: S.WebsocketTokenResponse }),
} as const;

export type EndpointName = keyof typeof ENDPOINTS;
export type RequestOf<N extends EndpointName> = z.input<(typeof ENDPOINTS)[N]['request']>;
export type ResponseOf<N extends EndpointName> = z.output<(typeof ENDPOINTS)[N]['response']>;

/** Withdrawal status codes in history (docs/exchange-api.md), as words a person understands. */
export type WithdrawalPhase = 'pending' | 'successful' | 'canceled' | 'unconfirmed_by_user' | 'partially_successful' | 'aml_frozen' | 'unknown';

export function withdrawalPhase(status: number): WithdrawalPhase {
  if ([1, 2, 6, 10, 11, 12, 13, 14, 15, 16, 17].includes(status)) return 'pending';
  if (status === 3 || status === 7) return 'successful';
  if (status === 4) return 'canceled';
  if (status === 5) return 'unconfirmed_by_user';
  if (status === 18) return 'partially_successful';
  if (status === 21) return 'aml_frozen';
  return 'unknown';
}

export const REGIONS = {
  global: 'https://whitebit.com',
  eu: 'https://whitebit.eu',
} as const;
export type Region = keyof typeof REGIONS | 'custom';
