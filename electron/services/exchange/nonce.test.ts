import { describe, expect, it, vi } from 'vitest';
import { CLOCK_REFRESH_MS, CLOCK_RETRY_AFTER_FAILURE_MS, estimateOffsetMs, NonceRegistry, NonceSequence, ServerClock } from './nonce';

describe('NonceSequence', () => {
  it('follows the clock and bumps to last+1 when the clock has not moved', () => {
    const seq = new NonceSequence();
    expect(seq.next(1000.7)).toBe(1000);
    expect(seq.next(1000.9)).toBe(1001);
    expect(seq.next(999)).toBe(1002); // the clock went backwards: still strictly increasing
    expect(seq.next(5000)).toBe(5000);
  });

  it('never repeats under a burst of concurrent requests in one millisecond', async () => {
    const seq = new NonceSequence();
    const nonces = await Promise.all(Array.from({ length: 500 }, async () => seq.next(42)));
    expect(new Set(nonces).size).toBe(500);
    expect(nonces).toEqual([...nonces].sort((a, b) => a - b));
  });

  it('is shared by every client of one API key, and separate per key', () => {
    const registry = new NonceRegistry();
    expect(registry.sequenceFor('key-A-nonce-test')).toBe(registry.sequenceFor('key-A-nonce-test'));
    expect(registry.sequenceFor('key-A-nonce-test')).not.toBe(registry.sequenceFor('key-B-nonce-test'));
  });
});

describe('estimateOffsetMs', () => {
  it('applies no correction when our clock is consistent with the whole-second server time', () => {
    expect(estimateOffsetMs(1000, 1_000_100, 1_000_140)).toBe(0);
    expect(estimateOffsetMs(1000, 999_990, 1_000_010)).toBe(0);
    expect(estimateOffsetMs(1000, 1_000_990, 1_001_030)).toBe(0);
  });

  it('aligns midpoints when the clocks disagree by more than the measurement can explain', () => {
    // Our clock is 60 s ahead: server says 1000 s while we read 1060.2 s.
    expect(estimateOffsetMs(1000, 1_060_200, 1_060_240)).toBe(1_000_500 - 1_060_220);
    // Our clock is 7 s behind.
    expect(estimateOffsetMs(1000, 993_400, 993_420)).toBe(1_000_500 - 993_410);
  });
});

describe('ServerClock', () => {
  function fakeClock(start: number) {
    let t = start;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  }

  it('measures once for concurrent callers, then corrects the time', async () => {
    const time = fakeClock(1_060_000); // 60 s ahead of a server at 1000 s
    const clock = new ServerClock(time.now);
    let asked = 0;
    const fetch = async () => {
      asked++;
      return 1000;
    };
    const waits = [clock.ready(fetch), clock.ready(fetch), clock.ready(fetch)];
    expect(waits.every((w) => w instanceof Promise)).toBe(true);
    await Promise.all(waits);
    expect(asked).toBe(1);
    expect(clock.offsetMs).toBe(-59_500);
    expect(clock.correctedNow()).toBe(1_000_500);
    expect(clock.ready(fetch)).toBeUndefined();
  });

  it('tolerates a failed measurement (offset stays 0) and asks again only after a pause', async () => {
    const time = fakeClock(5_000_000);
    const clock = new ServerClock(time.now);
    let asked = 0;
    const failing = async () => {
      asked++;
      throw new Error('down');
    };
    await clock.ready(failing);
    expect(clock.offsetMs).toBe(0);
    expect(clock.ready(failing)).toBeUndefined();
    expect(asked).toBe(1);
    time.advance(CLOCK_RETRY_AFTER_FAILURE_MS);
    // The retry runs in the background: callers do not wait for it.
    expect(clock.ready(failing)).toBeUndefined();
    await Promise.resolve();
    expect(asked).toBe(2);
  });

  it('refreshes in the background after a while, and waits again after markStale', async () => {
    const time = fakeClock(1_000_000);
    const clock = new ServerClock(time.now);
    let serverSeconds = 1000;
    let asked = 0;
    const fetch = async () => {
      asked++;
      return serverSeconds;
    };
    await clock.ready(fetch);
    expect(clock.offsetMs).toBe(0);
    time.advance(CLOCK_REFRESH_MS);
    serverSeconds = 1000 + CLOCK_REFRESH_MS / 1000 + 30; // server jumped 30 s ahead
    const background = clock.ready(fetch);
    expect(background).toBeUndefined();
    await vi.waitFor(() => expect(clock.offsetMs).toBe(30_500));
    expect(asked).toBe(2);
    clock.markStale();
    const wait = clock.ready(fetch);
    expect(wait).toBeInstanceOf(Promise);
    await wait;
    expect(asked).toBe(3);
  });
});
