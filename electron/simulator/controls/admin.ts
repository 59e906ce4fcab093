/**
 * The admin API under /__admin/, for tests and demos to steer the simulator. Guarded by its own
 * random token (header X-Admin-Token); API keys play no part here, so no exchange credential can
 * ever reach it. Answers are JSON; errors are {"error": "..."}.
 *
 *   POST   /__admin/faults     {kind, path?, count?, latencyMs?, status?, retryAfterSeconds?} -> the fault
 *   GET    /__admin/faults     active faults
 *   DELETE /__admin/faults     clear all faults
 *   GET    /__admin/ledger?apiKey=...   {balances, debits:[{uniqueId,ticker,amount,fee,total,at,kind}], refunds}
 *   POST   /__admin/balances   {apiKey, ticker, amount}                 set one balance
 *   POST   /__admin/account    {apiKey, twoFactor?, enabled?, b2b?, eea?}  switch account flags
 *   POST   /__admin/plans      {planId, status: active|paused|inactive}  e.g. pause a listed plan
 *   POST   /__admin/positions  {apiKey, positionId, liquidationState}   null | margin_call | liquidation
 *   POST   /__admin/prices     {market, price}                          set a market's price (the walk goes on around it)
 *   POST   /__admin/ticks      {count}                                  step every price walk `count` ticks
 *   POST   /__admin/fees       {ticker, network?, fixed}                set a crypto withdrawal fee (charged and published)
 *   POST   /__admin/region     {futures?, margin?}                      false: /public/futures or /public/collateral/markets answer 451
 *   POST   /__admin/live       {down?, mute?, refuseTokens?, action?: drop|garbage|huge|flood|too_many, bytes?, count?}
 *                               the WebSocket's hostile-stream switches (stream.ts)
 *   POST   /__admin/reset      back to the seed's data (also clears faults and rate counters)
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Reply } from '../http';
import type { LiquidationState } from '../model';
import type { SimulatorState } from '../state';
import { FAULT_BODY_FORMATS, FAULT_KINDS, type FaultBodyFormat, type FaultKind, type FaultRegistry, type FaultSpec } from './faults';
import type { LiveAction, LiveSwitches, StreamControl } from './stream';

/** What the admin API steers. */
export interface AdminTargets {
  state: SimulatorState;
  faults: FaultRegistry;
  stream: StreamControl;
}

export const ADMIN_PREFIX = '/__admin/';
export const ADMIN_TOKEN_HEADER = 'x-admin-token';

const error = (status: number, message: string): Reply => ({ status, body: { error: message } });
const ok = (body: unknown, status = 200): Reply => ({ status, body });

