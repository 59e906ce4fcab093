/**
 * The browser-mode transport against a real HTTP server on 127.0.0.1 (not a fetch mock): what goes
 * on the wire, how every kind of failure becomes an envelope, and the SSE event stream.
 */
// The test needs a real server; the renderer code under test never imports Node.
// eslint-disable-next-line no-restricted-imports
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
// eslint-disable-next-line no-restricted-imports
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Envelope } from '../../shared/errors';
import type { PreloadBridge } from '../../shared/ipc';
import { createHttpBridge, fromPreload, takeSessionToken, type HttpBridge } from './bridge';

type Route = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let origin: string;
let route: Route;
const openBridges: HttpBridge[] = [];

beforeEach(async () => {
  route = (_req, res) => res.end();
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => route(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  for (const b of openBridges.splice(0)) b.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function bridgeFor(options: Partial<Parameters<typeof createHttpBridge>[0]> = {}): HttpBridge {
  const bridge = createHttpBridge({ origin, token: 'tok-123', initialReconnectMs: 20, maxReconnectMs: 40, ...options });
  openBridges.push(bridge);
  return bridge;
}

describe('invoke over HTTP', () => {
  it('POSTs {channel, payload} with the session token and returns the envelope as sent', async () => {
    let seen: { method?: string; url?: string; token?: string | string[]; type?: string; body?: unknown } = {};
    route = (req, res, body) => {
      seen = { method: req.method, url: req.url, token: req.headers['x-desk-token'], type: req.headers['content-type'], body: JSON.parse(body) };
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ ok: true, data: { latencyMs: 12 } }));
    };
    const answer = await bridgeFor().invoke('exchange.ping', { accountId: 'demo' });
    expect(answer).toEqual({ ok: true, data: { latencyMs: 12 } });
    expect(seen).toEqual({ method: 'POST', url: '/api/invoke', token: 'tok-123', type: 'application/json', body: { channel: 'exchange.ping', payload: { accountId: 'demo' } } });
  });

  it('passes an error envelope through unchanged, whatever the HTTP status', async () => {
    const error = { kind: 'rate_limited', message: 'Too many requests.', retryAfterMs: 1500, status: 429 };
    route = (_req, res) => {
      res.statusCode = 429;
      res.end(JSON.stringify({ ok: false, error }));
    };
    expect(await bridgeFor().invoke('exchange.balance', { accountId: 'demo' })).toEqual({ ok: false, error });
  });

  it('turns a refused session (401 without an envelope) into the session’s own failure, never the exchange key’s', async () => {
    route = (_req, res) => {
      res.statusCode = 401;
      res.end('Unauthorized');
    };
    const answer = await bridgeFor().invoke('accounts.list', {});
    expect(answer.ok).toBe(false);
    expect(!answer.ok && answer.error).toMatchObject({ kind: 'internal', reason: 'session_ended', status: 401 });
  });

  it('turns an HTML error page into bad_response with the status', async () => {
    route = (_req, res) => {
      res.statusCode = 502;
      res.setHeader('Content-Type', 'text/html');
      res.end('<html><body>Bad gateway</body></html>');
    };
    const answer = await bridgeFor().invoke('accounts.list', {});
    expect(!answer.ok && answer.error).toMatchObject({ kind: 'bad_response', status: 502 });
  });

  it('does not mistake arbitrary JSON for an envelope', async () => {
    route = (_req, res) => res.end(JSON.stringify({ ok: false, error: { kind: 'made-up', message: 'x' } }));
    const answer = await bridgeFor().invoke('accounts.list', {});
    expect(!answer.ok && answer.error.kind).toBe('bad_response');
  });

  it('answers a network envelope (never throws) when the server is gone', async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    const answer = await bridgeFor().invoke('accounts.list', {});
    expect(!answer.ok && answer.error.kind).toBe('network');
    server = createServer().listen(0); // so afterEach has something to close
  });

  it('answers a timeout envelope when the server never responds', async () => {
    route = () => {
      /* hold the request open */
    };
    const answer = await bridgeFor({ invokeTimeoutMs: 150 }).invoke('accounts.list', {});
    expect(!answer.ok && answer.error.kind).toBe('timeout');
  });

  it('the page\u2019s abort signal closes the connection and answers cancelled', async () => {
    let connectionClosed = false;
    let arrived!: () => void;
    const reachedServer = new Promise<void>((resolve) => (arrived = resolve));
    route = (_req, res) => {
      res.on('close', () => (connectionClosed = true));
      arrived();
    };
    const controller = new AbortController();
    // No timeout of the bridge's own could answer first: only the abort can end this call.
    const pending = bridgeFor({ invokeTimeoutMs: 600_000 }).invoke('exchange.assets', { accountId: 'demo' }, { signal: controller.signal });
    await reachedServer;
    controller.abort();
    const answer = await pending;
    expect(answer).toMatchObject({ ok: false, error: { kind: 'network', reason: 'cancelled' } });
    await vi.waitFor(() => expect(connectionClosed).toBe(true));
  });

  it('omits the token header when there is no token', async () => {
    let token: unknown = 'unset';
    route = (req, res) => {
      token = req.headers['x-desk-token'];
      res.end(JSON.stringify({ ok: true, data: null }));
    };
    await bridgeFor({ token: null }).invoke('accounts.list', {});
    expect(token).toBeUndefined();
  });
});

