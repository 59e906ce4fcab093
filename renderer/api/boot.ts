/**
 * The page's first call: `app.bootstrap` brings settings, accounts and the landing
 * view's answers in one round trip, and the queries that would have asked for them one after the
 * other take their first answer from it. Each part is handed out once, within BOOT_WINDOW_MS of
 * the start; a refetch, another account or quote, or a failed bootstrap ask the main process as usual.
 */
import type { Envelope } from '../../shared/errors';
import type { Channel, RequestOf } from '../../shared/ipc';
import type { Bootstrap } from '../../shared/model/startup';
import type { QueryClient } from '@tanstack/react-query';
import { getBridge } from './bridge';

/** After this the bootstrap's answers are too old to stand in for a first fetch. */
const BOOT_WINDOW_MS = 10_000;
/**
 * A landing answer handed to a query's first fetch is dated by its arrival (TanStack sets the
 * time), so one answered longer ago than this is not handed out that way: the query asks afresh.
 * The first render's cache entries carry their true date instead (takeSettledBootstrap).
 */
const UNDATED_HANDOUT_MS = 1_000;

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
  // The bridge first, either way: it takes the launch token out of the address at once, so that a
  // reload, however early, is the page as built (electron/browser/server.ts).
  const bridge = getBridge();
  const answer = bridge
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

/** A query cache entry `[channel, payload]` -> data that the bootstrap answered. */
export interface BootCacheEntry {
  channel: Channel;
  payload: object;
  data: unknown;
  /** When the main process answered it (Unix ms), where that is not "just now". */
  updatedAt?: number;
}

/** The bootstrap's answers as query cache entries, failed parts left out: the page's first render starts with them. */
function bootstrapCacheEntries(boot: Bootstrap): BootCacheEntry[] {
  const out: BootCacheEntry[] = [
    { channel: 'settings.get', payload: {}, data: boot.settings },
    { channel: 'accounts.list', payload: {}, data: boot.accounts },
  ];
  const landing = boot.landing;
  if (landing) {
    // The same payloads, key for key, that the Balances view asks with (renderer/features/balances).
    if (landing.overview.ok) out.push({ channel: 'balances.overview', payload: { accountId: landing.accountId, quote: landing.quote }, data: landing.overview.data, updatedAt: landing.answeredAt });
    if (landing.assets.ok) out.push({ channel: 'exchange.assets', payload: { accountId: landing.accountId }, data: landing.assets.data });
  }
  return out;
}

/** Puts bootstrap answers into a query cache, an overview dated when the main process answered it. */
export function seedQueryCache(queryClient: Pick<QueryClient, 'setQueryData'>, entries: readonly BootCacheEntry[]): void {
  for (const { channel, payload, data, updatedAt } of entries) queryClient.setQueryData([channel, payload], data, updatedAt === undefined ? undefined : { updatedAt });
}

/**
 * The bootstrap's answers, already arrived, as query cache entries (bootstrapCacheEntries), handed
 * out (as by takeBooted) so that the page's first render can start with them in its cache.
 * Empty while the answer is still on its way: the queries then wait for it through takeBooted.
 */
export function takeSettledBootstrap(): BootCacheEntry[] {
  const boot = started?.settled;
  if (!boot) return [];
  const out = bootstrapCacheEntries(boot).filter((entry) => !taken.has(entry.channel));
  for (const entry of out) taken.add(entry.channel);
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
