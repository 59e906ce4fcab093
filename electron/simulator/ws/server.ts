/**
 * The simulator's WebSocket at /ws, on the same HTTP server as the REST API. One timer pushes every
 * subscription once per tick while any connection is open; nothing runs when nobody listens.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { SimulatorState } from '../state';
import { OPEN_GATE, WsSession, type SessionGate, type SessionOptions, type TickCache } from './session';

const WS_PATH = '/ws';

export interface LiveServerOptions extends SessionOptions {
  /** One push of every subscription per this many ms (the exchange: about 1 s). */
  tickMs: number;
  /** Largest frame a client may send. */
  maxPayloadBytes: number;
}

export const DEFAULT_LIVE_OPTIONS: LiveServerOptions = {
  tickMs: 1000,
  idleMs: 60_000,
  requestsPerMinute: 200,
  maxBufferedBytes: 8 * 1024 * 1024,
  maxPayloadBytes: 64 * 1024,
};

/** How a test harness may disturb the stream (controls/stream.ts); the Demo's simulator has none. */
export interface StreamControls extends SessionGate {
  /** true: refuse new connections (HTTP 503 on upgrade). */
  refusesConnections(): boolean;
  /** Lets the controls reach the open connections; returns the function that lets go. */
  attach(open: () => Iterable<[WebSocket, WsSession]>): () => void;
}

export interface LiveServer {
  /** Connections open now. */
  connections(): number;
  close(): void;
}

function refuse(socket: Duplex, status: 404 | 503): void {
  const text = status === 404 ? 'Not Found' : 'Service Unavailable';
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export function attachLiveServer(server: Server, state: SimulatorState, options: LiveServerOptions, controls?: StreamControls): LiveServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayloadBytes });
  const sessions = new Map<WebSocket, WsSession>();
  let timer: NodeJS.Timeout | null = null;

  const tick = () => {
    const nowMs = Date.now();
    state.prices.advanceTo(nowMs);
    const cache: TickCache = new Map();
    for (const session of sessions.values()) session.tick(nowMs, cache);
  };

  const detach = controls?.attach(() => sessions.entries());
  const gate: SessionGate = controls ?? OPEN_GATE;

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = req.url ?? '/';
    const path = url.split('?')[0];
    if (path !== WS_PATH) return refuse(socket, 404);
    if (controls?.refusesConnections()) return refuse(socket, 503);
    wss.handleUpgrade(req, socket, head, (ws) => {
      const session = new WsSession(ws, state, state.wsTokens, gate, options);
      sessions.set(ws, session);
      ws.on('error', () => ws.terminate());
      ws.on('close', () => {
        sessions.delete(ws);
        if (sessions.size === 0 && timer) {
          clearInterval(timer);
          timer = null;
        }
      });
      timer ??= setInterval(tick, options.tickMs);
    });
  };
  server.on('upgrade', onUpgrade);

  return {
    connections: () => sessions.size,
    close() {
      server.off('upgrade', onUpgrade);
      detach?.();
      if (timer) clearInterval(timer);
      timer = null;
      for (const [ws, session] of sessions) {
        session.stop();
        ws.terminate();
      }
      sessions.clear();
      wss.close();
    },
  };
}
