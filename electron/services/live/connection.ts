/**
 * One WebSocket connection to the exchange for one account (docs/exchange-api.md "WebSocket"):
 * a fresh token per connection, `authorize`, the full subscription list after every (re)connect,
 * a ping every 50 s with a 10 s pong deadline, exponential backoff with jitter on every failure
 * (code 7 included), and a size cap on incoming frames. It never throws to its owner: every failure
 * becomes a state with a problem code and a retry time, and the owner keeps its REST view.
 */
import { WebSocket } from 'ws';
import { z } from 'zod';
import { backoffDelayMs } from '../exchange/backoff';

export type LiveStatus = 'connecting' | 'live' | 'down';
export type LiveProblem = 'token_unavailable' | 'token_refused' | 'unreachable' | 'no_pong' | 'too_many_requests' | 'frame_too_large' | 'refused' | 'closed';

export interface LiveConnectionState {
  status: LiveStatus;
  problem: LiveProblem | null;
  /** Epoch ms of the next attempt while down; null otherwise. */
  retryAt: number | null;
  /** Failed attempts in a row (0 once live). */
  attempt: number;
  /**
   * Frames that were not JSON-RPC, or pushed a channel this connection never subscribed to, since
   * it opened (shown, never fatal; such a frame changes nothing else).
   */
  unreadableFrames: number;
}

export interface Subscription {
  method: string;
  params: unknown[];
}

export interface LiveTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface LiveConnectionOptions {
  url: () => string;
  /** A fresh token for `authorize`; called once per connection attempt. Absent: public channels only, no `authorize`. */
  token?: () => Promise<string>;
  /** Sent in full after every (re)connect: the exchange keeps no subscriptions across connections. */
  subscriptions: () => Subscription[];
  /**
   * A pushed update, validated as an envelope only; the owner validates its params and answers
   * false when it could not use them (counted as unreadable, like a frame of an unknown channel).
   */
  onUpdate: (method: string, params: unknown) => boolean | void;
  /** The update methods the subscriptions bring; a push of any other is counted as unreadable, not handed on. */
  updateMethods: ReadonlySet<string>;
  /** Subscribed again after a gap: events of the gap are not replayed, the owner reads REST. */
  onLive: () => void;
  /**
   * A change of status, problem or retry time at once; a change of the unreadable count alone at
   * most once per `stateEveryMs`, so a flood of bad frames is one event a second, not one a frame.
   */
  onState: (state: LiveConnectionState) => void;
  stateEveryMs?: number;
  pingEveryMs?: number;
  pongTimeoutMs?: number;
  /** Answers to authorize and subscribe must come within this. */
  answerTimeoutMs?: number;
  maxFrameBytes?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  random?: () => number;
  timers?: LiveTimers;
  now?: () => number;
}

export const LIVE_DEFAULTS = {
  pingEveryMs: 50_000,
  pongTimeoutMs: 10_000,
  answerTimeoutMs: 10_000,
  /** A 50-position snapshot is about 30 KB; 1 MiB leaves room and refuses a runaway frame. */
  maxFrameBytes: 1024 * 1024,
  backoffBaseMs: 1_000,
  backoffMaxMs: 60_000,
  stateEveryMs: 1_000,
} as const;

const Answer = z.object({ id: z.number().int(), result: z.unknown(), error: z.object({ code: z.number().int(), message: z.string().optional() }).nullable() });
const Update = z.object({ id: z.null(), method: z.string().max(100), params: z.unknown() });

export interface LiveConnection {
  start(): void;
  /** Reconnects at once (subscriptions changed, or a user asked). */
  restart(): void;
  /** Sends the whole subscription list again on the open connection (a subscribe replaces its channel's list); no-op unless live. */
  resubscribe(): void;
  stop(): void;
  state(): LiveConnectionState;
}

class Refused extends Error {
  constructor(readonly problem: LiveProblem) {
    super(problem);
  }
}

