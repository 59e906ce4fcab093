/**
 * The ping that fills silence, run by the main process for the accounts a page is watching.
 *
 * Every exchange call already tells the connection state (monitor.ts); a ping is needed only when
 * nothing has called for a while, so that an exchange that went away shows as Offline within the
 * 5 s the product promises, and often while it is away, so that its return shows quickly.
 *
 * Why here and not in the page: from the page, each ping was a round trip to the main
 * process and, when no event had told its outcome, a second one to read the state back, about
 * every 3 s while idle. That cost the page half a percent of a core (bench:idle), more than
 * everything else it does at idle. Main knows every call's time without being told, so it pings
 * only when needed and the page hears of a change only when what it shows changes.
 *
 * A page watches an account with a lease it renews while it is visible (CONNECTION_WATCH_LEASE_MS);
 * a page that is hidden says so, and one that vanished without saying stops counting when its lease
 * runs out. Pings stop when no page watches.
 */
import { CONNECTION_WATCH_LEASE_MS } from '../../../shared/model/connection';
import { READ_RETRY_BACKOFF } from '../exchange/backoff';
import type { ConnectionMonitor } from './monitor';

/** No exchange call for this long: ping. A refused connection then shows about 3 s after the exchange stops. */
export const SILENCE_PING_MS = 3_000;
/** While offline or given up on a busy exchange: ping this often, so the way back shows quickly. */
export const OUTAGE_PING_MS = 1_500;
/** Watchers kept per account, and accounts watched: pages and accounts are few; these only bound what a misbehaving caller can add. */
const MAX_WATCHERS_PER_ACCOUNT = 32;
const MAX_WATCHED_ACCOUNTS = 64;

export interface SilenceWatch {
  /**
   * `watcher` (one page) watches `accountId` for another lease, or stops (`watching` false). `seq`
   * grows with each message of that watcher: over HTTP two messages can be handled out of order,
   * and an older one (a "watching" sent before a "stopped") is ignored.
   */
  watch(accountId: string, watcher: string, watching: boolean, seq: number): void;
  /** Stops every timer (runtime close). */
  close(): void;
}

export interface SilenceWatchOptions {
  monitor: Pick<ConnectionMonitor, 'get' | 'onChange'>;
  /** One ping of the account's exchange; its outcome reaches the monitor like any call's. */
  ping: (accountId: string) => Promise<unknown>;
  silenceMs?: number;
  outageMs?: number;
  leaseMs?: number;
  /**
   * When the account's live stream last brought data (epoch ms), or null: a stream that pushes is
   * the exchange answering, so it fills the silence as a call does and no ping is needed.
   */
  heardAt?: (accountId: string) => number | null;
  /** Wall-clock ms, the clock of the call times the monitor records. */
  now?: () => number;
  /**
   * Monotonic ms for the leases. A system sleep stops it as it stops the page's renewal timer, so
   * a lease does not run out during the sleep and leave a page that just woke unwatched.
   */
  leaseNow?: () => number;
}

interface Lease {
  /** End of the lease (leaseNow ms); 0 once the page said it stopped watching. */
  until: number;
  /** The page's sequence number of the message that set this. */
  seq: number;
  /** Kept (even when ended) until then, so a late older message is still recognised as older. */
  keepUntil: number;
}

interface Watched {
  leases: Map<string, Lease>;
  timer: ReturnType<typeof setTimeout> | undefined;
  inFlight: boolean;
  lastPingAt: number;
}

