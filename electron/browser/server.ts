/**
 * Browser mode: the main-process core as a local web server, for machines where Electron cannot
 * run. Serves the built renderer and the router on 127.0.0.1 only.
 *
 *   POST /api/invoke   {channel, payload}  -> 200 + Envelope JSON
 *   GET  /api/events   text/event-stream,  each message `data: {"event":name,"payload":...}`
 *
 * Every /api request passes auth.ts (token, Host, Origin) before the router sees it.
 *
 * The launch URL carries the token as `/?token=…`: that first request for the page proves it is
 * ours, so it is answered with the session cookie that replaces the token (auth.ts); the page then
 * takes the token out of its address. Every request for the page gets it as built: it holds no
 * account data, which the page asks for through /api.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BROWSER_MODE } from '../../shared/ipc';
import type { Core } from '../core';
import type { Logger } from '../services/logging/logger';
import { STATIC_SECURITY_HEADERS } from '../static/csp';
import { createStaticFiles } from '../static/files';
import { checkApiRequest, checkHost, createToken, sessionCookie, sessionCookieName, tokensEqual, type ApiCredentials } from './auth';

export const MAX_BODY_BYTES = 256 * 1024;
const HEARTBEAT_MS = 25_000;

export interface BrowserServerOptions {
  core: Pick<Core, 'route' | 'onEvent'>;
  /** The built renderer (out/renderer). */
  staticDir: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Tests may fix it; otherwise 32 random bytes per launch. */
  token?: string;
  logger: Logger;
}

export interface BrowserServer {
  /** http://127.0.0.1:<port>/?token=<token> */
  url: string;
  origin: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const API_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...API_HEADERS, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

class BodyTooLarge extends Error {
  /** True when the connection was cut and no answer can be sent. */
  constructor(readonly connectionCut: boolean) {
    super('request body too large');
  }
}

/**
 * A moderately oversized body is read to its end (and dropped) so the client gets a 413 rather
 * than a connection reset; past this size the connection is simply cut.
 */
const DISCARD_UP_TO_BYTES = 8 * 1024 * 1024;

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > DISCARD_UP_TO_BYTES) {
      req.destroy();
      reject(new BodyTooLarge(true));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > DISCARD_UP_TO_BYTES) {
        req.destroy();
        reject(new BodyTooLarge(true));
      } else if (size <= limit) {
        chunks.push(chunk);
      }
    });
    req.on('end', () => (size > limit ? reject(new BodyTooLarge(false)) : resolve(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

export async function startBrowserServer(options: BrowserServerOptions): Promise<BrowserServer> {
  const token = options.token ?? createToken();
  const { logger } = options;
  const streams = new Set<ServerResponse>();
  const staticFiles = createStaticFiles(options.staticDir);
  let port = 0;
  const credentials: ApiCredentials = { launchToken: token, session: null };

  async function handleInvoke(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') return sendJson(res, 415, { error: 'Content-Type must be application/json' });
    let text: string;
    try {
      text = await readBody(req, MAX_BODY_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        if (!error.connectionCut) sendJson(res, 413, { error: 'Request body too large' });
        return;
      }
      return sendJson(res, 400, { error: 'Could not read the request body' });
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return sendJson(res, 400, { error: 'Request body is not JSON' });
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return sendJson(res, 400, { error: 'Request body must be {channel, payload}' });
    const { channel, payload } = body as { channel?: unknown; payload?: unknown };
    // A page that aborts its fetch closes the connection before the answer: stop the call too.
    const cancel = new AbortController();
    res.on('close', () => {
      if (!res.writableEnded) cancel.abort();
    });
    const envelope = await options.core.route(channel, payload, { transport: 'http' }, { signal: cancel.signal });
    if (!res.destroyed) sendJson(res, 200, envelope);
  }

  function handleEvents(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Content-Type-Options': 'nosniff',
      'X-Accel-Buffering': 'no',
    });
    res.write(': connected\n\n');
    streams.add(res);
    const unsubscribe = options.core.onEvent((event, payload) => {
      res.write(`data: ${JSON.stringify({ event, payload })}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const stop = () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(res);
    };
    req.on('close', stop);
    res.on('close', stop);
  }

  async function handleStatic(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', ...STATIC_SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed');
      return;
    }
    const file = await staticFiles.read(pathname).catch(() => null);
    if (!file) {
      res.writeHead(404, { ...STATIC_SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not found');
      return;
    }
    res.writeHead(200, { ...STATIC_SECURITY_HEADERS, 'Content-Type': file.contentType, 'Content-Length': file.body.length });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawUrl = req.url ?? '/';
    // Only origin-form targets ("/path?query"); absolute-form or "*" targets are not ours.
    if (!rawUrl.startsWith('/')) return sendJson(res, 400, { error: 'Bad request target' });
    const pathname = rawUrl.split('?')[0] ?? '/';

    if (pathname === '/api' || pathname.startsWith('/api/')) {
      const verdict = checkApiRequest(req.headers, port, credentials);
      if (!verdict.ok) {
        logger.warn('browser-mode API request refused', { status: verdict.status, reason: verdict.error, path: pathname });
        return sendJson(res, verdict.status, { error: verdict.error });
      }
      if (pathname === BROWSER_MODE.invokePath) {
        if (req.method !== 'POST') return sendJson(res, 405, { error: 'Use POST' });
        return handleInvoke(req, res);
      }
      if (pathname === BROWSER_MODE.eventsPath) {
        if (req.method !== 'GET') return sendJson(res, 405, { error: 'Use GET' });
        return handleEvents(req, res);
      }
      return sendJson(res, 404, { error: 'Unknown API path' });
    }

    const hostVerdict = checkHost(req.headers, port);
    if (!hostVerdict.ok) return sendJson(res, hostVerdict.status, { error: hostVerdict.error });
    if (req.method === 'GET' && (pathname === '/' || pathname === '/index.html')) {
      const offered = new URLSearchParams(rawUrl.slice(pathname.length + 1)).get('token');
      if (offered !== null && !tokensEqual(token, offered)) logger.warn('browser-mode page asked for with a wrong token', { path: pathname });
      else if (offered !== null && credentials.launchToken === null) logger.warn('browser-mode page asked for with the launch token again (it is single-use)', { path: pathname });
      else if (offered !== null) {
        // The one exchange: from here on the launch token opens nothing, the cookie does.
        credentials.launchToken = null;
        credentials.session = { name: sessionCookieName(port), value: createToken() };
        res.setHeader('Set-Cookie', sessionCookie(credentials.session.name, credentials.session.value));
      }
    }
    return handleStatic(req, res, pathname);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      logger.error('browser-mode request failed', { error });
      if (!res.headersSent) sendJson(res, 500, { error: 'Internal error' });
      else res.destroy();
    });
  });
  server.requestTimeout = 60_000;
  server.headersTimeout = 20_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  logger.info('browser mode listening', { origin });

  return {
    url: `${origin}/?token=${token}`,
    origin,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        for (const stream of streams) stream.end();
        streams.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
