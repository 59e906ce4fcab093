/**
 * The contract over loopback HTTP (browser mode, CI): `POST /api/invoke` answers envelopes and
 * `GET /api/events` streams server-sent events, reconnecting with backoff. Both are authorised by the
 * per-launch token. Never throws: every failure becomes an error envelope, exactly like the IPC path,
 * so callers handle one shape.
 */
import { t } from '@lingui/core/macro';
import type { Channel, EventName, EventPayloads, ExchangeBridge, InvokeOptions, RequestOf, ResponseOf } from '../../shared/ipc';
import { BROWSER_MODE, EVENT_NAMES, INVOKE_TIMEOUT_MS } from '../../shared/transport';
import { fail, type Envelope } from '../../shared/errors';
import { cancelledError, isEnvelope, networkError } from './envelope';

export const TOKEN_HEADER = BROWSER_MODE.tokenHeader;
const DEFAULT_INVOKE_TIMEOUT_MS = INVOKE_TIMEOUT_MS;

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpBridgeOptions {
  /** Scheme, host and port of the browser-mode server, e.g. "http://127.0.0.1:4810". */
  origin: string;
  token: string | null;
  fetchImpl?: FetchLike;
  invokeTimeoutMs?: number;
  /** Reconnect backoff for the event stream: starts here, doubles, capped at `maxReconnectMs`. */
  initialReconnectMs?: number;
  maxReconnectMs?: number;
}

export interface HttpBridge extends ExchangeBridge {
  /** Stops the event stream for good (tests, page unload). */
  close(): void;
}

export function createHttpBridge(options: HttpBridgeOptions): HttpBridge {
  const fetchImpl: FetchLike = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const invokeTimeoutMs = options.invokeTimeoutMs ?? DEFAULT_INVOKE_TIMEOUT_MS;
  const initialReconnectMs = options.initialReconnectMs ?? 1_000;
  const maxReconnectMs = options.maxReconnectMs ?? 30_000;
  const authHeaders: Record<string, string> = options.token ? { [TOKEN_HEADER]: options.token } : {};

  async function invoke<C extends Channel>(channel: C, payload: RequestOf<C>, invokeOptions?: InvokeOptions): Promise<Envelope<ResponseOf<C>>> {
    const callerSignal = invokeOptions?.signal;
    if (callerSignal?.aborted) return fail(cancelledError());
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), invokeTimeoutMs);
    // The page gave up: aborting the fetch closes the connection, and the server stops the call.
    const onCallerAbort = () => controller.abort();
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    try {
      let response: Response;
      let text: string;
      try {
        response = await fetchImpl(`${options.origin}${BROWSER_MODE.invokePath}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...authHeaders },
          body: JSON.stringify({ channel, payload }),
          signal: controller.signal,
          cache: 'no-store',
          // The session cookie the launch token was exchanged for (HttpOnly) is what lets the call in.
          credentials: 'same-origin',
        });
        text = await response.text();
      } catch {
        if (callerSignal?.aborted) return fail(cancelledError());
        if (controller.signal.aborted) {
          return fail({ kind: 'timeout', message: t`The app did not answer within ${Math.round(invokeTimeoutMs / 1000)} s.` });
        }
        return fail(networkError());
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      if (isEnvelope(parsed)) return parsed as Envelope<ResponseOf<C>>;
      if (response.status === 401 || response.status === 403) {
        // The app's own server, not the exchange: `auth` would send the person to replace a working key.
        return fail({ kind: 'internal', reason: 'session_ended', status: response.status, message: t`This window’s session ended; open the app again.` });
      }
      return fail({ kind: 'bad_response', status: response.status, message: t`The app’s local server answered unexpectedly (HTTP ${response.status}).` });
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }
  }

  // ---------- events ----------

  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  let streamController: AbortController | null = null;
  let closed = false;

  function listenerCount(): number {
    let count = 0;
    for (const set of listeners.values()) count += set.size;
    return count;
  }

  function dispatch(data: string): void {
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const { event, payload } = message as { event?: unknown; payload?: unknown };
    if (typeof event !== 'string' || !(EVENT_NAMES as string[]).includes(event)) return;
    for (const listener of [...(listeners.get(event as EventName) ?? [])]) {
      try {
        (listener as (p: unknown) => void)(payload);
      } catch {
        // One faulty listener must not stop the others or the stream.
      }
    }
  }

  async function pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let boundary = /\r?\n\r?\n/.exec(buffer);
      while (boundary) {
        const block = buffer.slice(0, boundary.index);
        buffer = buffer.slice(boundary.index + boundary[0].length);
        const data = block
          .split(/\r?\n/)
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
          .join('\n');
        if (data) dispatch(data);
        boundary = /\r?\n\r?\n/.exec(buffer);
      }
    }
  }

  function wait(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  }

  async function runStream(controller: AbortController): Promise<void> {
    let delay = initialReconnectMs;
    while (!controller.signal.aborted) {
      try {
        const response = await fetchImpl(`${options.origin}${BROWSER_MODE.eventsPath}`, {
          headers: { Accept: 'text/event-stream', ...authHeaders },
          signal: controller.signal,
          cache: 'no-store',
          credentials: 'same-origin',
        });
        if (response.ok && response.body) {
          delay = initialReconnectMs;
          await pump(response.body);
        }
      } catch {
        // Dropped or refused: fall through to the backoff below.
      }
      if (controller.signal.aborted) return;
      // Jitter keeps several windows from reconnecting in lockstep after a server restart.
      await wait(delay * (0.8 + Math.random() * 0.4), controller.signal);
      delay = Math.min(delay * 2, maxReconnectMs);
    }
  }

  function startStream(): void {
    if (streamController || closed) return;
    const controller = new AbortController();
    streamController = controller;
    void runStream(controller);
  }

  function stopStream(): void {
    streamController?.abort();
    streamController = null;
  }

  function on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void {
    let set = listeners.get(event);
    if (!set) {
      set = new Set();
      listeners.set(event, set);
    }
    set.add(listener as (payload: never) => void);
    startStream();
    return () => {
      listeners.get(event)?.delete(listener as (payload: never) => void);
      if (listenerCount() === 0) stopStream();
    };
  }

  function close(): void {
    closed = true;
    stopStream();
    listeners.clear();
  }

  return { invoke, on, close };
}
