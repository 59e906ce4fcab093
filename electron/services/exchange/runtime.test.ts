import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createExchangeClient } from './client';
import { createExchangeRuntime } from './runtime';

let server: Server | null = null;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

/** A ping endpoint that keeps connections alive, reporting every socket it accepted. */
async function pingServer(): Promise<{ url: string; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive' });
    res.end('["pong"]');
  });
  server.on('connection', (socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sockets };
}

describe('exchange runtime', () => {
  it('keeps connections open for its clients, and closes them when the core closes the runtime', async () => {
    const { url, sockets } = await pingServer();
    const runtime = createExchangeRuntime();
    const client = createExchangeClient({ baseUrl: url, runtime, maxRetries: 0 });
    for (let i = 0; i < 10; i++) await client.ping();
    // Reused, not one per request. Not exactly one either: before reusing an idle socket undici
    // waits one event-loop turn for a close the server may already have sent (its fix for
    // GHSA-35p6-xmwp-9g52), and a request arriving in that turn opens a second connection.
    expect(sockets.length).toBeGreaterThanOrEqual(1);
    expect(sockets.length).toBeLessThanOrEqual(2);
    expect(runtime.connections.size).toBe(1);
    const closed = Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once('close', resolve))));
    runtime.close();
    await closed;
    expect(sockets.every((socket) => socket.destroyed)).toBe(true);
    expect(runtime.connections.size).toBe(0);
  });

  it('gives each runtime its own nonce sequences and limiters, shared by all clients of that runtime', () => {
    const a = createExchangeRuntime();
    const b = createExchangeRuntime();
    expect(a.nonces.sequenceFor('key-1')).toBe(a.nonces.sequenceFor('key-1'));
    expect(a.nonces.sequenceFor('key-1')).not.toBe(b.nonces.sequenceFor('key-1'));
    expect(a.limits.limiterFor('https://x.test', 'history')).toBe(a.limits.limiterFor('https://x.test', 'history'));
    expect(a.limits.limiterFor('https://x.test', 'history')).not.toBe(b.limits.limiterFor('https://x.test', 'history'));
  });
});
