/**
 * One HTTP exchange over undici's `request` with keep-alive, a per-attempt timeout, the caller's
 * AbortSignal and a size cap. Resolves with the raw answer for any status; rejects only with
 * AppFailures (network, timeout, cancelled, too large). Knows nothing about the exchange API.
 * undici rather than node:http because its per-request cost is a fraction of node:http's
 * (docs/decisions.md).
 */
import type * as UndiciModule from 'undici';
import type { Client, Dispatcher, Pool } from 'undici';
import type { RawAnswer } from './classify';
import { cancelledFailure, networkFailure, responseTooLargeFailure, timeoutFailure } from './failures';
import { AppFailure } from '../../../shared/errors';
import { isLoopbackHost } from '../../../shared/api/baseUrl';

export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** Request headers; Content-Length is not among them: undici writes it from the body. */
export type RequestHeaders = Readonly<Record<string, string>>;

export interface Target {
  protocol: 'http:' | 'https:';
  hostname: string;
  port: number | undefined;
  /** Path prefix of a custom base URL (a proxy), '' for the exchange itself. */
  pathPrefix: string;
  /** Key of the shared keep-alive pool for this origin. */
  origin: string;
}

export interface OutgoingRequest {
  method: 'GET' | 'POST';
  /** Full path including the prefix and any query string. */
  path: string;
  headers: RequestHeaders;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /**
   * Use a fresh connection. For requests that are never retried (they move money): a pooled
   * socket that the server closed while idle would fail them for nothing.
   */
  freshConnection?: boolean;
}

/** Parses and checks a base URL; throws RangeError with a plain reason. */
export function parseTarget(baseUrl: string): Target {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new RangeError('is not a web address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RangeError('must start with https:// or http://');
  // Signed requests carry the API key and a replayable signature: clear text only to this computer.
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) throw new RangeError('must start with https:// (http:// only for this computer)');
  if (url.username || url.password) throw new RangeError('must not contain a user name or password');
  if (url.search || url.hash) throw new RangeError('must not contain ? or #');
  return {
    protocol: url.protocol,
    hostname: url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname,
    port: url.port ? Number(url.port) : undefined,
    pathPrefix: url.pathname.replace(/\/+$/, ''),
    origin: url.origin,
  };
}

type Undici = typeof UndiciModule;

/**
 * undici is loaded on the first request, not with the main process: its entry point takes tens of
 * milliseconds to load (it brings fetch, WebSocket, caches and mocks along), which startup should
 * not pay before the window shows. The first request waits for it once.
 */
let undici: Undici | undefined;
let loadingUndici: Promise<Undici> | undefined;
function loadUndici(): Promise<Undici> {
  loadingUndici ??= import('undici').then((module) => (undici = module));
  return loadingUndici;
}

/**
 * Settings shared by the pooled and the one-off connections. undici's own timers are off: the
 * per-attempt timer in send() covers connecting, sending and reading, as one budget, and a
 * connect that outlasts it must read as kind `timeout` like any other slow attempt.
 */
const CONNECTION_OPTIONS = {
  // One request at a time per connection: a pipelined request behind a slow one would share its fate.
  pipelining: 1,
  connectTimeout: 0,
  headersTimeout: 0,
  bodyTimeout: 0,
  // TCP keep-alive probes after 1 s idle, as the node:http agent had (keepAliveMsecs).
  connect: { keepAlive: true, keepAliveInitialDelay: 1_000 },
} as const;

/** Keep-alive pools of one exchange runtime (runtime.ts), one per origin, shared by its clients. */
export class ConnectionPool {
  private readonly pools = new Map<string, Pool>();

  poolFor(target: Target, library: Undici): Pool {
    let pool = this.pools.get(target.origin);
    if (!pool) {
      pool = new library.Pool(target.origin, {
        ...CONNECTION_OPTIONS,
        connections: 64,
        // Idle connections stay open this long unless the server's Keep-Alive header says less
        // (undici then closes them before the server would). Screens refresh every 10 s to 5 min and
        // the alert watcher every 30 s, so most refreshes find a connection and skip a TLS handshake.
        keepAliveTimeout: 60_000,
      });
      this.pools.set(target.origin, pool);
    }
    return pool;
  }

  /** Open pools (one per origin used since the last close). */
  get size(): number {
    return this.pools.size;
  }

