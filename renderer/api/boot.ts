/**
 * The page's first call (issue 14): `app.bootstrap` brings settings, accounts and the landing
 * view's answers in one round trip, and the queries that would have asked for them one after the
 * other take their first answer from it. Each part is handed out once, within BOOT_WINDOW_MS of
 * the start; a refetch, another account or quote, or a failed bootstrap ask the main process as usual.
 */
import type { Envelope } from '../../shared/errors';
import type { Channel, RequestOf } from '../../shared/ipc';
import type { Bootstrap } from '../../shared/model/startup';
import { getBridge } from './bridge';

/** After this the bootstrap's answers are too old to stand in for a first fetch. */
export const BOOT_WINDOW_MS = 10_000;
/**
 * A landing answer handed to a query's first fetch is dated by its arrival (TanStack sets the
 * time), so one answered longer ago than this is not handed out that way: the query asks afresh.
 * The first render's cache entries carry their true date instead (takeSettledBootstrap).
 */
export const UNDATED_HANDOUT_MS = 1_000;

/** The channels the bootstrap answers for. */
const BOOTED: readonly Channel[] = ['settings.get', 'accounts.list', 'balances.overview', 'exchange.assets'];

interface Started {
  at: number;
  answer: Promise<Bootstrap | null>;
  /** The answer once it has arrived (null: the bootstrap failed). */
  settled?: Bootstrap | null;
}

let started: Started | null = null;
const taken = new Set<Channel>();

/** A payload as text with its keys sorted, so `{quote, accountId}` and `{accountId, quote}` agree. */
function payloadKey(payload: unknown): string {
  if (typeof payload !== 'object' || payload === null) return JSON.stringify(payload);
  return JSON.stringify(Object.fromEntries(Object.entries(payload).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}

/** Sends `app.bootstrap` (once); called before the app's modules load (renderer/startup.ts). */
export function startBootstrap(now: () => number = performance.now.bind(performance)): void {
  if (started) return;
  const answer = getBridge()
    .invoke('app.bootstrap', {})
    .then(
      (envelope) => (envelope.ok ? envelope.data : null),
      () => null,
    );
  const entry: Started = { at: now(), answer };
  void answer.then((boot) => {
    entry.settled = boot;
  });
  started = entry;
}

/**
 * The bootstrap's answers, already arrived, as query cache entries `[channel, payload]` -> data,
 * handed out (as by takeBooted) so that the page's first render can start with them in its cache.
 * Empty while the answer is still on its way: the queries then wait for it through takeBooted.
 */
export function takeSettledBootstrap(): Array<{ channel: Channel; payload: object; data: unknown; updatedAt?: number }> {
  const boot = started?.settled;
  if (!boot) return [];
  const out: Array<{ channel: Channel; payload: object; data: unknown; updatedAt?: number }> = [];
  const give = (channel: Channel, payload: object, envelope: Envelope<unknown>, updatedAt?: number) => {
    if (taken.has(channel) || !envelope.ok) return;
    taken.add(channel);
    out.push(updatedAt === undefined ? { channel, payload, data: envelope.data } : { channel, payload, data: envelope.data, updatedAt });
  };
  give('settings.get', {}, { ok: true, data: boot.settings });
  give('accounts.list', {}, { ok: true, data: boot.accounts });
  if (boot.landing) {
    // The same payloads, key for key, that the Balances view asks with (renderer/features/balances).
    give('balances.overview', { accountId: boot.landing.accountId, quote: boot.landing.quote }, boot.landing.overview, boot.landing.answeredAt);
    give('exchange.assets', { accountId: boot.landing.accountId }, boot.landing.assets);
  }
  return out;
}

/**
 * Resolves once the bootstrap has answered (or failed), or after `capMs`, whichever is first. The
 * first render waits for it so that it starts with the answers in its cache (each dated truly),
 * rather than rendering a loading pass a few milliseconds before they arrive.
 */
export function bootstrapSettled(capMs: number): Promise<void> {
  if (!started || started.settled !== undefined) return Promise.resolve();
  const answer = started.answer;
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, capMs);
    void answer.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Forgets the bootstrap (tests). */
export function resetBootstrap(): void {
  started = null;
  taken.clear();
}

function answerFor<C extends Channel>(boot: Bootstrap, channel: C, payload: RequestOf<C>): Envelope<unknown> | undefined {
  switch (channel) {
    case 'settings.get':
      return { ok: true, data: boot.settings };
    case 'accounts.list':
      return { ok: true, data: boot.accounts };
    case 'balances.overview': {
      const landing = boot.landing;
      if (!landing || Date.now() - landing.answeredAt > UNDATED_HANDOUT_MS) return undefined;
      return payloadKey(payload) === payloadKey({ accountId: landing.accountId, quote: landing.quote }) ? landing.overview : undefined;
    }
    case 'exchange.assets': {
      const landing = boot.landing;
      return landing && payloadKey(payload) === payloadKey({ accountId: landing.accountId }) ? landing.assets : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The bootstrap's answer for this call, if it has one not yet handed out; undefined when the call
 * must go to the main process itself.
 */
export async function takeBooted<C extends Channel>(channel: C, payload: RequestOf<C>, now: () => number = performance.now.bind(performance)): Promise<Envelope<unknown> | undefined> {
  if (!started || !BOOTED.includes(channel) || taken.has(channel) || now() - started.at > BOOT_WINDOW_MS) return undefined;
  const boot = await started.answer;
  if (!boot || taken.has(channel)) return undefined;
  const answer = answerFor(boot, channel, payload);
  if (answer) taken.add(channel);
  return answer;
}
