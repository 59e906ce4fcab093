/**
 * A WebSocket test client for the simulator: sends JSON-RPC requests, collects every frame it receives
 * and holds each to the documented schemas (asyncapiShapes.ts). Test-only.
 */
import { WebSocket } from 'ws';
import { frameErrors } from './asyncapiShapes';

export interface Frame {
  id: number | null;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string } | null;
}

export class WsTestClient {
  readonly frames: Frame[] = [];
  /** Every schema violation seen, as "<frame>: <errors>". A test ends by expecting this empty. */
  readonly violations: string[] = [];
  readonly closed: Promise<{ code: number }>;
  private nextId = 1;
  private readonly methodsById = new Map<number, string>();
  private readonly waiters = new Set<() => void>();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      let frame: Frame;
      try {
        frame = JSON.parse(data.toString('utf8')) as Frame;
      } catch {
        this.violations.push(`not JSON: ${data.toString('utf8').slice(0, 80)}`);
        return;
      }
      const answering = typeof frame.id === 'number' ? this.methodsById.get(frame.id) : undefined;
      const errors = frameErrors(frame, answering);
      if (errors.length > 0) this.violations.push(`${JSON.stringify(frame).slice(0, 200)}: ${errors.join('; ')}`);
      this.frames.push(frame);
      for (const wake of this.waiters) wake();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve({ code })));
  }

  static open(simUrl: string): Promise<WsTestClient> {
    const ws = new WebSocket(`${simUrl.replace(/^http/, 'ws')}/ws`);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new WsTestClient(ws)));
      ws.once('error', reject);
    });
  }

  sendRaw(text: string): void {
    this.ws.send(text);
  }

  /** Sends a request and waits for its answer. */
  async request(method: string, params: unknown[] = [], timeoutMs = 3000): Promise<Frame> {
    const id = this.nextId++;
    this.methodsById.set(id, method);
    this.ws.send(JSON.stringify({ id, method, params }));
    return this.waitFor((f) => f.id === id, timeoutMs);
  }

  /** The first frame (already received or arriving within the timeout) that matches. */
  waitFor(match: (frame: Frame) => boolean, timeoutMs = 3000, from = 0): Promise<Frame> {
    const found = this.frames.slice(from).find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const wake = () => {
        const hit = this.frames.slice(from).find(match);
        if (!hit) return;
        cleanup();
        resolve(hit);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no matching frame within ${timeoutMs} ms`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
      };
      this.waiters.add(wake);
    });
  }

  updates(method: string, from = 0): Frame[] {
    return this.frames.slice(from).filter((f) => f.method === method);
  }

  close(): void {
    this.ws.terminate();
  }
}