  /** Closes every pooled connection (shutdown, benchmarks); later requests open new ones. */
  close(): void {
    // destroy(), not close(): requests still in flight end now, with a network failure.
    for (const pool of this.pools.values()) void pool.destroy().catch(() => undefined);
    this.pools.clear();
  }
}

function mediaType(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return '';
  const semicolon = value.indexOf(';');
  return (semicolon === -1 ? value : value.slice(0, semicolon)).trim().toLowerCase();
}

/** undici's own error codes, as the Node socket codes whose words (failures.ts) say the same thing. */
const UNDICI_CODES: Readonly<Record<string, string>> = {
  // The server closed the connection before the answer was complete.
  UND_ERR_SOCKET: 'ECONNRESET',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'ECONNRESET',
  UND_ERR_CONNECT_TIMEOUT: 'ETIMEDOUT',
  // The pool was closed (shutdown) while the request was under way.
  UND_ERR_DESTROYED: 'ECONNABORTED',
  UND_ERR_CLOSED: 'ECONNABORTED',
};

function transportFailure(error: Error, origin: string): AppFailure {
  const code = (error as { code?: unknown }).code;
  const mapped = typeof code === 'string' ? UNDICI_CODES[code] : undefined;
  return networkFailure(mapped ? { code: mapped } : error, origin);
}

/** Reads an answer's body as text, refusing it (and dropping the connection) past the size cap. */
function readCapped(body: Dispatcher.ResponseData['body'], maxResponseBytes: number, status: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxResponseBytes) {
        body.destroy();
        reject(responseTooLargeFailure(status, maxResponseBytes));
      } else chunks.push(chunk);
    });
    body.once('end', () => resolve(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8')));
    body.once('error', reject);
  });
}

/** The attempt's timer starts here, so loading undici on the first request counts in its budget. */
export function send(target: Target, request: OutgoingRequest, maxResponseBytes: number, pool: ConnectionPool): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    const { signal } = request;
    if (signal?.aborted) {
      reject(cancelledFailure(signal.reason));
      return;
    }
    let oneOff: Client | undefined;
    const stopper = new AbortController();
    let settled = false;

    /** Ends the exchange once, at once: a timeout or abort does not wait for undici to wind down. */
    const settle = (failure: AppFailure | Error | undefined, answer?: RawAnswer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (failure) {
        reject(failure);
        stopper.abort(failure);
      } else resolve(answer!);
      if (oneOff) void oneOff.destroy().catch(() => undefined);
    };
    const timer = setTimeout(() => settle(timeoutFailure(request.timeoutMs)), request.timeoutMs);
    const onAbort = (): void => settle(cancelledFailure(signal?.reason));
    signal?.addEventListener('abort', onAbort, { once: true });

    const run = async (): Promise<RawAnswer> => {
      const library = undici ?? (await loadUndici());
      if (settled) throw new Error('already settled');
      // A connection of its own for a request that must not meet a stale pooled socket; it is
      // closed after this one exchange (`reset` also asks the server to close it).
      if (request.freshConnection) oneOff = new library.Client(target.origin, CONNECTION_OPTIONS);
      const response = await (oneOff ?? pool.poolFor(target, library)).request({
        origin: target.origin,
        path: request.path,
        method: request.method,
        headers: request.headers,
        body: request.body ?? null,
        reset: oneOff !== undefined,
        signal: stopper.signal,
      });
      const { statusCode: status, headers, body } = response;
      if (Number(headers['content-length']) > maxResponseBytes) {
        body.destroy();
        throw responseTooLargeFailure(status, maxResponseBytes);
      }
      const text = await readCapped(body, maxResponseBytes, status);
      const retry = headers['retry-after'];
      return { status, contentType: mediaType(headers['content-type']), retryAfter: Array.isArray(retry) ? retry[0] : retry, text };
    };

    run().then(
      (answer) => settle(undefined, answer),
      (error: unknown) => {
        if (error instanceof AppFailure) settle(error);
        // A header value undici refuses is a bug of ours, not a network fault: the client reports it
        // as internal. The raw error, which names the header, stays here.
        else if ((error as { code?: unknown }).code === 'UND_ERR_INVALID_ARG') settle(new TypeError('The request could not be built'));
        else settle(transportFailure(error as Error, target.origin));
      },
    );
  });
}
