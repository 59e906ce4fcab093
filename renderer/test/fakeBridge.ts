/**
 * The one stand-in for the preload's `window.exchange` in renderer tests. The bridge is the
 * renderer's boundary, so views, hooks, the query layer and `invoke` all run for real on top of it;
 * only the main process is replaced, since it cannot run inside jsdom. Tests script the answers
 * channel by channel and look at what the views asked for.
 */
import { AppFailure, type AppError, type Envelope } from '../../shared/errors';
import type { Channel, EventName, EventPayloads, ExchangeBridge, RequestOf, ResponseOf } from '../../shared/ipc';

/**
 * Answers one channel with the data the main process would send; throw `failure(error)` to answer
 * with an error envelope instead, as the router turns a service's AppFailure into one.
 */
export type Handler<C extends Channel> = (payload: RequestOf<C>) => ResponseOf<C> | Promise<ResponseOf<C>>;
export type Handlers = { [C in Channel]?: Handler<C> };

export interface FakeBridge extends ExchangeBridge {
  calls: Array<{ channel: Channel; payload: unknown }>;
  handle<C extends Channel>(channel: C, handler: Handler<C>): void;
  /** Several channels at once; returns the bridge so a test can install and script in one line. */
  handleAll(handlers: Handlers): FakeBridge;
  reply<C extends Channel>(channel: C, data: ResponseOf<C>): void;
  failWith(channel: Channel, error: AppError): void;
  /** Never answers: the view stays in its loading state. */
  hang(channel: Channel): void;
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void;
  callsTo(channel: Channel): unknown[];
}

export function failure(error: AppError): AppFailure {
  return new AppFailure(error);
}

export function createFakeBridge(): FakeBridge {
  const handlers = new Map<Channel, Handler<Channel>>();
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const calls: FakeBridge['calls'] = [];
  const bridge: FakeBridge = {
    calls,
    async invoke<C extends Channel>(channel: C, payload: RequestOf<C>): Promise<Envelope<ResponseOf<C>>> {
      calls.push({ channel, payload });
      const handler = handlers.get(channel) as Handler<C> | undefined;
      if (!handler) return { ok: false, error: { kind: 'internal', message: `fake bridge: no handler for ${channel}` } };
      try {
        return { ok: true, data: await handler(payload) };
      } catch (thrown) {
        if (thrown instanceof AppFailure) return { ok: false, error: thrown.error };
        throw thrown;
      }
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as (payload: never) => void);
      return () => set.delete(listener as (payload: never) => void);
    },
    handle(channel, handler) {
      handlers.set(channel, handler as unknown as Handler<Channel>);
    },
    handleAll(all) {
      for (const [channel, handler] of Object.entries(all)) handlers.set(channel as Channel, handler as unknown as Handler<Channel>);
      return bridge;
    },
    reply(channel, data) {
      handlers.set(channel, () => data as never);
    },
    failWith(channel, error) {
      handlers.set(channel, () => {
        throw failure(error);
      });
    },
    hang(channel) {
      handlers.set(channel, () => new Promise(() => {}));
    },
    emit(event, payload) {
      for (const l of listeners.get(event) ?? []) (l as (p: unknown) => void)(payload);
    },
    callsTo(channel) {
      return calls.filter((c) => c.channel === channel).map((c) => c.payload);
    },
  };
  return bridge;
}
