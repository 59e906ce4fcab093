/**
 * When main pings through a silence: the monitor is the real one, fed by the "exchange" below
 * through the observer a client would report to; the clock is vitest's fake one, so the timings are
 * the product's own and exact. With a real core and simulator: connection.simulator.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_WATCH_LEASE_MS } from '../../../shared/model/connection';
import type { CallOutcome } from '../exchange/outcomes';
import { READ_RETRY_BACKOFF } from '../exchange/backoff';
import { createConnectionMonitor } from './monitor';
import { createSilenceWatch, OUTAGE_PING_MS, SILENCE_PING_MS, type SilenceWatch } from './silenceWatch';

const answered: CallOutcome = { type: 'success', auth: 'public' };
const refused: CallOutcome = { type: 'failure', auth: 'public', error: { kind: 'network', message: 'The exchange refused the connection.' }, retry: null };
const retrying: CallOutcome = { type: 'failure', auth: 'public', error: { kind: 'server', status: 503, message: 'busy' }, retry: { attempt: 1, of: 3 } };

let watch: SilenceWatch | null = null;
let seq = 0;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z') });
  seq = 0;
});
afterEach(() => {
  watch?.close();
  vi.useRealTimers();
});

const elapse = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** A watch over a real monitor whose pings answer with `exchange.next` (what the exchange does now). */
function setup(heardAt?: () => number | null) {
  const monitor = createConnectionMonitor();
  const exchange = { next: answered as CallOutcome, pings: [] as number[] };
  watch = createSilenceWatch({
    monitor,
    ...(heardAt ? { heardAt } : {}),
    // Both clocks are the fake one: leases and silences advance together.
    leaseNow: () => Date.now(),
    ping: async (accountId) => {
      exchange.pings.push(Date.now());
      monitor.observerFor(accountId)(exchange.next);
      if (exchange.next.type === 'failure') throw new Error(exchange.next.error.message);
    },
  });
  const w = watch;
  return {
    monitor,
    exchange,
    call: (outcome: CallOutcome = answered) => monitor.observerFor('a')(outcome),
    /** The next message of `watcher`, numbered as a page numbers its own. */
    tell: (watcher: string, watching: boolean, at = ++seq) => w.watch('a', watcher, watching, at),
  };
}

