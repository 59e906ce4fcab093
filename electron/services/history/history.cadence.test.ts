/**
 * The snapshot clock over a real SQLite file with an injected clock: a live account that refreshes
 * every second gets a snapshot a minute; amounts that change land at their time; what is held back
 * reaches History when it is read and the database when the app closes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openHistory, overviewOf, type HistoryHarness } from './test/harness';

const T0 = Date.UTC(2026, 2, 29, 0, 0, 0);
const SECOND = 1_000;
const MINUTE = 60_000;

let h: HistoryHarness;
beforeEach(() => {
  h = openHistory(T0);
});
afterEach(async () => {
  await h.close();
});

/** A refresh at the harness's clock: its overview offered and looked at, as after its answer. */
function refresh(btc: string, price: string): void {
  h.history.offer(overviewOf(btc, price, h.clock.now));
  h.history.flush();
}

/** The most snapshots any window of one minute holds. */
function busiestMinute(times: number[]): number {
  return Math.max(0, ...times.map((start) => times.filter((t) => t >= start && t < start + MINUTE).length));
}

describe('the snapshot clock', () => {
  it('a refresh a second with prices moving at each gives one snapshot a minute', () => {
    for (let s = 0; s < 10 * 60; s++) {
      h.clock.now = T0 + s * SECOND;
      refresh('1', String(62_000 + s));
    }
    const times = h.snapshots();
    expect(times).toEqual(Array.from({ length: 10 }, (_, i) => T0 + i * MINUTE));
    expect(busiestMinute(times)).toBe(1);
  });

  it('an amount that changes is written at its time; a second change within the minute waits for the clock', () => {
    refresh('1', '62000');
    h.clock.now = T0 + 20 * SECOND;
    refresh('1.5', '62000'); // a deposit
    h.clock.now = T0 + 30 * SECOND;
    refresh('2', '62000'); // another, ten seconds later
    expect(h.snapshots()).toEqual([T0, T0 + 20 * SECOND]);
    // The clock counts a minute from the newest snapshot, whatever wrote it.
    h.clock.now = T0 + 79 * SECOND;
    refresh('2', '62001');
    expect(h.snapshots()).toHaveLength(2);
    h.clock.now = T0 + 80 * SECOND;
    refresh('2', '62001');
    expect(h.snapshots()).toEqual([T0, T0 + 20 * SECOND, T0 + 80 * SECOND]);
    expect(h.history.asOf({ accountId: 'acc', at: T0 + 20 * SECOND }).snapshot?.assets.find((a) => a.asset === 'BTC')?.total).toBe('1.5');
  });

  it('amounts changing every second still give at most two snapshots in any minute', () => {
    for (let s = 0; s < 5 * 60; s++) {
      h.clock.now = T0 + s * SECOND;
      refresh(`1.${s}`, '62000');
    }
    const times = h.snapshots();
    expect(busiestMinute(times)).toBe(2);
    expect(times.length).toBeLessThanOrEqual(10);
  });

  it('nothing changed: no snapshot however much time passes, until the timer asks for one', async () => {
    refresh('1', '62000');
    h.clock.now = T0 + 10 * MINUTE;
    refresh('1', '62000');
    expect(h.snapshots()).toEqual([T0]);
    await h.history.tick();
    h.history.flush();
    expect(h.snapshots()).toEqual([T0, T0 + 10 * MINUTE]);
    // The timer again within the minute: no second one.
    h.clock.now += 30 * SECOND;
    await h.history.tick();
    h.history.flush();
    expect(h.snapshots()).toHaveLength(2);
  });

  it('a price move held back is the chart\'s last point when History is read', () => {
    refresh('1', '62000');
    h.clock.now = T0 + 10 * SECOND;
    refresh('1', '63000');
    expect(h.snapshots()).toEqual([T0]);
    const series = h.history.series({ accountId: 'acc', range: '1d' });
    expect(series.points.at(-1)).toEqual({ at: T0 + 10 * SECOND, value: '63100.5' });
    expect(series.snapshots).toBe(2);
  });

  it('a price move back to what was written leaves nothing held', () => {
    refresh('1', '62000');
    h.clock.now = T0 + 10 * SECOND;
    refresh('1', '63000');
    h.clock.now = T0 + 20 * SECOND;
    refresh('1', '62000');
    expect(h.history.series({ accountId: 'acc', range: '1d' }).snapshots).toBe(1);
  });

  it('what is held is written when the app closes', async () => {
    refresh('1', '62000');
    h.clock.now = T0 + 10 * SECOND;
    refresh('1', '63000');
    await h.history.close();
    expect(h.snapshots()).toEqual([T0, T0 + 10 * SECOND]);
  });
});
