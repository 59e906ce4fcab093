/**
 * The exchange client: one generic `call(name, request)` engine driven by the ENDPOINTS table
 * (validate -> rate-limit -> sign -> send -> classify/validate -> maybe retry), and thin methods
 * that adapt a few answers (ping latency, flex transaction id). The API secret lives only in this
 * closure: it is never stored on an object, logged, or put in an error.
 */
import type { z } from 'zod';
import { ENDPOINTS, type EndpointName, type RateLimitScope, type RequestOf, type ResponseOf } from '../../../shared/api/endpoints';
import type {
  AssetsResponse,
  BalanceResponse,
  CodesHistoryResponse,
  CodesResponse,
  FeesResponse,
  FlexInvestmentsResponse,
  FlexPlansResponse,
  HistoryResponse,
  PositionsResponse,
} from '../../../shared/api/schemas';
import { AppFailure, type AppError } from '../../../shared/errors';
import { interpretAnswer, isNonceRejection, type RawAnswer } from './classify';
import { attemptsTimedOutFailure, cancelledFailure, deadlineFailure, exchangeRateLimitedFailure, heldBackFailure, isCancellation, missingCredentialsFailure, scrubError } from './failures';
import { MAX_NONCE_LEAD_MS, type WallClock } from './nonce';
import { reserveAll } from './rate-limiter';
import { backoffCeilingMs, backoffDelayMs, READ_RETRY_BACKOFF } from './backoff';
import { isTransient } from './retry';
import { signBody, signingKeyOf, SIGNING_HEADERS } from '../../protocol/signing';
import type { CallObserver } from './outcomes';
import type { ExchangeRuntime } from './runtime';
import { interpretOffThread, isLargeAnswer } from './parseOffThread';
import { responseCapFor } from './responseCaps';
import { DEFAULT_MAX_RESPONSE_BYTES, parseTarget, send, type OutgoingRequest, type Target } from './transport';
import { fieldsFromIssues, summarise } from '../../router/issues';

export interface ExchangeCredentials {
  apiKey: string;
  apiSecret: string;
}

export interface ExchangeLogger {
  warn(message: string, meta?: object): void;
  info?(message: string, meta?: object): void;
}

/** Waits `ms`; rejects (with the cancellation failure) when `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface ExchangeClientOptions {
  /** REGIONS.global / REGIONS.eu from shared/api/endpoints.ts, or a custom http(s) URL. */
  baseUrl: string;
  /** Needed for private endpoints. */
  credentials?: ExchangeCredentials;
  /** Per attempt; default 15 000. */
  timeoutMs?: number;
  /** Per call, all attempts, back-off and rate-limit waits included; default 45 000. */
  deadlineMs?: number;
  /** Retries after the first attempt, for reads only; default 3. */
  maxRetries?: number;
  /** Client-side per-scope limiting, shared process-wide per baseUrl; default true. */
  rateLimit?: boolean;
  /** Receives retry notices; never receives secrets. */
  logger?: ExchangeLogger;
  /** Test seam: how to wait (backoff, rate limit, nonce lead). */
  sleep?: Sleep;
  /** Test seam: wall clock in ms for nonces and Retry-After dates (default Date.now). */
  now?: WallClock;
  /** Test seam: randomness for backoff jitter, in [0, 1). */
  random?: () => number;
  /** Answers larger than this are refused as bad_response; default 16 MiB. */
  maxResponseBytes?: number;
  /**
   * Connections, rate limiters and nonce sequences shared with the other clients of one core, and
   * released by its close(). The core creates one; tests create their own.
   */
  runtime: ExchangeRuntime;
  /** Hears every attempt's outcome (connection status); gets no request data. */
  observer?: CallObserver;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Per attempt; overrides the client's timeoutMs. */
  timeoutMs?: number;
  /** The whole call; overrides the client's deadlineMs. */
  deadlineMs?: number;
}

