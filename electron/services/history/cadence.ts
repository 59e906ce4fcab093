/**
 * When a balance overview becomes a snapshot. Snapshots run on a clock of their own, not on the
 * refreshes that offer them: a chart reads minutes within a day, so a snapshot a second (a live
 * account refreshes that often) would only cost disk and write time.
 *
 * - The clock: at most one snapshot a minute per series, and only when something changed (the
 *   5-minute timer writes one even when nothing did, so the chart reaches the present).
 * - Amounts that changed (a deposit, a withdrawal, a trade) are written at once, so they land at
 *   their time; at most one such early snapshot a minute, so a stream of changes cannot flood it.
 * Either way a series gets at most two snapshots in any minute. What is not written yet is held
 * and written when the clock comes round, when History is read, or when the app closes.
 */
const SNAPSHOT_SPACING_MS = 60_000;

/** A snapshot's digest is `<amounts>.<amounts and prices>`: amount changes are told from price moves. */
export function digestOf(amountsHash: string, allHash: string): string {
  return `${amountsHash}.${allHash}`;
}

/** The amounts' part of a digest (earlier versions stored one hash: never equal to a new one). */
function amountsPart(digest: string): string | null {
  const dot = digest.indexOf('.');
  return dot < 0 ? null : digest.slice(0, dot);
}

export interface SeriesClock {
  /** The newest snapshot written (of any kind). */
  lastAt: number;
  lastDigest: string;
  /** The newest snapshot written early because amounts changed (-Infinity: none since the app started). */
  lastEarlyAt: number;
}

export type Decision = 'write_on_clock' | 'write_early' | 'hold' | 'skip';

/**
 * What to do with an overview offered at `at`. `force`: the timer's snapshot, written when the
 * clock is due even when nothing changed.
 */
export function decide(clock: SeriesClock | undefined, at: number, digest: string, force: boolean): Decision {
  if (!clock) return 'write_on_clock';
  const due = at - clock.lastAt >= SNAPSHOT_SPACING_MS;
  if (clock.lastDigest === digest) return force && due ? 'write_on_clock' : 'skip';
  if (due) return 'write_on_clock';
  const amountsChanged = amountsPart(clock.lastDigest) !== amountsPart(digest);
  if (amountsChanged && at - clock.lastEarlyAt >= SNAPSHOT_SPACING_MS) return 'write_early';
  return 'hold';
}