describe('silence watch', () => {
  it('pings at once when nothing is known, then only after a silence counted from the latest call', async () => {
    const { exchange, call, tell } = setup();
    tell('page-0001', true);
    await elapse(0);
    expect(exchange.pings).toHaveLength(1);
    // A call 1 s into the silence puts the next ping off to 3 s after it.
    await elapse(1_000);
    call();
    const calledAt = Date.now();
    await elapse(SILENCE_PING_MS - 1);
    expect(exchange.pings).toHaveLength(1);
    await elapse(1);
    expect(exchange.pings).toEqual([expect.any(Number), calledAt + SILENCE_PING_MS]);
  });

  it('a live stream that pushes fills the silence: no ping while pushes come, pings again once they stop', async () => {
    let pushedAt: number | null = null;
    const { exchange, call, tell } = setup(() => pushedAt);
    call();
    tell('page-0001', true);
    for (let i = 0; i < 10; i++) {
      await elapse(1_000);
      pushedAt = Date.now();
    }
    expect(exchange.pings).toHaveLength(0);
    const lastPush = pushedAt!;
    await elapse(SILENCE_PING_MS);
    expect(exchange.pings).toEqual([lastPush + SILENCE_PING_MS]);
  });

  it('pings often while the exchange is unreachable, holds off while the client retries, and slows down once it is back', async () => {
    const { exchange, monitor, call, tell } = setup();
    exchange.next = refused;
    call(refused);
    tell('page-0001', true);
    await elapse(OUTAGE_PING_MS * 4);
    expect(exchange.pings).toHaveLength(5);
    expect(monitor.get('a').status).toBe('offline');

    // The client retrying a busy exchange: a ping would only add to its load.
    call(retrying);
    const beforeRetrying = exchange.pings.length;
    await elapse(READ_RETRY_BACKOFF.capMs);
    expect(exchange.pings).toHaveLength(beforeRetrying);

    // Answered again: back to pinging after silences only.
    exchange.next = answered;
    call(answered);
    const backAt = exchange.pings.length;
    await elapse(SILENCE_PING_MS - 1);
    expect(exchange.pings).toHaveLength(backAt);
    await elapse(1);
    expect(exchange.pings).toHaveLength(backAt + 1);
  });

  it('resumes after the longest back-off when a retrying call never reports again (cancelled mid-wait)', async () => {
    const { exchange, call, tell } = setup();
    call(retrying);
    tell('page-0001', true);
    await elapse(READ_RETRY_BACKOFF.capMs);
    expect(exchange.pings).toHaveLength(0);
    await elapse(OUTAGE_PING_MS);
    expect(exchange.pings).toHaveLength(1);
    tell('page-0001', true); // still watched (a page renews every minute)
  });

  it('pings only while a page watches: a lease runs out by itself, one page leaving keeps the other one\'s', async () => {
    const { exchange, call, tell } = setup();
    call();
    await elapse(SILENCE_PING_MS * 2);
    expect(exchange.pings).toHaveLength(0);

    // The silence is long over: the first watch pings at once, then every 3 s.
    tell('page-0001', true);
    tell('page-0002', true);
    tell('page-0001', false);
    await elapse(0);
    expect(exchange.pings).toHaveLength(1);
    await elapse(SILENCE_PING_MS);
    expect(exchange.pings).toHaveLength(2);

    // page-0002 never renews: its lease ends and the pinging with it.
    const leaseEndsAt = exchange.pings[0]! + CONNECTION_WATCH_LEASE_MS;
    await elapse(CONNECTION_WATCH_LEASE_MS);
    expect(exchange.pings.at(-1)).toBeLessThan(leaseEndsAt);
    expect(exchange.pings.at(-1)).toBeGreaterThan(leaseEndsAt - SILENCE_PING_MS - 1);
    const afterLease = exchange.pings.length;
    await elapse(SILENCE_PING_MS * 3);
    expect(exchange.pings).toHaveLength(afterLease);

    // A page that says it is hidden stops its pinging at once.
    tell('page-0003', true);
    await elapse(SILENCE_PING_MS);
    tell('page-0003', false);
    const hiddenAt = exchange.pings.length;
    await elapse(SILENCE_PING_MS * 3);
    expect(exchange.pings).toHaveLength(hiddenAt);
  });

  it('ignores a message overtaken by a later one from the same page (HTTP can deliver them out of order)', async () => {
    const { exchange, call, tell } = setup();
    call();
    // The page sent "watching" (1), then "stopped" (2); main handles 2 first.
    tell('page-0001', false, 2);
    tell('page-0001', true, 1);
    await elapse(SILENCE_PING_MS * 3);
    expect(exchange.pings).toHaveLength(0);
    // And the other way round: "stopped" (3), then "watching" (4), handled 4 then 3.
    tell('page-0001', true, 4);
    tell('page-0001', false, 3);
    await elapse(SILENCE_PING_MS);
    expect(exchange.pings).toHaveLength(2);
  });

  it('goes on after a failed ping, and stops every timer when closed', async () => {
    const { exchange, tell } = setup();
    exchange.next = refused;
    tell('page-0001', true);
    await elapse(OUTAGE_PING_MS * 2);
    expect(exchange.pings).toHaveLength(3);
    watch!.close();
    await elapse(OUTAGE_PING_MS * 3);
    expect(exchange.pings).toHaveLength(3);
    tell('page-0001', true);
    await elapse(OUTAGE_PING_MS * 2);
    expect(exchange.pings).toHaveLength(3);
    expect(vi.getTimerCount()).toBe(0);
  });
});
