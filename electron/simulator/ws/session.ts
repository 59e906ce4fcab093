/**
 * One client connection to the simulator's WebSocket: its JSON-RPC requests, its subscriptions and
 * what it was last sent, so incremental channels send only changes (docs/exchange-api.md "WebSocket").
 */
import type { WebSocket } from 'ws';
import { FixedWindowCounter } from '../rateLimit';
import type { LiquidationState } from '../model';
import type { AccountState } from '../accountState';
import type { SimulatorState } from '../state';
import type { WsTokenStore } from './tokens';
import { answer, failure, marginBalance, marketStats, openPositionsOf, positionWire, spotBalance, update, WS_ERROR } from './wire';

export interface SessionOptions {
  /** The server closes a connection after this long without a client message (documented 60 s). */
  idleMs: number;
  /** Requests one connection may make per minute (documented 200). */
  requestsPerMinute: number;
  /** A client that does not read its frames is dropped past this many buffered bytes. */
  maxBufferedBytes: number;
}

/** How a test harness may disturb a connection (controls/stream.ts); the Demo's simulator has none. */
export interface SessionGate {
  /** true: answer nothing and push nothing (a hung server). */
  silenced(): boolean;
  /** true: `authorize` fails whatever the token. */
  refusesTokens(): boolean;
  /** true: answer this request with error 7 (too many requests) whatever the budget says. */
  throttles(session: WsSession): boolean;
}

export const OPEN_GATE: SessionGate = { silenced: () => false, refusesTokens: () => false, throttles: () => false };

/** `market` statistics are documented for the 24-hour period only. */
const MARKET_PERIOD = 86_400;
const BALANCE_MARGIN_EVERY_MS = 1_500;
const SUCCESS = { status: 'success' } as const;

interface Request {
  id: number | null;
  method: string;
  params: unknown[];
}

/** What one tick's snapshots cost is shared by every connection of the same account. */
export type TickCache = Map<string, string>;

function readRequest(value: unknown): Request | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const id = typeof v.id === 'number' && Number.isInteger(v.id) ? v.id : null;
  if (typeof v.method !== 'string' || !Array.isArray(v.params)) return { id, method: '', params: [] };
  return { id, method: v.method, params: v.params as unknown[] };
}

const isStringList = (params: unknown[]): params is string[] => params.every((p) => typeof p === 'string');

