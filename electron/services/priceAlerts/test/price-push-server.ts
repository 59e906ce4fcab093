/**
 * A WebSocket server that answers every request with success and pushes whatever `lastprice_update`
 * a test hands it, including prices the simulator would never send ("-1", "NaN"): a broken feed.
 */
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export interface PricePushServer {
  url: string;
  /** Sends to every connected client; resolves once at least one client is subscribed. */
  push(market: string, price: unknown): void;
  subscribed(): Promise<void>;
  close(): Promise<void>;
}

export async function startPricePushServer(): Promise<PricePushServer> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const clients = new Set<WebSocket>();
  let onSubscribed: (() => void) | null = null;
  let subscribedOnce = false;
  wss.on('connection', (socket) => {
    socket.on('message', (data: Buffer) => {
      const request = JSON.parse(data.toString('utf8')) as { id: number; method: string };
      socket.send(JSON.stringify({ id: request.id, result: { status: 'success' }, error: null }));
      if (request.method === 'lastprice_subscribe') {
        clients.add(socket);
        subscribedOnce = true;
        onSubscribed?.();
      }
    });
    socket.on('close', () => clients.delete(socket));
  });
  const { port } = wss.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/ws`,
    push(market, price) {
      const frame = JSON.stringify({ id: null, method: 'lastprice_update', params: [market, price] });
      for (const socket of clients) socket.send(frame);
    },
    subscribed: () => (subscribedOnce ? Promise.resolve() : new Promise<void>((resolve) => (onSubscribed = resolve))),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of wss.clients) socket.terminate();
        wss.close(() => resolve());
      }),
  };
}
