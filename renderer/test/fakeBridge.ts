/**
 * A stand-in for the Electron preload's `window.exchange`: the bridge is the boundary of the
 * renderer, so view tests drive it with scripted answers and look at what the views asked for.
 */
import type { AppError, Envelope } from '../../shared/errors';
import type { Channel, EventName, EventPayloads, ExchangeBridge, RequestOf, ResponseOf } from '../../shared/ipc';

type Handler<C extends Channel> = (payload: RequestOf<C>) => Envelope<ResponseOf<C>> | Promise<Envelope<ResponseOf<C>>>;

export interface FakeBridge extends ExchangeBridge {
  calls: Array<{ channel: Channel; payload: unknown }>;
  handle<C extends Channel>(channel: C, handler: Handler<C>): void;
  reply<C extends Channel>(channel: C, data: ResponseOf<C>): void;
  failWith(channel: Channel, error: AppError): void;
  /** Never answers: the view stays in its loading state. */
  hang(channel: Channel): void;
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void;
  callsTo(channel: Channel): unknown[];
}

export function createFakeBridge(): FakeBridge {
  const handlers = new Map<Channel, Handler<Channel>>();
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const calls: FakeBridge['calls'] = [];
  const bridge: FakeBridge = {
    calls,
    async invoke(channel, payload) {
      calls.push({ channel, payload });
      const handler = handlers.get(channel);
      if (!handler) return { ok: false, error: { kind: 'internal', message: `fake bridge: no handler for ${channel}` } };
      return (await handler(payload as never)) as never;
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
    reply(channel, data) {
      handlers.set(channel, () => ({ ok: true, data }) as never);
    },
    failWith(channel, error) {
      handlers.set(channel, () => ({ ok: false, error }));
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
