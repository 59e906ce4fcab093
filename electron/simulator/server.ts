/**
 * The simulator's HTTP server (node:http, no framework). One request goes:
 *   controls? -> a test harness's own routes (controls/admin.ts; absent in the app's Demo)
 *   body    -> read up to 64 KiB (413 beyond, in the endpoint's error format)
 *   controls? -> a harness may delay the call, answer in its place or spoil the answer (controls/faults.ts)
 *   route   -> 404 unknown path, 405 wrong method
 *   limits  -> per client IP and scope, 429 with Retry-After
 *   private -> authentication (auth.ts), B2B gate (403), handler
 * Per-request work is small: lookups are by Map, public answers are serialised once.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { authenticate } from './auth';
import { MAX_BODY_BYTES, privateError, publicEmpty, publicInternalError, readBody, send, tooManyRequests, type Reply } from './http';
import { FLEX_FORBIDDEN } from './handlers/flex';
import { buildRoutes, type Route } from './routes';
import type { SimulatorState } from './state';

/** One call to the exchange's API, as the controls see it. */
export interface ExchangeCall {
  req: IncomingMessage;
  res: ServerResponse;
  path: string;
  isPrivate: boolean;
}

/** How a test harness steps into requests; the Demo's simulator runs without. */
export interface RequestControls {
  /** Answers a request that is not for the exchange's API (its own routes); true when it did. */
  intercept(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<boolean>;
  /** Runs one exchange call: `answer()` processes it; the controls send what goes back. */
  run(call: ExchangeCall, answer: () => Reply): Promise<void>;
}

export interface ServerOptions {
  state: SimulatorState;
  rateLimits: boolean;
  controls?: RequestControls;
}

function isPrivateRequest(req: IncomingMessage): boolean {
  return req.method === 'POST';
}

export function createSimulatorServer(options: ServerOptions): Server {
  const { state, rateLimits, controls } = options;
  const routes = buildRoutes();

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

    if (controls && (await controls.intercept(req, res, path, new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1))))) return;

    const route = routes.get(path);
    const isPrivate = route ? route.kind === 'private' : req.method === 'POST';
    const body = await readBody(req, MAX_BODY_BYTES);
    if (body.kind === 'aborted') return;
    if (body.kind === 'too_large') {
      const message = 'Payload too large.';
      return send(res, isPrivate ? privateError(413, 0, message) : publicEmpty(413));
    }

    const answer = () => dispatch(route, req, body.raw, path, Date.now());
    if (controls) return controls.run({ req, res, path, isPrivate }, answer);
    send(res, answer());
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

  return server;
}