export interface ExchangeClient {
  ping(o?: CallOptions): Promise<{ latencyMs: number }>;
  /** Unix seconds. */
  serverTime(o?: CallOptions): Promise<number>;
  assets(o?: CallOptions): Promise<AssetsResponse>;
  fees(o?: CallOptions): Promise<FeesResponse>;
  balance(req?: RequestOf<'balance'>, o?: CallOptions): Promise<BalanceResponse>;
  codes(req?: RequestOf<'codes'>, o?: CallOptions): Promise<CodesResponse>;
  /** The codes history: created codes with a negative amount, applied ones with a positive one. */
  codesHistory(req?: RequestOf<'codesHistory'>, o?: CallOptions): Promise<CodesHistoryResponse>;
  positions(req?: RequestOf<'positions'>, o?: CallOptions): Promise<PositionsResponse>;
  /** Sent exactly once, NEVER retried: check history by uniqueId after an unclear failure. */
  withdrawPay(req: RequestOf<'withdrawPay'>, o?: CallOptions): Promise<void>;
  /** Asks withdraw-pay with an empty request (it can never move money); see ENDPOINTS.withdrawAccessProbe. */
  probeWithdrawAccess(o?: CallOptions): Promise<void>;
  history(req: RequestOf<'history'>, o?: CallOptions): Promise<HistoryResponse>;
  /** Travel Rule VASP list (EEA accounts); 422 where the exchange has none for the region. */
  travelRuleVasps(o?: CallOptions): Promise<ResponseOf<'travelRuleVasps'>>;
  flexPlans(req?: RequestOf<'flexPlans'>, o?: CallOptions): Promise<FlexPlansResponse>;
  /** Sent exactly once, NEVER retried. */
  flexInvest(req: RequestOf<'flexInvest'>, o?: CallOptions): Promise<{ transactionId: string }>;
  flexInvestments(req?: RequestOf<'flexInvestments'>, o?: CallOptions): Promise<FlexInvestmentsResponse>;
  /** Every market's last price and 24 h change, keyed by market. */
  ticker(o?: CallOptions): Promise<ResponseOf<'ticker'>>;
  markets(o?: CallOptions): Promise<ResponseOf<'markets'>>;
  /** 451 (`reason: 'region_unavailable'`) where futures are not offered: callers treat it as a state. */
  futures(o?: CallOptions): Promise<ResponseOf<'futures'>>;
  /** 451 where margin trading is not offered. */
  collateralMarkets(o?: CallOptions): Promise<ResponseOf<'collateralMarkets'>>;
  tradeBalance(req?: RequestOf<'tradeBalance'>, o?: CallOptions): Promise<ResponseOf<'tradeBalance'>>;
  /** Sent by the exchange as JSON numbers; read losslessly into decimal strings. */
  collateralBalance(req?: RequestOf<'collateralBalance'>, o?: CallOptions): Promise<ResponseOf<'collateralBalance'>>;
  collateralSummary(o?: CallOptions): Promise<ResponseOf<'collateralSummary'>>;
  /** A token for the WebSocket's `authorize` (docs/exchange-api.md "WebSocket"): one per connection. */
  websocketToken(o?: CallOptions): Promise<string>;
  /** The exchange's WebSocket address on the same host: wss://host/ws (ws:// for a plain-HTTP simulator). */
  websocketUrl(): string;
  /** Events of closed and changed collateral positions, newest first. */
  positionsHistory(req?: RequestOf<'positionsHistory'>, o?: CallOptions): Promise<ResponseOf<'positionsHistory'>>;
  /** Fiat and non-depositable assets are refused by the exchange ("Currency is not depositable"). */
  depositAddress(req: RequestOf<'depositAddress'>, o?: CallOptions): Promise<ResponseOf<'depositAddress'>>;
  /** The key's own deposit and withdrawal terms per currency. */
  accountFees(o?: CallOptions): Promise<ResponseOf<'mainAccountFees'>>;
  subAccountList(req?: RequestOf<'subAccountList'>, o?: CallOptions): Promise<ResponseOf<'subAccountList'>>;
  /** 422 "Account is not confirmed" for a sub-account that is not confirmed. */
  subAccountBalances(req: RequestOf<'subAccountBalances'>, o?: CallOptions): Promise<ResponseOf<'subAccountBalances'>>;
}

/**
 * The exchange's WebSocket lives on the api. host of its web address (whitebit.com ->
 * wss://api.whitebit.com/ws, docs/exchange-api.md "WebSocket"); any other base URL (the simulator,
 * a proxy) serves /ws itself.
 */
