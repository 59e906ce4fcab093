/**
 * The transport (undici) against real loopback servers: which connection a request travels on,
 * that a stopped request really closes its connection, and that https verifies certificates.
 * The answers' meaning is tested through the client elsewhere (client.test.ts, malformed.test.ts).
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppFailure } from '../../../shared/errors';
import { ConnectionPool, parseTarget, send, type OutgoingRequest } from './transport';
import { SELF_SIGNED_CERT, SELF_SIGNED_KEY } from './test/self-signed-cert';

const LIMIT = 1024 * 1024;
let closeServer: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeServer?.();
  closeServer = undefined;
});

/**
 * A loopback server that answers `["pong"]` (or never, with `silent`); it reports every socket it
 * accepted and, per request received, the socket that carried it.
 */
async function server(options: { silent?: boolean; tls?: boolean } = {}): Promise<{ url: string; sockets: Socket[]; carriers: Socket[] }> {
  const sockets: Socket[] = [];
  const carriers: Socket[] = [];
  const handler: http.RequestListener = (req, res) => {
    carriers.push(req.socket);
    req.resume();
    if (options.silent) return;
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 8 });
      res.end('["pong"]');
    });
  };
  const s = options.tls ? https.createServer({ key: SELF_SIGNED_KEY, cert: SELF_SIGNED_CERT }, handler) : http.createServer(handler);
  s.on(options.tls ? 'secureConnection' : 'connection', (socket: Socket) => sockets.push(socket));
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  closeServer = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      s.close(() => resolve());
    });
  return { url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${(s.address() as AddressInfo).port}`, sockets, carriers };
}

function post(extra: Partial<OutgoingRequest> = {}): OutgoingRequest {
  return { method: 'POST', path: '/api/v4/ping', headers: { 'Content-Type': 'application/json' }, body: '{}', timeoutMs: 5_000, ...extra };
}

function closed(socket: Socket): Promise<void> {
  return socket.destroyed ? Promise.resolve() : new Promise((resolve) => socket.once('close', () => resolve()));
}

async function failure(promise: Promise<unknown>): Promise<AppFailure> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof AppFailure)) throw new Error(`expected an AppFailure, got ${String(outcome)}`);
  return outcome;
}

describe('transport', () => {
  it('sends a money-moving request on a connection of its own and closes that connection after the answer', async () => {
    const { url, sockets } = await server();
    const pool = new ConnectionPool();
    const target = parseTarget(url);
    await send(target, post(), LIMIT, pool);
    expect(sockets).toHaveLength(1);
    const answer = await send(target, post({ freshConnection: true }), LIMIT, pool);
    expect(answer).toMatchObject({ status: 200, contentType: 'application/json', text: '["pong"]' });
    expect(sockets).toHaveLength(2);
    await closed(sockets[1]!);
    // The pooled connection is still open for reads.
    expect(sockets[0]!.destroyed).toBe(false);
    pool.close();
    await closed(sockets[0]!);
  });

  it('closes the connection of an attempt that timed out, and of one the caller cancelled', async () => {
    const { url, carriers } = await server({ silent: true });
    const pool = new ConnectionPool();
    const target = parseTarget(url);
    expect((await failure(send(target, post({ timeoutMs: 100 }), LIMIT, pool))).error.kind).toBe('timeout');
    await closed(carriers[0]!);
    const controller = new AbortController();
    const pending = send(target, post({ signal: controller.signal }), LIMIT, pool);
    setTimeout(() => controller.abort(), 50);
    expect((await failure(pending)).error).toMatchObject({ kind: 'network', reason: 'cancelled' });
    await closed(carriers[1]!);
    // Each was sent once; undici may open a spare connection meanwhile, but it sends nothing on it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(carriers).toHaveLength(2);
    pool.close();
  });

  it('ends a request in flight with a network failure when its pool is closed (shutdown)', async () => {
    const { url, sockets } = await server({ silent: true });
    const pool = new ConnectionPool();
    const pending = send(parseTarget(url), post(), LIMIT, pool);
    await vi.waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    pool.close();
    expect((await failure(pending)).error.kind).toBe('network');
    expect(pool.size).toBe(0);
  });

  it('refuses an https server whose certificate nobody vouches for, before sending the request', async () => {
    const { url } = await server({ tls: true });
    const pool = new ConnectionPool();
    const f = await failure(send(parseTarget(url), post(), LIMIT, pool));
    expect(f.error).toMatchObject({ kind: 'network', message: expect.stringMatching(/untrusted security certificate/) });
    pool.close();
  });

  it('reports a refused connection in plain words', async () => {
    const { url } = await server();
    await closeServer!();
    closeServer = undefined;
    const f = await failure(send(parseTarget(url), post(), LIMIT, new ConnectionPool()));
    expect(f.error).toMatchObject({ kind: 'network', message: expect.stringMatching(/refused the connection/) });
  });
});
