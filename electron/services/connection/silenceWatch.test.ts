/**
 * When main pings through a silence: the monitor is the real one, fed by the "exchange" below
 * through the observer a client would report to; timings are shortened, the timers are real.
 * With a real core and simulator: connection.simulator.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CallOutcome } from '../exchange/outcomes';
import { createConnectionMonitor, type ConnectionMonitor } from './monitor';
import { createSilenceWatch, type SilenceWatch } from './silenceWatch';

const SILENCE_MS = 200;
const OUTAGE_MS = 80;
const LEASE_MS = 700;

const answered: CallOutcome = { type: 'success', auth: 'public' };
const refused: CallOutcome = { type: 'failure', auth: 'public', error: { kind: 'network', message: 'The exchange refused the connection.' }, retry: null };
const retrying: CallOutcome = { type: 'failure', auth: 'public', error: { kind: 'server', status: 503, message: 'busy' }, retry: { attempt: 1, of: 3 } };

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

let watch: SilenceWatch | null = null;
afterEach(() => watch?.close());

/** A watch over a real monitor whose pings answer with `exchange.next` (what the exchange does now). */
function setup(leaseMs = LEASE_MS) {
  const monitor: ConnectionMonitor = createConnectionMonitor();
  const exchange = { next: answered as CallOutcome, pings: [] as number[] };
  watch = createSilenceWatch({
    monitor,
    silenceMs: SILENCE_MS,
    outageMs: OUTAGE_MS,
    leaseMs,
    ping: async (accountId) => {
      exchange.pings.push(Date.now());
      monitor.observerFor(accountId)(exchange.next);
      if (exchange.next.type === 'failure') throw new Error(exchange.next.error.message);
    },
  });
  return { monitor, exchange, watch, call: (outcome: CallOutcome = answered) => monitor.observerFor('a')(outcome) };
}

describe('silence watch', () => {
  it('pings at once when nothing is known, then only after a silence counted from the latest call', async () => {
    const { exchange, watch, call } = setup();
    watch.watch('a', 'page-0001', true);
    await sleep(20);
    expect(exchange.pings).toHaveLength(1);
    // A call 120 ms into the silence puts the next ping off to 200 ms after it.
    await sleep(100);
    call();
    const calledAt = Date.now();
    await sleep(150);
    expect(exchange.pings).toHaveLength(1);
    await sleep(150);
    expect(exchange.pings).toHaveLength(2);
    expect(exchange.pings[1]! - calledAt).toBeGreaterThanOrEqual(SILENCE_MS - 5);
  });

  it('pings often while the exchange is unreachable, never while the client is retrying, and slows down once it is back', async () => {
    const { exchange, watch, monitor, call } = setup(10_000);
    call(refused);
    watch.watch('a', 'page-0001', true);
    await sleep(20);
    exchange.next = refused;
    await sleep(OUTAGE_MS * 4);
    expect(exchange.pings.length).toBeGreaterThanOrEqual(3);
    expect(monitor.get('a').status).toBe('offline');

    // The client retrying a busy exchange: a ping would only add to its load.
    call(retrying);
    const beforeRetrying = exchange.pings.length;
    await sleep(OUTAGE_MS * 4);
    expect(exchange.pings).toHaveLength(beforeRetrying);

    // Answered again: back to pinging after silences only.
    exchange.next = answered;
    call(answered);
    const backAt = exchange.pings.length;
    await sleep(SILENCE_MS / 2);
    expect(exchange.pings).toHaveLength(backAt);
    await sleep(SILENCE_MS);
    expect(exchange.pings).toHaveLength(backAt + 1);
  });

  it('pings only while a page watches: a lease runs out by itself, one page leaving keeps the other one\'s', async () => {
    const { exchange, watch, call } = setup();
    call();
    await sleep(SILENCE_MS * 2);
    expect(exchange.pings).toHaveLength(0);

    watch.watch('a', 'page-0001', true);
    watch.watch('a', 'page-0002', true);
    watch.watch('a', 'page-0001', false);
    await sleep(SILENCE_MS * 2);
    expect(exchange.pings.length).toBeGreaterThanOrEqual(1);

    // page-0002 never renews: its lease ends and the pinging with it.
    await sleep(LEASE_MS);
    const afterLease = exchange.pings.length;
    await sleep(SILENCE_MS * 2);
    expect(exchange.pings).toHaveLength(afterLease);

    // A page that says it is hidden stops its pinging at once.
    watch.watch('a', 'page-0003', true);
    await sleep(SILENCE_MS + 50);
    watch.watch('a', 'page-0003', false);
    const hiddenAt = exchange.pings.length;
    await sleep(SILENCE_MS * 2);
    expect(exchange.pings).toHaveLength(hiddenAt);
  });

  it('goes on after a failed ping, and stops every timer when closed', async () => {
    const { exchange, watch } = setup();
    exchange.next = refused;
    watch.watch('a', 'page-0001', true);
    await sleep(OUTAGE_MS * 3);
    expect(exchange.pings.length).toBeGreaterThanOrEqual(2);
    watch.close();
    const closedAt = exchange.pings.length;
    await sleep(OUTAGE_MS * 3);
    expect(exchange.pings).toHaveLength(closedAt);
    watch.watch('a', 'page-0001', true);
    await sleep(OUTAGE_MS * 2);
    expect(exchange.pings).toHaveLength(closedAt);
  });
});
