/**
 * Browser mode's page for a start that failed: the built renderer on 127.0.0.1 with no API behind
 * it, opened at `/#startup-failure=…` (shared/model/startupFailure.ts). It serves files only, so it
 * needs no token; the page tells it when it is closed (a beacon to CLOSED_PATH).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { STARTUP_FAILURE_CLOSED_PATH, startupFailureHash, type StartupFailure } from '../../shared/model/startupFailure';
import { STATIC_SECURITY_HEADERS } from '../static/csp';
import { createStaticFiles } from '../static/files';
import { checkHost } from './auth';

/** A reload also sends the beacon: the server ends only when no page asks again within this. */
const RELOAD_GRACE_MS = 3_000;

export interface FailurePageServer {
  url: string;
  /** Resolves when the page was closed (and not reopened) or the time ran out. */
  done: Promise<void>;
  close(): Promise<void>;
}

export async function startFailurePageServer(options: {
  staticDir: string;
  failure: StartupFailure;
  port?: number;
  lifetimeMs: number;
  /** How long a reload has to ask for the page again after the beacon; tests shorten it. */
  reloadGraceMs?: number;
}): Promise<FailurePageServer> {
  const reloadGraceMs = options.reloadGraceMs ?? RELOAD_GRACE_MS;
  const files = createStaticFiles(options.staticDir);
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  let closing: NodeJS.Timeout | null = null;
  let port = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const plain = { ...STATIC_SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' };
    const rawUrl = req.url ?? '/';
    if (!rawUrl.startsWith('/') || !checkHost(req.headers, port).ok) {
      res.writeHead(403, plain).end('Forbidden');
      return;
    }
    const pathname = rawUrl.split('?')[0] ?? '/';
    if (req.method === 'POST' && pathname === STARTUP_FAILURE_CLOSED_PATH) {
      res.writeHead(204).end();
      closing ??= setTimeout(finish, reloadGraceMs);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...plain, Allow: 'GET, HEAD' }).end('Method not allowed');
      return;
    }
    if (pathname === '/' || pathname === '/index.html') {
      if (closing) clearTimeout(closing);
      closing = null;
    }
    const file = await files.read(pathname).catch(() => null);
    if (!file) {
      res.writeHead(404, plain).end('Not found');
      return;
    }
    res.writeHead(200, { ...STATIC_SECURITY_HEADERS, 'Content-Type': file.contentType, 'Content-Length': file.body.length });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const lifetime = setTimeout(finish, options.lifetimeMs);
  lifetime.unref();
  return {
    url: `http://127.0.0.1:${port}/${startupFailureHash(options.failure)}`,
    done,
    close: () =>
      new Promise<void>((resolve) => {
        clearTimeout(lifetime);
        if (closing) clearTimeout(closing);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