describe('events over SSE', () => {
  it('delivers known events to their listeners, across chunk boundaries, and ignores the rest', async () => {
    let streamToken: unknown;
    route = (req, res) => {
      streamToken = req.headers['x-desk-token'];
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(': heartbeat\n\n');
      res.write('data: {"event":"accounts.changed","payl');
      res.write('oad":{"activeAccountId":"main"}}\n\n');
      res.write('data: {"event":"something.else","payload":1}\n\n');
      res.write('data: not json\n\n');
      res.write('data: {"event":"accounts.changed","payload":{"activeAccountId":"demo"}}\r\n\r\n');
    };
    const bridge = bridgeFor();
    const received: string[] = [];
    const other: unknown[] = [];
    bridge.on('withdrawals.updated', (p) => other.push(p));
    bridge.on('accounts.changed', (p) => received.push(p.activeAccountId));
    await expect.poll(() => received, { timeout: 3_000 }).toEqual(['main', 'demo']);
    expect(other).toEqual([]);
    expect(streamToken).toBe('tok-123');
  });

  it('reconnects after the stream drops and keeps delivering', async () => {
    let connections = 0;
    route = (_req, res) => {
      connections += 1;
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(`data: {"event":"accounts.changed","payload":{"activeAccountId":"c${connections}"}}\n\n`);
      if (connections === 1) res.end(); // drop the first stream
    };
    const received: string[] = [];
    bridgeFor().on('accounts.changed', (p) => received.push(p.activeAccountId));
    await expect.poll(() => received, { timeout: 3_000 }).toEqual(['c1', 'c2']);
  });

  it('keeps retrying while the server refuses the stream', async () => {
    let attempts = 0;
    route = (_req, res) => {
      attempts += 1;
      res.statusCode = attempts < 3 ? 503 : 200;
      if (attempts < 3) return res.end();
      res.setHeader('Content-Type', 'text/event-stream');
      res.write('data: {"event":"accounts.changed","payload":{"activeAccountId":"back"}}\n\n');
    };
    const received: string[] = [];
    bridgeFor().on('accounts.changed', (p) => received.push(p.activeAccountId));
    await expect.poll(() => received, { timeout: 3_000 }).toEqual(['back']);
    expect(attempts).toBe(3);
  });

  it('closes the stream when the last listener unsubscribes', async () => {
    let closedByClient = false;
    let opened = false;
    route = (req, res) => {
      opened = true;
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(': hi\n\n');
      req.on('close', () => (closedByClient = true));
    };
    const bridge = bridgeFor();
    const off = bridge.on('accounts.changed', () => {});
    await expect.poll(() => opened, { timeout: 3_000 }).toBe(true);
    off();
    await expect.poll(() => closedByClient, { timeout: 3_000 }).toBe(true);
  });

  it('a listener that throws does not stop the others', async () => {
    route = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: {"event":"accounts.changed","payload":{"activeAccountId":"x"}}\n\n');
    };
    const bridge = bridgeFor();
    const received: string[] = [];
    bridge.on('accounts.changed', () => {
      throw new Error('boom');
    });
    bridge.on('accounts.changed', (p) => received.push(p.activeAccountId));
    await expect.poll(() => received, { timeout: 3_000 }).toEqual(['x']);
  });
});

