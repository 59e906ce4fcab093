/**
 * Which handler answers which path (paths.ts: the exchange's paths as documented). A test checks
 * that every path of the client's catalogue is served here.
 */
import type { Reply } from './http';
import type { Permission } from './model';
import type { PrivateHandler } from './handlers/context';
import type { SimulatorState } from './state';
import { PATHS, type PathName } from './paths';
import { balance, codesHistory, myCodes, openPositions } from './handlers/account';
import { history } from './handlers/history';
import { withdrawPay } from './handlers/withdraw';
import { flexInvest, flexInvestments, flexPlans } from './handlers/flex';
import { travelRuleVasps } from './handlers/travelRule';
import { websocketToken } from './handlers/websocket';
import { subAccountBalances, subAccountList } from './handlers/subAccounts';
import { depositAddress } from './handlers/depositAddress';
import { positionsHistory } from './handlers/positionsHistory';
import { accountFees } from './handlers/accountFees';
import { collateralBalance, collateralMarkets, collateralSummary, futures, markets, ticker, tradeBalance } from './handlers/market';

export type PublicHandler = (state: SimulatorState, nowMs: number) => Reply;

export interface PublicRoute {
  kind: 'public';
  name: PathName;
  handle: PublicHandler;
}

export interface PrivateRoute {
  kind: 'private';
  name: PathName;
  permission: Permission;
  /** Smart-flex endpoints: 403 for accounts without B2B access. */
  b2bOnly: boolean;
  handle: PrivateHandler;
}

export type Route = PublicRoute | PrivateRoute;

const json = (text: Buffer): Reply => ({ status: 200, raw: { text, contentType: 'application/json' } });
const PONG = Buffer.from(JSON.stringify(['pong']));

const PUBLIC_HANDLERS = {
  ping: () => json(PONG),
  time: (_state, nowMs) => ({ status: 200, body: { time: Math.floor(nowMs / 1000) } }),
  assets: (state) => json(state.assetsJson),
  fees: (state) => json(state.feesJson),
  ticker,
  markets,
  futures,
  collateralMarkets,
} satisfies Partial<Record<PathName, PublicHandler>>;

const PRIVATE_HANDLERS = {
  balance: { handle: balance, permission: 'read' },
  codes: { handle: myCodes, permission: 'read' },
  codesHistory: { handle: codesHistory, permission: 'read' },
  positions: { handle: openPositions, permission: 'read' },
  history: { handle: history, permission: 'read' },
  withdrawPay: { handle: withdrawPay, permission: 'withdraw' },
  flexPlans: { handle: flexPlans, permission: 'read', b2bOnly: true },
  flexInvestments: { handle: flexInvestments, permission: 'read', b2bOnly: true },
  flexInvest: { handle: flexInvest, permission: 'invest', b2bOnly: true },
  travelRuleVasps: { handle: travelRuleVasps, permission: 'read' },
  tradeBalance: { handle: tradeBalance, permission: 'read' },
  collateralBalance: { handle: collateralBalance, permission: 'read' },
  collateralSummary: { handle: collateralSummary, permission: 'read' },
  websocketToken: { handle: websocketToken, permission: 'read' },
  positionsHistory: { handle: positionsHistory, permission: 'read' },
  depositAddress: { handle: depositAddress, permission: 'read' },
  accountFees: { handle: accountFees, permission: 'read' },
  subAccountList: { handle: subAccountList, permission: 'subAccounts' },
  subAccountBalances: { handle: subAccountBalances, permission: 'subAccounts' },
} satisfies Partial<Record<PathName, { handle: PrivateHandler; permission: Permission; b2bOnly?: boolean }>>;

export function buildRoutes(): Map<string, Route> {
  const routes = new Map<string, Route>();
  for (const [name, handle] of Object.entries(PUBLIC_HANDLERS) as [PathName, PublicHandler][]) {
    routes.set(PATHS[name], { kind: 'public', name, handle });
  }
  for (const [name, entry] of Object.entries(PRIVATE_HANDLERS) as [PathName, { handle: PrivateHandler; permission: Permission; b2bOnly?: boolean }][]) {
    routes.set(PATHS[name], { kind: 'private', name, permission: entry.permission, b2bOnly: entry.b2bOnly ?? false, handle: entry.handle });
  }
  for (const [name, path] of Object.entries(PATHS)) {
    if (!routes.has(path)) throw new Error(`simulator has no handler for ${name}`);
  }
  return routes;
}
