/**
 * The simulator's HTTP server (node:http, no framework). One request goes:
 *   admin?  -> admin API (own token; no faults, no rate limits)
 *   body    -> read up to 64 KiB (413 beyond, in the endpoint's error format)
 *   faults  -> injected latency / failures (faults.ts)
 *   route   -> 404 unknown path, 405 wrong method
 *   limits  -> per client IP and scope, 429 with Retry-After
 *   private -> authentication (auth.ts), B2B gate (403), handler
 * Per-request work is small: lookups are by Map, public answers are serialised once.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { ADMIN_PREFIX, ADMIN_TOKEN_HEADER, adminTokenMatches, handleAdmin } from './admin';
import { authenticate } from './auth';
import type { ActiveFault, FaultBodyFormat } from './faults';
import { gatewayHtml, gatewayText, MAX_BODY_BYTES, privateError, publicEmpty, publicInternalError, readBody, send, serialise, type Reply } from './http';
import { FLEX_FORBIDDEN } from './handlers/flex';
import { buildRoutes, type Route } from './routes';
import type { SimulatorState } from './state';

export interface ServerOptions {
  state: SimulatorState;
  adminToken: string;
  rateLimits: boolean;
}

export interface SimulatorServer {
  server: Server;
  /** Stops pending fault delays; call before closing. */
  cancelTimers(): void;
}

/**
 * Private endpoints' rate-limit answer. Public ones are refused by the gateway in front of the
 * exchange, which answers with a non-JSON page (openapi/public/http-v4.yaml).
 */
function tooManyRequests(isPrivate: boolean, retryAfterSeconds: number, format?: FaultBodyFormat): Reply {
  const headers = { 'retry-after': String(retryAfterSeconds) };
  const chosen = format ?? (isPrivate ? 'json' : 'html');
  if (chosen === 'html') return gatewayHtml(429, headers);
  if (chosen === 'text') return gatewayText(429, headers);
  return { status: 429, body: { code: 0, errors: {}, message: 'Too many requests.' }, headers };
}

function faultReply(fault: ActiveFault, isPrivate: boolean): Reply {
  switch (fault.kind) {
    case 'rate_limit':
      return tooManyRequests(isPrivate, fault.retryAfterSeconds, fault.body ?? undefined);
    case 'html_error':
      return gatewayHtml(fault.status);
    case 'text_error':
      return gatewayText(fault.status);
    default: {
      if (!isPrivate) return fault.status === 500 ? publicInternalError() : gatewayHtml(fault.status);
      const message = fault.status === 503 ? 'Service temporarily unavailable.' : 'Server error.';
      return privateError(fault.status, 0, message);
    }
  }
}

function isPrivateRequest(req: IncomingMessage): boolean {
  return req.method === 'POST';
}

export function createSimulatorServer(options: ServerOptions): SimulatorServer {
  const { state, adminToken, rateLimits } = options;
  const routes = buildRoutes();
  const knownPaths: ReadonlySet<string> = new Set(routes.keys());
  const timers = new Set<NodeJS.Timeout>();

  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  function dispatch(route: Route | undefined, req: IncomingMessage, raw: Buffer, path: string, nowMs: number): Reply {
    // An unknown route is 404 with an empty body, as the exchange's gateway answers it.
    if (!route) return publicEmpty(404);
    const clientIp = req.socket.remoteAddress ?? 'unknown';
    if (route.kind === 'public') {
      if (req.method !== 'GET') return publicEmpty(405);
      if (rateLimits) {
        const admission = state.rateLimiter.hit(clientIp, path, nowMs);
        if (!admission.ok) return tooManyRequests(false, admission.retryAfterSeconds);
      }
      return route.handle(state, nowMs);
    }
    if (req.method !== 'POST') return privateError(405, 0, 'Method not allowed.');
    if (rateLimits) {
      const admission = state.rateLimiter.hit(clientIp, path, nowMs);
      if (!admission.ok) return tooManyRequests(true, admission.retryAfterSeconds);
    }
    const auth = authenticate(state, req.headers, raw, path, route.permission, nowMs);
    if (!auth.ok) return auth.reply;
    if (route.b2bOnly && !auth.account.b2b) return { status: 403, body: FLEX_FORBIDDEN };
    return route.handle({ state, account: auth.account, body: auth.body, nowMs, rateLimits });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);

    if (path.startsWith(ADMIN_PREFIX)) {
      const body = await readBody(req, MAX_BODY_BYTES);
      if (!adminTokenMatches(adminToken, req.headers[ADMIN_TOKEN_HEADER])) return send(res, { status: 401, body: { error: 'admin token missing or wrong' } });
      if (body.kind === 'aborted') return;
      if (body.kind === 'too_large') return send(res, { status: 413, body: { error: 'body too large' } });
      const query = new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1));
      return send(res, handleAdmin(state, knownPaths, req, path, query, body.raw));
    }

    const route = routes.get(path);
    const isPrivate = route ? route.kind === 'private' : req.method === 'POST';
    const body = await readBody(req, MAX_BODY_BYTES);
    if (body.kind === 'aborted') return;
    if (body.kind === 'too_large') {
      const message = 'Payload too large.';
      return send(res, isPrivate ? privateError(413, 0, message) : publicEmpty(413));
    }

    const plan = state.faults.take(path);
    if (plan.delayMs > 0) await delay(plan.delayMs);
    if (res.destroyed) return;
    const fault = plan.action;
    if (fault?.kind === 'reset_before_commit') {
      req.socket.destroy();
      return;
    }
    if (fault && (fault.kind === 'server_error' || fault.kind === 'rate_limit' || fault.kind === 'html_error' || fault.kind === 'text_error')) {
      return send(res, faultReply(fault, isPrivate));
    }

    const reply = dispatch(route, req, body.raw, path, Date.now());
    if (fault?.kind === 'reset_after_commit') {
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'truncated_json') {
      const { payload } = serialise(reply);
      return send(res, reply, payload.subarray(0, Math.max(1, Math.floor(payload.length / 2))));
    }
    send(res, reply);
  }

  // A signed request carries its body again, base64-encoded, in X-TXC-PAYLOAD: the header limit must
  // fit a maximal body (64 KiB -> ~88 KiB of base64) so oversize bodies reach our own 413.
  const server = createServer({ keepAlive: true, maxHeaderSize: 128 * 1024 }, (req, res) => {
    handle(req, res).catch((err: unknown) => {
      // Never echo the request: it may carry signed payloads.
      process.stderr.write(`simulator: internal error: ${err instanceof Error ? err.message : 'unknown'}\n`);
      send(res, isPrivateRequest(req) ? privateError(500, 0, 'Internal server error.') : publicInternalError());
    });
  });
  server.keepAliveTimeout = 30_000;
  server.headersTimeout = 35_000;
  server.requestTimeout = 30_000;

  return {
    server,
    cancelTimers() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