export function createSilenceWatch(options: SilenceWatchOptions): SilenceWatch {
  const silenceMs = options.silenceMs ?? SILENCE_PING_MS;
  const outageMs = options.outageMs ?? OUTAGE_PING_MS;
  const leaseMs = options.leaseMs ?? CONNECTION_WATCH_LEASE_MS;
  const now = options.now ?? Date.now;
  const leaseNow = options.leaseNow ?? (() => performance.now());
  const watched = new Map<string, Watched>();
  let closed = false;

  /** The latest lease end (leaseNow ms), after forgetting what is past keeping; 0 when no lease runs. */
  function leaseEnd(entry: Watched, at: number): number {
    let latest = 0;
    for (const [watcher, lease] of entry.leases) {
      if (lease.until > at) latest = Math.max(latest, lease.until);
      else if (lease.keepUntil <= at) entry.leases.delete(watcher);
    }
    return latest;
  }

  /** When the next ping is due (epoch ms). */
  function dueAt(accountId: string, entry: Watched): number {
    const state = options.monitor.get(accountId);
    // The client is already retrying: a ping would only add to the exchange's load. Its next
    // outcome comes within the longest back-off; if none does (the call was cancelled mid-wait),
    // the pinging resumes after that.
    if (state.status === 'busy' && state.retry !== null) return Math.max(entry.lastPingAt, state.lastCallAt ?? 0) + READ_RETRY_BACKOFF.capMs + outageMs;
    // A refused key is not mended by pinging often, so it waits for silence like a working one.
    const unreachable = state.status === 'offline' || state.status === 'busy';
    return unreachable ? entry.lastPingAt + outageMs : Math.max(entry.lastPingAt, state.lastCallAt ?? 0, options.heardAt?.(accountId) ?? 0) + silenceMs;
  }

  function schedule(accountId: string): void {
    const entry = watched.get(accountId);
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.timer = undefined;
    const at = now();
    const leaseAt = leaseNow();
    const until = leaseEnd(entry, leaseAt);
    if (closed || until === 0) {
      // Ended leases are kept a while (keepUntil); the entry goes once none is left.
      if (closed || entry.leases.size === 0) watched.delete(accountId);
      else entry.timer = setTimeout(() => schedule(accountId), Math.min(...[...entry.leases.values()].map((l) => l.keepUntil)) - leaseAt);
      return;
    }
    // A ping in flight schedules the next when it settles.
    if (entry.inFlight) return;
    const due = dueAt(accountId, entry);
    if (due > at) {
      // Woken at the due time, or when the last lease ends, whichever is first; the state is read
      // again then, since calls made meanwhile move the silence's end.
      entry.timer = setTimeout(() => schedule(accountId), Math.min(due - at, until - leaseAt));
      return;
    }
    entry.inFlight = true;
    entry.lastPingAt = at;
    options
      .ping(accountId)
      // The outcome is the monitor's to record; a removed account or a refused key ends here too.
      .catch(() => undefined)
      .finally(() => {
        entry.inFlight = false;
        schedule(accountId);
      });
  }

  // A change of status may change how often to ping (offline: sooner; retrying: not at all).
  const unsubscribe = options.monitor.onChange((state) => {
    if (watched.has(state.accountId)) schedule(state.accountId);
  });

  /**
   * Makes room by dropping the item whose lease ends first (a page that renews is never dropped for
   * long); returns it.
   */
  function dropEarliest<T>(items: Map<string, T>, endOf: (item: T) => number): T | undefined {
    let earliest: { key: string; item: T; end: number } | null = null;
    for (const [key, item] of items) {
      const end = endOf(item);
      if (earliest === null || end < earliest.end) earliest = { key, item, end };
    }
    if (earliest) items.delete(earliest.key);
    return earliest?.item;
  }

  return {
    watch(accountId, watcher, watching, seq) {
      if (closed) return;
      let entry = watched.get(accountId);
      if (!entry) {
        // Even a stop makes an entry: it leaves its mark (below) in case the watch it ends is still
        // on its way.
        if (watched.size >= MAX_WATCHED_ACCOUNTS) {
          const dropped = dropEarliest(watched, (e) => Math.max(0, ...[...e.leases.values()].map((l) => l.until)));
          clearTimeout(dropped?.timer);
        }
        entry = { leases: new Map(), timer: undefined, inFlight: false, lastPingAt: 0 };
        watched.set(accountId, entry);
      }
      const previous = entry.leases.get(watcher);
      if (previous && seq <= previous.seq) return;
      if (!previous && entry.leases.size >= MAX_WATCHERS_PER_ACCOUNT) dropEarliest(entry.leases, (l) => l.until);
      const at = leaseNow();
      entry.leases.set(watcher, { until: watching ? at + leaseMs : 0, seq, keepUntil: at + leaseMs });
      schedule(accountId);
    },
    close() {
      closed = true;
      unsubscribe();
      for (const entry of watched.values()) clearTimeout(entry.timer);
      watched.clear();
    },
  };
}
