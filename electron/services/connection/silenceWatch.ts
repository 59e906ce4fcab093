/**
 * The ping that fills silence, run by the main process for the accounts a page is watching.
 *
 * Every exchange call already tells the connection state (monitor.ts); a ping is needed only when
 * nothing has called for a while, so that an exchange that went away shows as Offline within the
 * 5 s the product promises, and often while it is away, so that its return shows quickly.
 *
 * Why here and not in the page (issue 14): from the page, each ping was a round trip to the main
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
import type { ConnectionMonitor } from './monitor';

/** No exchange call for this long: ping. A refused connection then shows about 3 s after the exchange stops. */
export const SILENCE_PING_MS = 3_000;
/** While offline or given up on a busy exchange: ping this often, so the way back shows quickly. */
export const OUTAGE_PING_MS = 1_500;
/** Watchers kept per account: pages are few; this only bounds what a misbehaving caller can add. */
const MAX_WATCHERS_PER_ACCOUNT = 32;

export interface SilenceWatch {
  /** `watcher` (one page) watches `accountId` for another lease, or stops (`watching` false). */
  watch(accountId: string, watcher: string, watching: boolean): void;
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
  now?: () => number;
}

interface Watched {
  /** Lease end (epoch ms) of each watching page. */
  leases: Map<string, number>;
  timer: ReturnType<typeof setTimeout> | undefined;
  inFlight: boolean;
  lastPingAt: number;
}

export function createSilenceWatch(options: SilenceWatchOptions): SilenceWatch {
  const silenceMs = options.silenceMs ?? SILENCE_PING_MS;
  const outageMs = options.outageMs ?? OUTAGE_PING_MS;
  const leaseMs = options.leaseMs ?? CONNECTION_WATCH_LEASE_MS;
  const now = options.now ?? Date.now;
  const watched = new Map<string, Watched>();
  let closed = false;

  /** The latest lease end, after dropping the leases that ran out; 0 when none is left. */
  function leaseEnd(entry: Watched, at: number): number {
    let latest = 0;
    for (const [watcher, until] of entry.leases) {
      if (until <= at) entry.leases.delete(watcher);
      else latest = Math.max(latest, until);
    }
    return latest;
  }

  /** When the next ping is due (epoch ms), or null when none is (a change of state decides). */
  function dueAt(accountId: string, entry: Watched): number | null {
    const state = options.monitor.get(accountId);
    // The client is already retrying: a ping would only add to the exchange's load.
    if (state.status === 'busy' && state.retry !== null) return null;
    // A refused key is not mended by pinging often, so it waits for silence like a working one.
    const unreachable = state.status === 'offline' || state.status === 'busy';
    return unreachable ? entry.lastPingAt + outageMs : Math.max(entry.lastPingAt, state.lastCallAt ?? 0) + silenceMs;
  }

  function schedule(accountId: string): void {
    const entry = watched.get(accountId);
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.timer = undefined;
    const at = now();
    const until = leaseEnd(entry, at);
    if (closed || until === 0) {
      watched.delete(accountId);
      return;
    }
    // A ping in flight schedules the next when it settles.
    if (entry.inFlight) return;
    const due = dueAt(accountId, entry);
    if (due === null) return;
    if (due > at) {
      // Woken at the due time, or when the last lease ends, whichever is first; the state is read
      // again then, since calls made meanwhile move the silence's end.
      entry.timer = setTimeout(() => schedule(accountId), Math.min(due, until) - at);
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

  return {
    watch(accountId, watcher, watching) {
      if (closed) return;
      let entry = watched.get(accountId);
      if (!watching) {
        if (!entry) return;
        entry.leases.delete(watcher);
        schedule(accountId);
        return;
      }
      if (!entry) {
        entry = { leases: new Map(), timer: undefined, inFlight: false, lastPingAt: 0 };
        watched.set(accountId, entry);
      }
      if (!entry.leases.has(watcher) && entry.leases.size >= MAX_WATCHERS_PER_ACCOUNT) {
        // The oldest lease makes room: a page that renews is never the one dropped for long.
        const [oldest] = [...entry.leases].sort((a, b) => a[1] - b[1])[0]!;
        entry.leases.delete(oldest);
      }
      entry.leases.set(watcher, now() + leaseMs);
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