describe('takeSessionToken', () => {
  it('reads #token=, keeps it for reloads in sessionStorage and removes it from the URL', () => {
    sessionStorage.clear();
    history.replaceState(null, '', '/index.html?x=1#token=abc%2F123');
    expect(takeSessionToken()).toBe('abc/123');
    expect(location.hash).toBe('');
    expect(location.search).toBe('?x=1');
    expect(sessionStorage.getItem('desk.sessionToken')).toBe('abc/123');
    // A reload: no hash any more, the stored token is used.
    expect(takeSessionToken()).toBe('abc/123');
  });

  it('reads ?token= (the launch URL), keeps the rest of the address and removes the token from it', () => {
    sessionStorage.clear();
    history.replaceState(null, '', '/?token=abc-123_x&x=1#/codes');
    expect(takeSessionToken()).toBe('abc-123_x');
    expect(location.search).toBe('?x=1');
    expect(location.hash).toBe('#/codes');
    expect(sessionStorage.getItem('desk.sessionToken')).toBe('abc-123_x');
    history.replaceState(null, '', '/?token=only');
    expect(takeSessionToken()).toBe('only');
    expect(location.href).toBe(`${location.origin}/`);
    // A reload: the token is gone from the address, the stored one is used.
    expect(takeSessionToken()).toBe('only');
  });

  it('returns null when there is no token anywhere', () => {
    sessionStorage.clear();
    history.replaceState(null, '', '/');
    expect(takeSessionToken()).toBeNull();
  });
});

describe('the Electron preload as a bridge with signals', () => {
  /** A preload stand-in: calls stay open until cancelled by number, as a hanging exchange read would. */
  function recordingPreload() {
    const open = new Map<number, (envelope: Envelope<never>) => void>();
    const cancelled: number[] = [];
    const preload: PreloadBridge = {
      invoke: ((_channel: string, _payload: unknown, callId?: number) =>
        new Promise((resolve) => {
          if (callId === undefined) resolve({ ok: true, data: 'unnumbered' } as never);
          else open.set(callId, resolve as (envelope: Envelope<never>) => void);
        })) as PreloadBridge['invoke'],
      cancel: (callId) => {
        cancelled.push(callId);
        open.get(callId)?.({ ok: false, error: { kind: 'network', reason: 'cancelled', message: 'cancelled' } });
      },
      on: () => () => undefined,
    };
    return { preload, cancelled, open };
  }

  it('cancels the numbered call in the main process when the page aborts', async () => {
    const { preload, cancelled } = recordingPreload();
    const bridge = fromPreload(preload);
    const controller = new AbortController();
    const answer = bridge.invoke('exchange.balance', { accountId: 'demo' }, { signal: controller.signal });
    controller.abort();
    expect(await answer).toMatchObject({ ok: false, error: { reason: 'cancelled' } });
    expect(cancelled).toEqual([1]);
  });

  it('sends nothing for a signal aborted before the call, and numbers nothing without a signal', async () => {
    const { preload, cancelled, open } = recordingPreload();
    const bridge = fromPreload(preload);
    const controller = new AbortController();
    controller.abort();
    expect(await bridge.invoke('exchange.balance', { accountId: 'demo' }, { signal: controller.signal })).toMatchObject({ ok: false, error: { reason: 'cancelled' } });
    expect(await bridge.invoke('app.info', {})).toEqual({ ok: true, data: 'unnumbered' });
    expect(open.size).toBe(0);
    expect(cancelled).toEqual([]);
  });
});
