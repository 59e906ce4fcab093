/**
 * The exchange's paths the simulator serves, as the exchange documents them. Written here rather
 * than read from the client's catalogue (shared/api/endpoints.ts) so that the simulator describes
 * the exchange, not the client's reading of it; a test (routes.test.ts) checks that every path the
 * client calls is served.
 */
export const PATHS = {
  ping: '/api/v4/public/ping',
  time: '/api/v4/public/time',
  assets: '/api/v4/public/assets',
  fees: '/api/v4/public/fee',
  balance: '/api/v4/main-account/balance',
  codes: '/api/v4/main-account/codes/my',
  codesHistory: '/api/v4/main-account/codes/history',
  history: '/api/v4/main-account/history',
  withdrawPay: '/api/v4/main-account/withdraw-pay',
  flexPlans: '/api/v4/main-account/smart-flex/plans',
  flexInvestments: '/api/v4/main-account/smart-flex/investments',
  flexInvest: '/api/v4/main-account/smart-flex/investments/invest',
  positions: '/api/v4/collateral-account/positions/open',
  travelRuleVasps: '/api/v4/travel-rule/vasps',
  ticker: '/api/v4/public/ticker',
  markets: '/api/v4/public/markets',
  futures: '/api/v4/public/futures',
  collateralMarkets: '/api/v4/public/collateral/markets',
  tradeBalance: '/api/v4/trade-account/balance',
  collateralBalance: '/api/v4/collateral-account/balance',
  collateralSummary: '/api/v4/collateral-account/summary',
  websocketToken: '/api/v4/profile/websocket_token',
  positionsHistory: '/api/v4/collateral-account/positions/history',
  depositAddress: '/api/v4/main-account/address',
  accountFees: '/api/v4/main-account/fee',
  subAccountList: '/api/v4/sub-account/list',
  subAccountBalances: '/api/v4/sub-account/balances',
} as const;

export type PathName = keyof typeof PATHS;

/** Success statuses as the exchange sends them (documented): codes, history, withdraw-pay and invest answer 201. */
export const SUCCESS_STATUS = {
  ok: 200,
  created: 201,
} as const;
