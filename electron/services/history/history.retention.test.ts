/**
 * Retention over a real SQLite file with an injected clock: every snapshot for a day, one per
 * 5 minutes to 7 days, hourly to 90 days, daily after; the buckets are UTC's, so a daylight-saving
 * change in the local zone (Europe/Kyiv moves its clocks on 29 March 2026) changes nothing. The CI
 * runs this file in whatever zone it has; run it with TZ=Europe/Kyiv too.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openHistory, overviewOf, type HistoryHarness } from './test/harness';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Europe/Kyiv's spring change: 03:00 local became 04:00, at 01:00 UTC. */
const KYIV_SPRING_CHANGE = Date.UTC(2026, 2, 29, 1, 0, 0);

let h: HistoryHarness;
afterEach(async () => {
  await h.close();
});

/** BTC's price and amount at a moment: the price moves every snapshot, the amount every 37 minutes. */
const priceAt = (at: number) => String(60_000 + ((at / MINUTE) % 5_000));
const amountAt = (at: number) => `1.${Math.floor(at / (37 * MINUTE)) % 1_000}`;

/** A snapshot every `every` ms from `from` up to (not including) `to`; leaves the clock at the last. */
function fill(from: number, to: number, every: number): void {
  // One fsync per snapshot would take seconds; the write path is the same.
  h.database.connection.pragma('synchronous = OFF');
  for (let at = from; at < to; at += every) {
    h.clock.now = at;
    h.history.offer(overviewOf(amountAt(at), priceAt(at), at));
    h.history.flush();
  }
}

/**
 * In each whole `bucketMs` bucket between `from` and `to`, the kept snapshots are the newest written
 * one; returns the kept ones in the band.
 */
function expectNewestOfEach(written: number[], bucketMs: number, from: number, to: number): number[] {
  const kept = h.snapshots();
  const band: number[] = [];
  for (let start = Math.ceil(from / bucketMs) * bucketMs; start + bucketMs <= to; start += bucketMs) {
    const inBucket = (at: number) => at >= start && at < start + bucketMs;
    const newest = written.filter(inBucket).at(-1);
    expect(kept.filter(inBucket)).toEqual(newest === undefined ? [] : [newest]);
    if (newest !== undefined) band.push(newest);
  }
  return band;
}

/** Checks the retained snapshots against the rules at `now`, and that each still reads as written. */
function expectRetained(now: number, written: number[]): void {
  const kept = h.snapshots();
  // The last day: every snapshot.
  expect(kept.filter((at) => at >= now - DAY + 5 * MINUTE)).toEqual(written.filter((at) => at >= now - DAY + 5 * MINUTE));
  // A day to a week: the newest of each UTC 5-minute bucket.
  const fiveMinute = expectNewestOfEach(written, 5 * MINUTE, now - 7 * DAY + HOUR, now - DAY - 5 * MINUTE);
  // A week to 90 days: the newest of each UTC hour.
  const hourly = expectNewestOfEach(written, HOUR, now - 90 * DAY + DAY, now - 7 * DAY - HOUR);
  // What is left reads as written: each kept snapshot's amount and price are those of its own time.
  for (const at of [kept[0]!, hourly[0] ?? kept[0]!, hourly.at(-1) ?? kept[0]!, fiveMinute[0]!, fiveMinute.at(-1)!, kept.at(-1)!]) {
    const btc = h.history.asOf({ accountId: 'acc', at }).snapshot!.assets.find((a) => a.asset === 'BTC')!;
    expect([btc.total, btc.price]).toEqual([amountAt(at), priceAt(at)]);
  }
}

describe('retention', () => {
  beforeEach(() => {
    h = openHistory(0);
  });

  it('a 5-minute band across the spring clock change keeps one a UTC 5 minutes, and a later pass thins only what aged since', async () => {
    const start = KYIV_SPRING_CHANGE - 4 * DAY;
    const now = KYIV_SPRING_CHANGE + 2 * DAY;
    fill(start, now, 2 * MINUTE);
    await h.history.compact();
    const written = Array.from({ length: (now - start) / (2 * MINUTE) }, (_, i) => start + i * 2 * MINUTE);
    expectRetained(h.clock.now, written);

    // Three hours later, with three more hours written: the band's edge moves by whole buckets.
    const later = now + 3 * HOUR;
    fill(now, later, 2 * MINUTE);
    await h.history.compact();
    expectRetained(h.clock.now, [...written, ...Array.from({ length: (later - now) / (2 * MINUTE) }, (_, i) => now + i * 2 * MINUTE)]);
  });

  it('an hourly band across the clock change has 24 snapshots on each UTC day, the change day too', async () => {
    const start = KYIV_SPRING_CHANGE - 3 * DAY - HOUR;
    const now = KYIV_SPRING_CHANGE + 10 * DAY;
    fill(start, now, 10 * MINUTE);
    await h.history.compact();
    const written = Array.from({ length: (now - start) / (10 * MINUTE) }, (_, i) => start + i * 10 * MINUTE);
    expectRetained(h.clock.now, written);
    // Every UTC day of the band has 24, the one Kyiv's clock lost an hour on too.
    const changeDay = Date.UTC(2026, 2, 29);
    for (let day = changeDay - 2 * DAY; day <= changeDay + 2 * DAY; day += DAY) {
      expect(h.snapshots().filter((at) => at >= day && at < day + DAY)).toHaveLength(24);
    }
  });

  it('older than 90 days: one a UTC day', async () => {
    const start = Date.UTC(2026, 0, 1);
    const now = start + 100 * DAY;
    fill(start, now, 2 * HOUR);
    await h.history.compact();
    const written = Array.from({ length: (now - start) / (2 * HOUR) }, (_, i) => start + i * 2 * HOUR);
    const daily = expectNewestOfEach(written, DAY, start, h.clock.now - 90 * DAY - DAY);
    expect(daily.length).toBeGreaterThanOrEqual(8);
    expectRetained(h.clock.now, written);
  });
});