export function createLiveConnection(options: LiveConnectionOptions): LiveConnection {
  const o = { ...LIVE_DEFAULTS, ...options };
  const timers: LiveTimers = options.timers ?? { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) };
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;

  let current: LiveConnectionState = { status: 'down', problem: null, retryAt: null, attempt: 0, unreadableFrames: 0 };
  let ws: WebSocket | null = null;
  let stopped = true;
  let generation = 0;
  let retryTimer: unknown = null;
  let pingTimer: unknown = null;
  let pongTimer: unknown = null;
  let nextId = 1;
  /** A count-only state waiting for its slot, and when a state was last shown. */
  let countTimer: unknown = null;
  let shownAt = Number.NEGATIVE_INFINITY;
  const pending = new Map<number, { resolve: (frame: z.infer<typeof Answer>) => void; timer: unknown }>();

  function show(): void {
    if (countTimer !== null) timers.clearTimeout(countTimer);
    countTimer = null;
    shownAt = now();
    options.onState({ ...current });
  }

  function set(changes: Partial<LiveConnectionState>): void {
    const next = { ...current, ...changes };
    const moved = next.status !== current.status || next.problem !== current.problem || next.retryAt !== current.retryAt;
    const counted = next.unreadableFrames !== current.unreadableFrames;
    current = next;
    if (moved) return show();
    if (!counted || countTimer !== null) return;
    countTimer = timers.setTimeout(show, Math.max(0, shownAt + o.stateEveryMs - now()));
  }

  function countUnreadable(): void {
    set({ unreadableFrames: current.unreadableFrames + 1 });
  }

  function clearTimers(): void {
    for (const handle of [retryTimer, pingTimer, pongTimer]) if (handle !== null) timers.clearTimeout(handle);
    retryTimer = pingTimer = pongTimer = null;
    for (const { timer } of pending.values()) timers.clearTimeout(timer);
    pending.clear();
  }

  function drop(): void {
    const socket = ws;
    ws = null;
    if (socket) {
      socket.removeAllListeners();
      socket.on('error', () => {});
      socket.terminate();
    }
  }

  /** Ends this attempt and schedules the next one. */
  function fail(problem: LiveProblem, gen: number): void {
    if (gen !== generation || stopped) return;
    generation++;
    clearTimers();
    drop();
    // Never sooner than half the ceiling: a stream refused at once is not asked again at once.
    const delay = backoffDelayMs(current.attempt, { baseMs: o.backoffBaseMs, capMs: o.backoffMaxMs, floorShare: 0.5 }, random);
    set({ status: 'down', problem, retryAt: now() + delay, attempt: current.attempt + 1 });
    retryTimer = timers.setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
  }

  function request(socket: WebSocket, method: string, params: unknown[], gen: number): Promise<z.infer<typeof Answer>> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = timers.setTimeout(() => {
        pending.delete(id);
        reject(new Refused('unreachable'));
      }, o.answerTimeoutMs);
      pending.set(id, { resolve, timer });
      if (gen === generation) socket.send(JSON.stringify({ id, method, params }));
    });
  }

  function onFrame(data: Buffer, gen: number): void {
    if (gen !== generation) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString('utf8'));
    } catch {
      return countUnreadable();
    }
    const update = Update.safeParse(parsed);
    if (update.success) {
      if (!options.updateMethods.has(update.data.method)) return countUnreadable();
      if (options.onUpdate(update.data.method, update.data.params) === false) countUnreadable();
      return;
    }
    const answer = Answer.safeParse(parsed);
    if (!answer.success) return countUnreadable();
    if (answer.data.error?.code === 7) return fail('too_many_requests', gen);
    const waiting = pending.get(answer.data.id);
    if (!waiting) return;
    pending.delete(answer.data.id);
    timers.clearTimeout(waiting.timer);
    waiting.resolve(answer.data);
  }

  function schedulePing(socket: WebSocket, gen: number): void {
    pingTimer = timers.setTimeout(() => {
      pingTimer = null;
      if (gen !== generation) return;
      const id = nextId++;
      pongTimer = timers.setTimeout(() => fail('no_pong', gen), o.pongTimeoutMs);
      pending.set(id, {
        timer: pongTimer,
        resolve: () => {
          if (pongTimer !== null) timers.clearTimeout(pongTimer);
          pongTimer = null;
          schedulePing(socket, gen);
        },
      });
      socket.send(JSON.stringify({ id, method: 'ping', params: [] }));
    }, o.pingEveryMs);
  }

  async function subscribe(socket: WebSocket, gen: number): Promise<void> {
    const answers = await Promise.all(options.subscriptions().map((s) => request(socket, s.method, s.params, gen)));
    if (answers.some((a) => a.error)) throw new Refused('refused');
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    const gen = ++generation;
    set({ status: 'connecting', retryAt: null, unreadableFrames: 0 });
    let token: string | null = null;
    try {
      if (options.token) token = await options.token();
    } catch {
      return fail('token_unavailable', gen);
    }
    if (gen !== generation || stopped) return;
    let socket: WebSocket;
    try {
      socket = new WebSocket(options.url(), { maxPayload: o.maxFrameBytes, handshakeTimeout: o.answerTimeoutMs });
    } catch {
      return fail('unreachable', gen);
    }
    ws = socket;
    let opened = false;
    socket.on('message', (data: Buffer) => onFrame(data, gen));
    socket.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' || /max payload/i.test(error.message)) fail('frame_too_large', gen);
      else if (/unexpected server response/i.test(error.message)) fail('refused', gen);
      else fail(opened ? 'closed' : 'unreachable', gen);
    });
    socket.on('close', (code: number) => fail(code === 1009 ? 'frame_too_large' : 'closed', gen));
    socket.on('open', () => {
      opened = true;
      void (async () => {
        try {
          if (token !== null) {
            const authorized = await request(socket, 'authorize', [token, 'public'], gen);
            if (authorized.error) throw new Refused('token_refused');
          }
          await subscribe(socket, gen);
        } catch (error) {
          return fail(error instanceof Refused ? error.problem : 'unreachable', gen);
        }
        if (gen !== generation) return;
        set({ status: 'live', problem: null, retryAt: null, attempt: 0 });
        schedulePing(socket, gen);
        options.onLive();
      })();
    });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      void connect();
    },
    restart() {
      if (stopped) return;
      generation++;
      clearTimers();
      drop();
      void connect();
    },
    resubscribe() {
      const socket = ws;
      const gen = generation;
      if (stopped || socket === null || current.status !== 'live') return;
      subscribe(socket, gen).catch((error: unknown) => fail(error instanceof Refused ? error.problem : 'unreachable', gen));
    },
    stop() {
      stopped = true;
      generation++;
      clearTimers();
      drop();
      set({ status: 'down', problem: null, retryAt: null, attempt: 0 });
      if (countTimer !== null) timers.clearTimeout(countTimer);
      countTimer = null;
    },
    state: () => ({ ...current }),
  };
}
