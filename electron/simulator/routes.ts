/**
 * Which handler answers which endpoint, keyed by the paths of the shared catalogue (ENDPOINTS), so
 * a path is written down once for client and simulator alike.
 */
import { ENDPOINTS, type EndpointName, type EndpointSpec } from '../../shared/api/endpoints';
import type { z } from 'zod';
import type { Reply } from './http';
import type { Permission } from './model';
import type { PrivateHandler } from './handlers/context';
import type { SimulatorState } from './state';
import { balance, myCodes, openPositions } from './handlers/account';
import { history } from './handlers/history';
import { withdrawPay } from './handlers/withdraw';
import { travelRuleVasps } from './handlers/travelRule';
import { flexInvest, flexInvestments, flexPlans } from './handlers/flex';

export type PublicHandler = (state: SimulatorState, nowMs: number) => Reply;

export interface PublicRoute {
  kind: 'public';
  name: EndpointName;
  spec: EndpointSpec<z.ZodType, z.ZodType>;
  handle: PublicHandler;
}

export interface PrivateRoute {
  kind: 'private';
  name: EndpointName;
  spec: EndpointSpec<z.ZodType, z.ZodType>;
  permission: Permission;
  /** Smart-flex endpoints: 403 for accounts without B2B access. */
  b2bOnly: boolean;
  handle: PrivateHandler;
}

export type Route = PublicRoute | PrivateRoute;

const json = (text: Buffer): Reply => ({ status: 200, raw: { text, contentType: 'application/json' } });
const PONG = Buffer.from(JSON.stringify(['pong']));

const PUBLIC_HANDLERS: Partial<Record<EndpointName, PublicHandler>> = {
  ping: () => json(PONG),
  time: (_state, nowMs) => ({ status: 200, body: { time: Math.floor(nowMs / 1000) } }),
  assets: (state) => json(state.assetsJson),
  fees: (state) => json(state.feesJson),
};

const PRIVATE_HANDLERS: Partial<Record<EndpointName, { handle: PrivateHandler; permission: Permission; b2bOnly?: boolean }>> = {
  balance: { handle: balance, permission: 'read' },
  codes: { handle: myCodes, permission: 'read' },
  positions: { handle: openPositions, permission: 'read' },
  history: { handle: history, permission: 'read' },
  withdrawPay: { handle: withdrawPay, permission: 'withdraw' },
  travelRuleVasps: { handle: travelRuleVasps, permission: 'read' },
  flexPlans: { handle: flexPlans, permission: 'read', b2bOnly: true },
  flexInvestments: { handle: flexInvestments, permission: 'read', b2bOnly: true },
  flexInvest: { handle: flexInvest, permission: 'invest', b2bOnly: true },
};

export function buildRoutes(): Map<string, Route> {
  const routes = new Map<string, Route>();
  for (const [name, spec] of Object.entries(ENDPOINTS) as [EndpointName, EndpointSpec<z.ZodType, z.ZodType>][]) {
    if (spec.auth === 'public') {
      const handle = PUBLIC_HANDLERS[name];
      if (!handle) throw new Error(`simulator has no handler for public endpoint ${name}`);
      routes.set(spec.path, { kind: 'public', name, spec, handle });
    } else {
      const entry = PRIVATE_HANDLERS[name];
      if (!entry) throw new Error(`simulator has no handler for private endpoint ${name}`);
      routes.set(spec.path, { kind: 'private', name, spec, permission: entry.permission, b2bOnly: entry.b2bOnly ?? false, handle: entry.handle });
    }
  }
  return routes;
}