function websocketUrlFor(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.hostname === 'whitebit.com' || url.hostname === 'whitebit.eu') url.hostname = `api.${url.hostname}`;
  url.protocol = url.protocol === 'http:' ? 'ws:' : 'wss:';
  url.pathname = '/ws';
  url.search = '';
  return url.toString();
}

export const DEFAULT_TIMEOUT_MS = 15_000;
/**
 * The whole call, every attempt and wait included. It ends well before the renderer's 60 s bridge
 * timeout (renderer/api/bridge.ts), so the page hears the real reason, not its own timeout.
 */
export const DEFAULT_DEADLINE_MS = 45_000;
const DEFAULT_MAX_RETRIES = 3;
/** A request that would wait longer than this for the client-side limiter fails instead. */
const MAX_RATE_LIMIT_WAIT_MS = 60_000;
/** The clock measurement before the first signed request must not hold it up for long. */
const CLOCK_MEASURE_TIMEOUT_MS = 5_000;

const MAX_TIMEOUT_MS = 10 * 60_000;
const PUBLIC_HEADERS = Object.freeze({ Accept: 'application/json' });
const EMPTY: readonly string[] = Object.freeze([]);

/** Extra body fields some endpoints need on the wire (docs/exchange-api.md). */
const WIRE_EXTRAS: Partial<Record<EndpointName, (params: Record<string, unknown>) => Record<string, unknown>>> = {
  // The exchange's docs name the field `plan`, its CLI sends `planId`: send both, same value.
  flexInvest: (params) => ({ ...params, plan: params.planId }),
};

const defaultSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelledFailure(signal.reason));
      return;
    }
    if (ms <= 0) {
      resolve();
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelledFailure(signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

function invalidOption(field: string, problem: string): AppFailure {
  return new AppFailure({ kind: 'validation', message: `The exchange connection settings are not valid: ${field} ${problem}.`, fields: { [field]: [problem] } });
}

function validationFromIssues(issues: readonly z.core.$ZodIssue[]): AppFailure {
  const fields = fieldsFromIssues(issues);
  return new AppFailure({ kind: 'validation', message: summarise(fields), fields });
}

/** What is left of a call's deadline. */
function msLeft(startedAt: number, deadlineMs: number): number {
  return startedAt + deadlineMs - performance.now();
}

function checkedTimeout(value: number | undefined, fallback: number, field: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0 || value > MAX_TIMEOUT_MS) throw invalidOption(field, `must be between 1 and ${MAX_TIMEOUT_MS} ms`);
  return value;
}

export function createExchangeClient(options: ExchangeClientOptions): ExchangeClient {
  let target: Target;
  try {
    target = parseTarget(options.baseUrl);
  } catch (error) {
    throw invalidOption('baseUrl', error instanceof RangeError ? error.message : 'is not valid');
  }
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const defaultTimeoutMs = checkedTimeout(options.timeoutMs, DEFAULT_TIMEOUT_MS, 'timeoutMs');
  const defaultDeadlineMs = checkedTimeout(options.deadlineMs, DEFAULT_DEADLINE_MS, 'deadlineMs');
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  if (!Number.isInteger(maxRetries) || maxRetries < 0 || maxRetries > 10) throw invalidOption('maxRetries', 'must be a whole number from 0 to 10');
  const rateLimit = options.rateLimit ?? true;
  const logger = options.logger;
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const observer = options.observer;

  // Copied out of the options object so that nothing the caller keeps or prints holds them here.
  let apiKey: string | undefined;
  let apiSecret: string | undefined;
  if (options.credentials) {
    apiKey = options.credentials.apiKey;
    apiSecret = options.credentials.apiSecret;
    if (typeof apiKey !== 'string' || !/^[\x21-\x7e]{1,256}$/.test(apiKey)) throw invalidOption('apiKey', 'must be 1-256 visible characters');
    if (typeof apiSecret !== 'string' || apiSecret.length === 0 || apiSecret.length > 1024) throw invalidOption('apiSecret', 'must be 1-1024 characters');
  }
  // The same secret as a key object, made once: signing then skips re-reading it per request.
  const signingKey = apiSecret === undefined ? undefined : signingKeyOf(apiSecret);
  const runtime = options.runtime;
  const nonces = apiKey === undefined ? undefined : runtime.nonces.sequenceFor(apiKey);
  const clock = runtime.nonces.clockFor(baseUrl, now);
  const buckets = (endpoint: { path: string; scope: RateLimitScope }) => runtime.limits.bucketsFor(baseUrl, endpoint);
  const pool = runtime.connections;

  const paths = new Map<EndpointName, string>();
  const pathOf = (name: EndpointName): string => {
    let path = paths.get(name);
    if (path === undefined) {
      path = target.pathPrefix + ENDPOINTS[name].path;
      paths.set(name, path);
    }
    return path;
  };

  function fetchServerSeconds(): Promise<number> {
    return call('time', undefined, { timeoutMs: Math.min(CLOCK_MEASURE_TIMEOUT_MS, defaultTimeoutMs) }, 0).then((r) => r.time);
  }

  /** Waits for the first clock measurement; a caller's abort ends only that caller's wait. */
  function waitForClock(pending: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
    if (!signal) return pending;
    // The measurement is shared by every waiting request, so one caller's abort must not end it.
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(cancelledFailure(signal.reason));
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      void pending.then(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      });
    });
  }

  /** The HTTP request for one attempt of a private call; every attempt is signed with a new nonce. */
  function signedRequest(name: EndpointName, params: Record<string, unknown>, timeoutMs: number, signal: AbortSignal | undefined) {
    const nonce = nonces!.next(clock.correctedNow());
    const wire = WIRE_EXTRAS[name]?.(params) ?? params;
    const signed = signBody(signingKey!, JSON.stringify({ request: ENDPOINTS[name].path, nonce, nonceWindow: true, ...wire }));
    const request: OutgoingRequest = {
      method: 'POST',
      path: pathOf(name),
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        [SIGNING_HEADERS.apiKey]: apiKey!,
        [SIGNING_HEADERS.payload]: signed.payload,
        [SIGNING_HEADERS.signature]: signed.signature,
      },
      body: signed.body,
      timeoutMs,
      signal,
      freshConnection: ENDPOINTS[name].retry === 'never',
    };
    return {
      request,
      // Above ~1000 signed requests/s per key the sequence outruns the clock; the caller lets
      // time catch up rather than leave the exchange's +-5 s window.
      aheadMs: nonce - clock.correctedNow() - MAX_NONCE_LEAD_MS,
      sensitive: [apiSecret!, signed.signature, signed.payload],
    };
  }

  /** Reserves a slot in every bucket the endpoint draws from; returns how long to wait (0 = go). */
  function rateLimitWaitMs(name: EndpointName, maxWaitMs: number): number {
    const { waitMs, reserved } = reserveAll(buckets(ENDPOINTS[name]).all, performance.now(), maxWaitMs);
    if (!reserved) throw heldBackFailure(waitMs);
    return waitMs;
  }

  /** Arguments checked once per call; `{}` (no arguments) is parsed once per endpoint and reused. */
  const parsedWithoutArguments = new Map<EndpointName, Record<string, unknown>>();
  function checkedParams(name: EndpointName, request: unknown): Record<string, unknown> {
    if (request === undefined) {
      const cached = parsedWithoutArguments.get(name);
      if (cached) return cached;
    }
    const checked = ENDPOINTS[name].request.safeParse(request ?? {});
    if (!checked.success) throw validationFromIssues(checked.error.issues);
    // Frozen: the same object serves every call without arguments, and nothing may change it.
    const params = Object.freeze(checked.data as Record<string, unknown>);
    if (request === undefined) parsedWithoutArguments.set(name, params);
    return params;
  }

  /**
   * The engine: validate, then per attempt limit -> sign -> send -> classify, retrying reads.
   * The hot path (limiter off or free, clock measured) awaits nothing but the HTTP exchange.
   */
  async function call<N extends EndpointName>(name: N, request: unknown, o?: CallOptions, retriesOverride?: number): Promise<ResponseOf<N>> {
    const spec = ENDPOINTS[name];
    const params = checkedParams(name, request);
    if (spec.auth === 'private' && (apiKey === undefined || apiSecret === undefined)) throw missingCredentialsFailure();
    const timeoutMs = o?.timeoutMs === undefined ? defaultTimeoutMs : checkedTimeout(o.timeoutMs, defaultTimeoutMs, 'timeoutMs');
    const deadlineMs = o?.deadlineMs === undefined ? defaultDeadlineMs : checkedTimeout(o.deadlineMs, defaultDeadlineMs, 'deadlineMs');
    const signal = o?.signal;
    if (signal?.aborted) throw cancelledFailure(signal.reason);
    const startedAt = performance.now();

    const retries = spec.retry === 'read' ? (retriesOverride ?? maxRetries) : 0;
    let nonceResyncUsed = false;
    for (let attemptIndex = 0; ; attemptIndex++) {
      let error: AppError;
      let attemptClipped = false;
      try {
        if (msLeft(startedAt, deadlineMs) <= 0) throw deadlineFailure(deadlineMs);
        if (rateLimit) {
          const wait = rateLimitWaitMs(name, Math.min(MAX_RATE_LIMIT_WAIT_MS, msLeft(startedAt, deadlineMs)));
          if (wait > 0) await sleep(wait, signal);
        }
        let answer: RawAnswer;
        let sensitive: readonly string[] = EMPTY;
        if (spec.auth === 'private') {
          const measuring = clock.ready(fetchServerSeconds);
          if (measuring) await waitForClock(measuring, signal);
          if (msLeft(startedAt, deadlineMs) <= 0) throw deadlineFailure(deadlineMs);
          const attemptTimeoutMs = Math.min(timeoutMs, Math.ceil(msLeft(startedAt, deadlineMs)));
          attemptClipped = attemptTimeoutMs < timeoutMs;
          const signed = signedRequest(name, params, attemptTimeoutMs, signal);
          if (signed.aheadMs > 0) await sleep(signed.aheadMs, signal);
          sensitive = signed.sensitive;
          answer = await send(target, signed.request, responseCapFor(name, maxResponseBytes), pool);
        } else {
          const attemptTimeoutMs = Math.min(timeoutMs, Math.ceil(msLeft(startedAt, deadlineMs)));
          attemptClipped = attemptTimeoutMs < timeoutMs;
          answer = await send(target, { method: 'GET', path: pathOf(name), headers: PUBLIC_HEADERS, timeoutMs: attemptTimeoutMs, signal }, responseCapFor(name, maxResponseBytes), pool);
        }
        // Megabytes are read in a worker so the main thread never stalls (parseOffThread.ts).
        const result = isLargeAnswer(answer) ? await interpretOffThread(name, answer, now()) : interpretAnswer(answer, spec.response, now());
        if (result.ok) {
          observer?.({ type: 'success', auth: spec.auth });
          return result.data as ResponseOf<N>;
        }
        error = scrubError(result.error, sensitive.length > 0 ? sensitive : apiSecret ? [apiSecret] : EMPTY);
      } catch (thrown) {
        if (!(thrown instanceof AppFailure)) {
          logger?.warn('Unexpected error inside the exchange client', { endpoint: name, error: thrown instanceof Error ? thrown.name : typeof thrown });
          throw new AppFailure({ kind: 'internal', message: 'The exchange request failed inside the app. Details are in the log.' });
        }
        if (isCancellation(thrown)) throw thrown;
        error = thrown.error;
        if (error.reason === 'deadline') throw thrown;
        // The attempt was cut short to keep the call's deadline: say the deadline, not the cut.
        if (error.kind === 'timeout' && attemptClipped) {
          observer?.({ type: 'failure', auth: spec.auth, error, retry: null });
          throw deadlineFailure(deadlineMs);
        }
      }

      if (isNonceRejection(error)) {
        clock.markStale();
        // The exchange refused the request before doing anything, so one resigned read is safe.
        if (spec.retry === 'read' && !nonceResyncUsed) {
          nonceResyncUsed = true;
          logger?.warn('Exchange refused a nonce; re-measuring its clock and retrying once', { endpoint: name, status: error.status });
          attemptIndex--;
          continue;
        }
      }

      // The client's own limiter refusing to queue longer: retrying would only queue again.
      if (error.kind === 'rate_limited' && error.status === undefined) throw new AppFailure(error);

      // The exchange's Retry-After, capped at the docs' back-off cap: an hour asked for by a proxy or
      // a confused gateway must not block the account for an hour.
      const exchangeRetryAfterMs = error.status !== undefined && error.retryAfterMs !== undefined ? Math.min(error.retryAfterMs, READ_RETRY_BACKOFF.capMs) : undefined;
      if (error.kind === 'rate_limited') {
        const waitMs = exchangeRetryAfterMs ?? backoffCeilingMs(attemptIndex, READ_RETRY_BACKOFF);
        error = { ...error, retryAfterMs: waitMs };
        if (rateLimit) buckets(spec).limited.pauseUntil(performance.now() + waitMs);
      } else if (exchangeRetryAfterMs !== undefined) {
        error = { ...error, retryAfterMs: exchangeRetryAfterMs };
      }

      // Honour the exchange's own Retry-After when it gave one; full-jitter backoff otherwise.
      const delayMs = exchangeRetryAfterMs ?? backoffDelayMs(attemptIndex, READ_RETRY_BACKOFF, random);
      // A wait that would pass the deadline is not worth starting: the last answer stands.
      const givingUp = attemptIndex >= retries || !isTransient(error) || delayMs >= msLeft(startedAt, deadlineMs);
      observer?.({ type: 'failure', auth: spec.auth, error, retry: givingUp ? null : { attempt: attemptIndex + 1, of: retries } });
      if (givingUp) {
        if (error.kind === 'rate_limited' && error.status !== undefined) throw exchangeRateLimitedFailure(error, error.retryAfterMs!);
        // The last attempt timed out with nothing of the deadline left: the deadline is what ended it.
        if (error.kind === 'timeout' && msLeft(startedAt, deadlineMs) <= 0) throw deadlineFailure(deadlineMs);
        if (error.kind === 'timeout' && attemptIndex > 0) throw attemptsTimedOutFailure(performance.now() - startedAt, attemptIndex + 1);
        throw new AppFailure(error);
      }

      logger?.warn(`Retrying ${name} after a ${error.kind} failure`, {
        endpoint: name,
        kind: error.kind,
        status: error.status,
        attempt: attemptIndex + 1,
        of: retries + 1,
        delayMs,
      });
      await sleep(delayMs, signal);
    }
  }

  const client: ExchangeClient = {
    async ping(o) {
      const started = performance.now();
      await call('ping', undefined, o);
      return { latencyMs: Math.round(performance.now() - started) };
    },
    serverTime: async (o) => (await call('time', undefined, o)).time,
    assets: (o) => call('assets', undefined, o),
    fees: (o) => call('fees', undefined, o),
    balance: (req, o) => call('balance', req, o),
    codes: (req, o) => call('codes', req, o),
    codesHistory: (req, o) => call('codesHistory', req, o),
    positions: (req, o) => call('positions', req, o),
    async withdrawPay(req, o) {
      await call('withdrawPay', req, o);
    },
    async probeWithdrawAccess(o) {
      await call('withdrawAccessProbe', {}, o);
    },
    history: (req, o) => call('history', req, o),
    travelRuleVasps: (o) => call('travelRuleVasps', undefined, o),
    flexPlans: (req, o) => call('flexPlans', req, o),
    // The schema folds both documented spellings (transaction_id, transactionId) into one.
    flexInvest: (req, o) => call('flexInvest', req, o),
    flexInvestments: (req, o) => call('flexInvestments', req, o),
    ticker: (o) => call('ticker', undefined, o),
    markets: (o) => call('markets', undefined, o),
    futures: (o) => call('futures', undefined, o),
    collateralMarkets: (o) => call('collateralMarkets', undefined, o),
    tradeBalance: (req, o) => call('tradeBalance', req, o),
    collateralBalance: (req, o) => call('collateralBalance', req, o),
    collateralSummary: (o) => call('collateralSummary', undefined, o),
    websocketToken: async (o) => (await call('websocketToken', undefined, o)).websocket_token,
    websocketUrl: () => websocketUrlFor(baseUrl),
    positionsHistory: (req, o) => call('positionsHistory', req, o),
    depositAddress: (req, o) => call('depositAddress', req, o),
    accountFees: (o) => call('mainAccountFees', undefined, o),
    subAccountList: (req, o) => call('subAccountList', req, o),
    subAccountBalances: (req, o) => call('subAccountBalances', req, o),
  };
  return Object.freeze(client);
}