export class WsSession {
  private account: AccountState | null = null;
  private lastprice: string[] = [];
  private market: string[] = [];
  private positionsMargin = false;
  private accountMargin: Map<number, LiquidationState> | null = null;
  private spot: { tickers: string[]; sent: Map<string, string> } | null = null;
  private margin: { tickers: string[]; sent: Map<string, string>; lastSentMs: number } | null = null;
  private readonly requests: FixedWindowCounter;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ws: WebSocket,
    private readonly state: SimulatorState,
    private readonly tokens: WsTokenStore,
    private readonly gate: SessionGate,
    private readonly options: SessionOptions,
  ) {
    this.requests = new FixedWindowCounter(options.requestsPerMinute, 60_000);
    this.armIdle();
    ws.on('message', (data: Buffer) => this.onMessage(data));
    ws.on('close', () => this.stop());
  }

  stop(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  send(message: unknown): void {
    this.sendRaw(JSON.stringify(message));
  }

  sendRaw(text: string): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > this.options.maxBufferedBytes) {
      this.ws.terminate();
      return;
    }
    this.ws.send(text);
  }

  /** Pushes what the subscriptions owe at this moment. */
  tick(nowMs: number, cache: TickCache): void {
    if (this.gate.silenced()) return;
    for (const market of this.lastprice) this.sendRaw(this.lastpriceUpdate(market));
    for (const market of this.market) this.send(update('market_update', [market, marketStats(this.state, market, MARKET_PERIOD)]));
    const account = this.account;
    if (!account) return;
    if (this.positionsMargin) {
      let text = cache.get(account.apiKey);
      if (text === undefined) {
        const records = openPositionsOf(this.state, account, nowMs).map((p) => positionWire(p, account));
        text = JSON.stringify(update('positionsMargin_update', { total: records.length, records }));
        cache.set(account.apiKey, text);
      }
      this.sendRaw(text);
    }
    if (this.accountMargin) this.sendStateChanges(account, this.accountMargin, nowMs);
    if (this.spot) this.sendSpotChanges(account, this.spot);
    if (this.margin && nowMs - this.margin.lastSentMs >= BALANCE_MARGIN_EVERY_MS - 100) this.sendMarginChanges(account, this.margin, nowMs);
  }

  private lastpriceUpdate(market: string): string {
    return JSON.stringify(update('lastprice_update', [market, this.state.prices.price(market) ?? '0']));
  }

  private armIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.ws.close(1000, 'idle'), this.options.idleMs);
  }

  private onMessage(data: Buffer): void {
    this.armIdle();
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString('utf8'));
    } catch {
      // Documented: invalid JSON closes the connection at once.
      this.ws.close(1003, 'invalid json');
      return;
    }
    const request = readRequest(parsed);
    const nowMs = Date.now();
    if (this.gate.silenced()) return;
    if (!request) return this.send(failure(null, WS_ERROR.invalidArgument));
    if (this.gate.throttles(this) || !this.requests.hit(nowMs).ok) {
      return this.send(failure(request.id, WS_ERROR.tooManyRequests));
    }
    const reply = this.dispatch(request, nowMs);
    if (reply !== undefined) this.send(reply);
  }

  private dispatch(request: Request, nowMs: number): unknown {
    const { id: requestId, method, params } = request;
    const id = requestId ?? 0;
    const bad = () => failure(requestId, WS_ERROR.invalidArgument);
    const ok = () => answer(id, SUCCESS);
    const [channel] = method.split('_');
    if (channel && PRIVATE_CHANNELS.has(channel) && !this.account) return failure(requestId, WS_ERROR.requireAuth);
    const account = this.account!;

    switch (method) {
      case 'ping':
        return answer(id, 'pong');
      case 'time':
        return answer(id, Math.floor(nowMs / 1000));
      case 'authorize': {
        const [token, scope] = params;
        if (typeof token !== 'string' || scope !== 'public' || this.gate.refusesTokens()) return bad();
        const apiKey = this.tokens.redeem(token, nowMs);
        const owner = apiKey === undefined ? undefined : this.state.account(apiKey);
        if (!owner || !owner.enabled) return bad();
        this.account = owner;
        return ok();
      }
      case 'lastprice_subscribe':
      case 'market_subscribe': {
        if (!isStringList(params) || !params.every((m) => this.state.prices.price(m) !== undefined)) return bad();
        // Documented: subscribing again replaces the channel's list.
        if (method === 'lastprice_subscribe') this.lastprice = [...new Set(params)];
        else this.market = [...new Set(params)];
        return ok();
      }
      case 'lastprice_unsubscribe':
        this.lastprice = [];
        return ok();
      case 'market_unsubscribe':
        this.market = [];
        return ok();
      case 'lastprice_request': {
        const price = typeof params[0] === 'string' ? this.state.prices.price(params[0]) : undefined;
        if (price === undefined || params.length !== 1) return bad();
        this.state.prices.advanceTo(nowMs);
        return answer(id, this.state.prices.price(params[0] as string));
      }
      case 'market_request': {
        const [market, period] = params;
        if (typeof market !== 'string' || this.state.prices.price(market) === undefined) return bad();
        if (period !== undefined && (typeof period !== 'number' || !Number.isInteger(period) || period <= 0)) return bad();
        this.state.prices.advanceTo(nowMs);
        return answer(id, marketStats(this.state, market, typeof period === 'number' ? period : MARKET_PERIOD));
      }
      case 'positionsMargin_subscribe':
        this.positionsMargin = true;
        return ok();
      case 'positionsMargin_unsubscribe':
        this.positionsMargin = false;
        return ok();
      case 'positionsAccountMargin_subscribe':
        this.accountMargin = new Map(openPositionsOf(this.state, account, nowMs).map((p) => [p.positionId, p.liquidationState]));
        return ok();
      case 'positionsAccountMargin_unsubscribe':
        this.accountMargin = null;
        return ok();
      case 'balanceSpot_subscribe':
      case 'balanceMargin_subscribe': {
        if (!isStringList(params) || !params.every((t) => this.state.catalogue.specs.has(t))) return bad();
        const tickers = [...new Set(params)];
        if (method === 'balanceSpot_subscribe') this.spot = { tickers, sent: new Map() };
        else this.margin = { tickers, sent: new Map(), lastSentMs: 0 };
        this.send(ok());
        // The current values first, then only changes.
        if (this.spot && method === 'balanceSpot_subscribe') this.sendSpotChanges(account, this.spot);
        if (this.margin && method === 'balanceMargin_subscribe') this.sendMarginChanges(account, this.margin, nowMs);
        return undefined;
      }
      case 'balanceSpot_unsubscribe':
        this.spot = null;
        return ok();
      case 'balanceMargin_unsubscribe':
        this.margin = null;
        return ok();
      case 'balanceSpot_request':
      case 'balanceMargin_request': {
        if (!isStringList(params) || !params.every((t) => this.state.catalogue.specs.has(t))) return bad();
        const spotSide = method === 'balanceSpot_request';
        const held = spotSide ? [...account.tradeBalances.keys()] : [...account.collateralBalances.keys()];
        const tickers = params.length > 0 ? params : held;
        return answer(id, Object.fromEntries(tickers.map((t) => [t, spotSide ? spotBalance(account, t) : marginBalance(account, t)])));
      }
      default:
        return failure(requestId, WS_ERROR.methodNotFound);
    }
  }

  private sendStateChanges(account: AccountState, seen: Map<number, LiquidationState>, nowMs: number): void {
    for (const p of openPositionsOf(this.state, account, nowMs)) {
      const before = seen.has(p.positionId) ? seen.get(p.positionId) : p.liquidationState;
      seen.set(p.positionId, p.liquidationState);
      if (before === p.liquidationState) continue;
      // Events exist for entering margin call (1) and liquidation (2); a recovery has none.
      if (p.liquidationState === 'margin_call') this.send(update('positionsAccountMargin_update', [1, positionWire(p, account)]));
      if (p.liquidationState === 'liquidation') this.send(update('positionsAccountMargin_update', [2, positionWire(p, account)]));
    }
  }

  private sendSpotChanges(account: AccountState, spot: { tickers: string[]; sent: Map<string, string> }): void {
    const changed: Record<string, { available: string; freeze: string }> = {};
    let any = false;
    for (const ticker of spot.tickers) {
      const value = spotBalance(account, ticker);
      const key = `${value.available}|${value.freeze}`;
      if (spot.sent.get(ticker) === key) continue;
      spot.sent.set(ticker, key);
      changed[ticker] = value;
      any = true;
    }
    if (any) this.send(update('balanceSpot_update', [changed]));
  }

  private sendMarginChanges(account: AccountState, margin: { tickers: string[]; sent: Map<string, string>; lastSentMs: number }, nowMs: number): void {
    const changed = [];
    for (const ticker of margin.tickers) {
      const value = marginBalance(account, ticker);
      if (margin.sent.get(ticker) === value.balance) continue;
      margin.sent.set(ticker, value.balance);
      changed.push({ a: ticker, B: value.balance, b: value.borrow, av: value.available_without_borrow, ab: value.available_with_borrow });
    }
    margin.lastSentMs = nowMs;
    if (changed.length > 0) this.send(update('balanceMargin_update', changed));
  }
}

const PRIVATE_CHANNELS: ReadonlySet<string> = new Set(['positionsMargin', 'positionsAccountMargin', 'balanceSpot', 'balanceMargin']);
