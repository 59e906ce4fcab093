/**
 * Test helper: a tiny loopback HTTP server whose answers each test writes by hand, so the client
 * can be shown odd, broken or hostile responses that a well-behaved simulator never sends.
 * It records every request that reached it (method, path, headers, body).
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Parsed JSON body, or undefined. */
  json: Record<string, unknown> | undefined;
}

export type CraftedHandler = (request: ReceivedRequest, res: http.ServerResponse) => void;

export interface CraftedServer {
  url: string;
  requests: ReceivedRequest[];
  /** Requests to one path. */
  hits(path: string): ReceivedRequest[];
  /** Resolves once `count` requests (to `path`, when given) have reached the server. */
  arrived(count: number, path?: string): Promise<void>;
  handle(handler: CraftedHandler): void;
  close(): Promise<void>;
}

/** Answers JSON with a status, like the exchange. */
export function json(res: http.ServerResponse, status: number, value: unknown, headers: http.OutgoingHttpHeaders = {}): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Answers raw text with a content type of the test's choosing. */
export function raw(res: http.ServerResponse, status: number, text: string, contentType = 'text/plain', headers: http.OutgoingHttpHeaders = {}): void {
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Default: `/public/time` tells the real time, everything else is 404 until a test says otherwise. */
export const realTime: CraftedHandler = (req, res) => {
  if (req.path.startsWith('/api/v4/public/time')) return json(res, 200, { time: Math.floor(Date.now() / 1000) });
  json(res, 404, { success: false, message: 'not found', params: [] });
};

/** Wraps a handler so that `/public/time` keeps telling the real time (signed requests ask it first). */
export function withRealTime(handler: CraftedHandler): CraftedHandler {
  return (req, res) => (req.path.startsWith('/api/v4/public/time') ? realTime(req, res) : handler(req, res));
}

export async function startCraftedServer(initial: CraftedHandler = realTime): Promise<CraftedServer> {
  let handler = initial;
  const requests: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  const waiters = new Set<() => void>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let parsed: Record<string, unknown> | undefined;
      try {
        parsed = body ? (JSON.parse(body) as Record<string, unknown>) : undefined;
      } catch {
        parsed = undefined;
      }
      const received: ReceivedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, json: parsed };
      requests.push(received);
      for (const check of waiters) check();
      handler(received, res);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const hits = (path: string) => requests.filter((r) => r.path === path || r.path.startsWith(`${path}?`));
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    hits,
    arrived: (count, path) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if ((path === undefined ? requests : hits(path)).length < count) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
