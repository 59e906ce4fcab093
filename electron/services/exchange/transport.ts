/**
 * One HTTP exchange over node:http / node:https with keep-alive, a per-attempt timeout, the
 * caller's AbortSignal and a size cap. Resolves with the raw answer for any status; rejects only
 * with AppFailures (network, timeout, cancelled, too large). Knows nothing about the exchange API.
 */
import http from 'node:http';
import https from 'node:https';
import type { OutgoingHttpHeaders } from 'node:http';
import type { RawAnswer } from './classify';
import { cancelledFailure, networkFailure, responseTooLargeFailure, timeoutFailure } from './failures';
import type { AppFailure } from '../../../shared/errors';
import { isLoopbackHost } from '../../../shared/api/baseUrl';

export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

export interface Target {
  protocol: 'http:' | 'https:';
  hostname: string;
  port: number | undefined;
  /** Path prefix of a custom base URL (a proxy), '' for the exchange itself. */
  pathPrefix: string;
  /** Key of the shared keep-alive agent for this origin. */
  origin: string;
}

export interface OutgoingRequest {
  method: 'GET' | 'POST';
  /** Full path including the prefix and any query string. */
  path: string;
  headers: OutgoingHttpHeaders;
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

/** Keep-alive agents of one exchange runtime (runtime.ts), one per origin, shared by its clients. */
export class ConnectionPool {
  private readonly agents = new Map<string, http.Agent>();

  agentFor(target: Target): http.Agent {
    let agent = this.agents.get(target.origin);
    if (!agent) {
      const options: http.AgentOptions = { keepAlive: true, keepAliveMsecs: 1_000, maxSockets: 64, maxFreeSockets: 64, scheduling: 'lifo' };
      agent = target.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
      this.agents.set(target.origin, agent);
    }
    return agent;
  }

  /** Open agents (one per origin used since the last close). */
  get size(): number {
    return this.agents.size;
  }

  /** Closes every pooled connection (shutdown, benchmarks); later requests open new ones. */
  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}

/** The pool of clients created without a runtime (tests, benchmarks). */
export const defaultConnectionPool = new ConnectionPool();

/** Closes the default pool's connections. */
export function closePooledConnections(): void {
  defaultConnectionPool.close();
}

function mediaType(header: string | undefined): string {
  if (!header) return '';
  const semicolon = header.indexOf(';');
  return (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase();
}

export function send(target: Target, request: OutgoingRequest, maxResponseBytes: number, pool: ConnectionPool = defaultConnectionPool): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    const { signal } = request;
    if (signal?.aborted) {
      reject(cancelledFailure(signal.reason));
      return;
    }
    let settled = false;
    let onAbort: (() => void) | undefined;

    const settle = (failure: AppFailure | undefined, answer?: RawAnswer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
      if (failure) reject(failure);
      else resolve(answer!);
    };

    const lib = target.protocol === 'https:' ? https : http;
    const req = lib.request(
      {
        hostname: target.hostname,
        port: target.port,
        path: request.path,
        method: request.method,
        headers: request.headers,
        agent: request.freshConnection ? false : pool.agentFor(target),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const declared = Number(res.headers['content-length']);
        if (declared > maxResponseBytes) {
          settle(responseTooLargeFailure(status, maxResponseBytes));
          req.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxResponseBytes) {
            settle(responseTooLargeFailure(status, maxResponseBytes));
            req.destroy();
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
          const retryAfter = res.headers['retry-after'];
          settle(undefined, { status, contentType: mediaType(res.headers['content-type']), retryAfter, text });
        });
        // A connection cut in the middle of the body: 'end' never comes, 'close' does.
        res.on('close', () => {
          if (!res.complete) settle(networkFailure({ code: 'ECONNRESET' }));
        });
        res.on('error', (error) => settle(networkFailure(error)));
      },
    );
    req.on('error', (error) => settle(networkFailure(error)));

    const timer = setTimeout(() => {
      settle(timeoutFailure(request.timeoutMs));
      req.destroy();
    }, request.timeoutMs);
    if (signal) {
      onAbort = () => {
        settle(cancelledFailure(signal.reason));
        req.destroy();
      };
      signal.addEventListener('abort', onAbort, { once: true });
    }
    req.end(request.body);
  });
}