export function adminTokenMatches(expected: string, received: unknown): boolean {
  if (typeof received !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}

function parseJsonObject(raw: Buffer): Record<string, unknown> | null {
  if (raw.length === 0) return {};
  try {
    const value: unknown = JSON.parse(raw.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function optionalInt(body: Record<string, unknown>, field: string, min: number, max: number): number | undefined | string {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) return `${field} must be an integer from ${min} to ${max}`;
  return value;
}

function parseFault(body: Record<string, unknown>, knownPaths: ReadonlySet<string>): FaultSpec | string {
  const kind = body.kind;
  if (typeof kind !== 'string' || !(FAULT_KINDS as readonly string[]).includes(kind)) return `kind must be one of ${FAULT_KINDS.join(', ')}`;
  const spec: FaultSpec = { kind: kind as FaultKind };
  if (body.path !== undefined && body.path !== null) {
    if (typeof body.path !== 'string' || !knownPaths.has(body.path)) return 'path must be one of the API endpoint paths';
    spec.path = body.path;
  }
  if (body.body !== undefined && body.body !== null) {
    if (typeof body.body !== 'string' || !(FAULT_BODY_FORMATS as readonly string[]).includes(body.body)) return `body must be one of ${FAULT_BODY_FORMATS.join(', ')}`;
    spec.body = body.body as FaultBodyFormat;
  }
  const ints: [keyof FaultSpec, number, number][] = [
    ['count', 0, 1_000_000],
    ['latencyMs', 0, 120_000],
    ['status', 400, 599],
    ['retryAfterSeconds', 0, 3600],
  ];
  for (const [field, min, max] of ints) {
    const value = optionalInt(body, field, min, max);
    if (typeof value === 'string') return value;
    if (value !== undefined) (spec as unknown as Record<string, number>)[field] = value;
  }
  return spec;
}

function parseLiveAction(body: Record<string, unknown>): LiveAction | undefined | string {
  const kind = body.action;
  if (kind === undefined || kind === null) return undefined;
  if (kind === 'drop' || kind === 'garbage' || kind === 'too_many') return { kind };
  if (kind === 'huge') {
    const bytes = optionalInt(body, 'bytes', 1, 64 * 1024 * 1024);
    return typeof bytes === 'string' ? bytes : { kind, bytes: bytes ?? 4 * 1024 * 1024 };
  }
  if (kind === 'flood') {
    const count = optionalInt(body, 'count', 1, 100_000);
    return typeof count === 'string' ? count : { kind, count: count ?? 5000 };
  }
  return 'action must be one of drop, garbage, huge, flood, too_many';
}

const LIQUIDATION_STATES: ReadonlySet<unknown> = new Set([null, 'margin_call', 'liquidation']);

export function handleAdmin(
  targets: AdminTargets,
  knownPaths: ReadonlySet<string>,
  req: IncomingMessage,
  path: string,
  query: URLSearchParams,
  raw: Buffer,
): Reply {
  const { state, faults, stream } = targets;
  const method = req.method ?? 'GET';
  const route = path.slice(ADMIN_PREFIX.length);
  const body = method === 'POST' ? parseJsonObject(raw) : {};
  if (body === null) return error(400, 'body must be a JSON object');
  const apiKeyOf = (value: unknown) => (typeof value === 'string' ? state.account(value) : undefined);

  switch (`${method} ${route}`) {
    case 'POST faults': {
      const spec = parseFault(body, knownPaths);
      if (typeof spec === 'string') return error(400, spec);
      return ok(faults.add(spec), 201);
    }
    case 'GET faults':
      return ok(faults.list());
    case 'DELETE faults':
      faults.clear();
      return ok({ cleared: true });
    case 'GET ledger': {
      const apiKey = query.get('apiKey') ?? '';
      if (!state.account(apiKey)) return error(404, 'unknown apiKey');
      return ok(state.ledger(apiKey));
    }
    case 'POST balances': {
      const account = apiKeyOf(body.apiKey);
      if (!account) return error(404, 'unknown apiKey');
      if (typeof body.ticker !== 'string' || typeof body.amount !== 'string') return error(400, 'ticker and amount (decimal string) are required');
      try {
        state.setBalance(account.apiKey, body.ticker, body.amount);
      } catch (e) {
        return error(400, (e as Error).message);
      }
      return ok({ ticker: body.ticker, amount: account.balanceOf(body.ticker) });
    }
    case 'POST account': {
      const account = apiKeyOf(body.apiKey);
      if (!account) return error(404, 'unknown apiKey');
      const flags: { twoFactor?: boolean; enabled?: boolean; b2b?: boolean; eea?: boolean } = {};
      for (const flag of ['twoFactor', 'enabled', 'b2b', 'eea'] as const) {
        const value = body[flag];
        if (value === undefined) continue;
        if (typeof value !== 'boolean') return error(400, `${flag} must be true or false`);
        flags[flag] = value;
      }
      const updated = state.setAccountFlags(account.apiKey, flags);
      return ok({ name: updated.name, twoFactor: updated.twoFactor, enabled: updated.enabled, b2b: updated.b2b, eea: updated.eea });
    }
    case 'POST plans': {
      const status = body.status;
      if (typeof body.planId !== 'string' || (status !== 'active' && status !== 'paused' && status !== 'inactive')) {
        return error(400, 'planId (string) and status ("active", "paused" or "inactive") are required');
      }
      try {
        return ok(state.setPlanStatus(body.planId, status));
      } catch (e) {
        return error(404, (e as Error).message);
      }
    }
    case 'POST positions': {
      const account = apiKeyOf(body.apiKey);
      if (!account) return error(404, 'unknown apiKey');
      if (typeof body.positionId !== 'number' || !LIQUIDATION_STATES.has(body.liquidationState)) {
        return error(400, 'positionId (number) and liquidationState (null, "margin_call" or "liquidation") are required');
      }
      try {
        return ok(state.setLiquidationState(account.apiKey, body.positionId, body.liquidationState as LiquidationState));
      } catch (e) {
        return error(404, (e as Error).message);
      }
    }
    case 'POST prices': {
      if (typeof body.market !== 'string' || typeof body.price !== 'string') return error(400, 'market and price (decimal string) are required');
      const known = state.prices.price(body.market) !== undefined;
      if (!known) return error(404, `no market ${body.market}`);
      try {
        return ok({ market: body.market, price: state.setPrice(body.market, body.price) });
      } catch (e) {
        return error(400, (e as Error).message);
      }
    }
    case 'POST ticks': {
      const count = optionalInt(body, 'count', 1, 1_000_000);
      if (typeof count !== 'number') return error(400, 'count must be an integer from 1 to 1000000');
      state.prices.addTicks(count, Date.now());
      return ok({ prices: Object.fromEntries(state.prices.markets().map((m) => [m.name, state.prices.price(m.name)])) });
    }
    case 'POST fees': {
      if (typeof body.ticker !== 'string' || typeof body.fixed !== 'string' || (body.network !== undefined && typeof body.network !== 'string')) {
        return error(400, 'ticker and fixed (decimal string) are required; network is a string when given');
      }
      try {
        return ok(state.setWithdrawFee(body.ticker, body.network ?? null, body.fixed));
      } catch (e) {
        return error(400, (e as Error).message);
      }
    }
    case 'POST region': {
      for (const flag of ['futures', 'margin'] as const) {
        if (body[flag] !== undefined && typeof body[flag] !== 'boolean') return error(400, `${flag} must be true or false`);
      }
      if (typeof body.futures === 'boolean') state.futuresAvailable = body.futures;
      if (typeof body.margin === 'boolean') state.marginAvailable = body.margin;
      return ok({ futures: state.futuresAvailable, margin: state.marginAvailable });
    }
    case 'POST live': {
      const switches: Partial<LiveSwitches> = {};
      for (const flag of ['down', 'mute', 'refuseTokens'] as const) {
        if (body[flag] === undefined) continue;
        if (typeof body[flag] !== 'boolean') return error(400, `${flag} must be true or false`);
        switches[flag] = body[flag];
      }
      const action = parseLiveAction(body);
      if (typeof action === 'string') return error(400, action);
      const now = stream.set(switches);
      if (action) stream.act(action);
      return ok(now);
    }
    case 'POST reset':
      state.reset();
      faults.clear();
      stream.reset();
      return ok({ reset: true, accounts: state.accounts().map((a) => a.name) });
    default:
      return error(404, `no admin route ${method} ${path}`);
  }
}
