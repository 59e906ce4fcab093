/**
 * The live connection and service against the simulator's real WebSocket: live, a margin call
 * reaching the overview, and every hostile stream (drop, no pong, garbage, gigantic frame, flood,
 * refused token, code 7). The pushed figures themselves: liveModel.simulator.test.ts.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { admin } from '../../simulator/test/admin-client';
import { createExchangeClient, type ExchangeClient } from '../exchange/client';
import { createExchangeRuntime } from '../exchange/runtime';
import type { LiveState } from '../../../shared/model/live';
import type { PositionsOverview } from '../../../shared/model/balances';
import { createLiveService, type LiveService } from './service';
import { countingClient } from './test/countingClient';

let sim: RunningSimulator;
let client: ExchangeClient;
const runtime = createExchangeRuntime();
let service: LiveService | null = null;
let states: LiveState[];
/** When each state arrived (Date.now), beside `states`. */
let stateTimes: number[];
/** Overviews computed from pushes, and when each arrived (Date.now). */
let overviews: PositionsOverview[];
let pushes: number[];
/** The REST reads the live feed made, by client method. */
let restReads: string[];

const FAST = { pingEveryMs: 300, pongTimeoutMs: 300, answerTimeoutMs: 1000, backoffBaseMs: 100, backoffMaxMs: 400, maxFrameBytes: 256 * 1024 };

beforeAll(async () => {
  sim = await startSimulator({ seed: 42, rateLimits: false, priceTickMs: 0, live: { tickMs: 200 } });
  const main = sim.accounts.find((a) => a.name === 'Main (B2B)')!;
  // These tests reconnect far more often than 10 times a minute on purpose: the token endpoint's
  // client-side limit would hold them back, and the simulator's limits are off too.
  client = createExchangeClient({ runtime, baseUrl: sim.url, credentials: { apiKey: main.apiKey, apiSecret: main.apiSecret }, rateLimit: false });
});
afterAll(async () => {
  runtime.close();
  await sim.close();
});
beforeEach(async () => {
  await admin(sim, 'POST', 'reset');
  states = [];
  stateTimes = [];
  overviews = [];
  pushes = [];
  restReads = [];
});
afterEach(() => {
  service?.close();
  service = null;
});

async function startLive(overrides: Partial<typeof FAST> = {}): Promise<LiveService> {
  service = createLiveService({
    accounts: async () => [{ id: 'a1', notifyPositions: true }],
    clientFor: async () => countingClient(client, restReads),
    onState: (s) => {
      states.push(s);
      stateTimes.push(Date.now());
    },
    onOverview: (overview) => {
      overviews.push(overview);
      pushes.push(Date.now());
    },
    connection: { ...FAST, ...overrides },
  });
  await service.sync();
  await until(() => service!.get('a1').status === 'live');
  return service;
}

async function until(check: () => boolean, timeoutMs = 4000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms; states: ${JSON.stringify(states.slice(-4))}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const mainKey = () => sim.accounts.find((a) => a.name === 'Main (B2B)')!.apiKey;

describe('live connection against the simulator', () => {
  it('goes live, reads REST once for the gap, and a margin call set through the admin API reaches the overview within 2 s and reads REST again', async () => {
    const live = await startLive();
    expect(live.get('a1')).toMatchObject({ status: 'live', problem: null });
    await until(() => overviews.length > 0 && restReads.filter((r) => r === 'positions').length === 1);
    const position = sim.state.positions(mainKey()).find((p) => p.liquidationState === null && p.amount !== null)!;
    const setAt = Date.now();
    await admin(sim, 'POST', 'positions', { apiKey: mainKey(), positionId: position.positionId, liquidationState: 'margin_call' });
    const inMarginCall = () => overviews.at(-1)!.positions.find((p) => p.positionId === position.positionId)?.liquidationState === 'margin_call';
    await until(inMarginCall, 2000);
    expect(Date.now() - setAt).toBeLessThan(2000);
    expect(live.overview('a1')!.positions.find((p) => p.positionId === position.positionId)!.liquidationState).toBe('margin_call');
    // The event is the exchange acting on the account: its REST figures are read again.
    await until(() => restReads.filter((r) => r === 'positions').length >= 2, 2000);
  });

  it('a dropped socket shows fallback with a retry time, then live again', async () => {
    await startLive();
    await admin(sim, 'POST', 'live', { down: true });
    await until(() => states.some((s) => s.status === 'fallback' && s.retryAt !== null));
    expect(states.find((s) => s.status === 'fallback')!.problem).toMatch(/closed|refused/);
    await admin(sim, 'POST', 'live', { down: false });
    await until(() => service!.get('a1').status === 'live');
  });

  it('a server that stops answering pings is left for a new connection', async () => {
    await startLive();
    await admin(sim, 'POST', 'live', { mute: true });
    await until(() => states.some((s) => s.problem === 'no_pong'));
    await admin(sim, 'POST', 'live', { mute: false });
    await until(() => service!.get('a1').status === 'live');
  });

  it('a gigantic frame is refused and the connection made again', async () => {
    await startLive();
    await admin(sim, 'POST', 'live', { action: 'huge', bytes: 1024 * 1024 });
    await until(() => states.some((s) => s.problem === 'frame_too_large'));
    await until(() => service!.get('a1').status === 'live');
  });

  it('hands on the overview at most four times a second, however fast pushes come', async () => {
    await startLive({ pongTimeoutMs: 2000 });
    // Snapshots every 200 ms: pushes are told.
    await until(() => pushes.length >= 2, 2000);
    await admin(sim, 'POST', 'live', { action: 'flood', count: 10_000 });
    const from = Date.now();
    await new Promise((r) => setTimeout(r, 1500));
    const told = pushes.filter((at) => at >= from);
    expect(told.length).toBeGreaterThan(0);
    expect(told.length).toBeLessThanOrEqual(7);
    for (let i = 1; i < told.length; i++) expect(told[i]! - told[i - 1]!).toBeGreaterThanOrEqual(240);
    // Closed: nothing more is told.
    service!.close();
    const after = pushes.length;
    await new Promise((r) => setTimeout(r, 400));
    expect(pushes.length).toBe(after);
  });

  it('garbage is counted and ignored; a flood does not stop the pings', async () => {
    // The simulator floods from this same process, so the pong deadline allows for its sending too.
    await startLive({ pongTimeoutMs: 2000 });
    await admin(sim, 'POST', 'live', { action: 'garbage' });
    await until(() => service!.get('a1').unreadableFrames === 1);
    expect(service!.get('a1').status).toBe('live');
    await admin(sim, 'POST', 'live', { action: 'flood', count: 10_000 });
    // Several ping rounds after the flood: still the same connection.
    const fallbacksBefore = states.filter((s) => s.status === 'fallback').length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(states.filter((s) => s.status === 'fallback').length).toBe(fallbacksBefore);
    expect(service!.get('a1').status).toBe('live');
  });

  it('frames of a channel never subscribed and unreadable frames are counted, change nothing, read no REST, and are told at most once a second', async () => {
    const live = await startLive({ pongTimeoutMs: 2000 });
    await until(() => overviews.length > 0 && restReads.length >= 5);
    const readsBefore = restReads.length;
    const from = states.length;
    // The flood pushes lastprice for every market; only the open positions' markets are subscribed.
    const watched = new Set(live.overview('a1')!.positions.map((p) => p.market));
    const markets = sim.state.prices.markets().map((m) => m.name);
    const count = 5_000;
    let unsubscribed = 0;
    for (let i = 0; i < count; i++) if (!watched.has(markets[i % markets.length]!)) unsubscribed++;
    const prices = () => Object.fromEntries(live.overview('a1')!.positions.map((p) => [p.positionId, p.currentPrice]));
    const pricesBefore = prices();
    await admin(sim, 'POST', 'live', { action: 'flood', count });
    for (let i = 0; i < 20; i++) await admin(sim, 'POST', 'live', { action: 'garbage' });
    await until(() => service!.get('a1').unreadableFrames === unsubscribed + 20);
    expect(restReads.length).toBe(readsBefore);
    expect(prices()).toEqual(pricesBefore);
    const told = stateTimes.slice(from);
    expect(states.slice(from).every((s) => s.status === 'live')).toBe(true);
    // Each count-only state waited for its slot: they are a second or more apart.
    for (let i = 1; i < told.length; i++) expect(told[i]! - told[i - 1]!).toBeGreaterThanOrEqual(950);
  });

  it('a refused token and code 7 back off and retry', async () => {
    await startLive();
    await admin(sim, 'POST', 'live', { action: 'too_many' });
    await until(() => states.some((s) => s.problem === 'too_many_requests'));
    await admin(sim, 'POST', 'live', { refuseTokens: true, action: 'drop' });
    await until(() => states.some((s) => s.problem === 'token_refused'));
    await admin(sim, 'POST', 'live', { refuseTokens: false });
    await until(() => service!.get('a1').status === 'live');
  });

  it('an account without alerts has no connection', async () => {
    service = createLiveService({ accounts: async () => [{ id: 'a1', notifyPositions: false }], clientFor: async () => client, onState: (s) => states.push(s) });
    await service.sync();
    expect(service.get('a1').status).toBe('off');
    expect(states).toEqual([]);
  });

  it('a read of the accounts that answers late cannot undo a newer one', async () => {
    // The first read (alerts still off) is held back until the second (alerts on) has answered.
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let reads = 0;
    service = createLiveService({
      accounts: async () => {
        reads++;
        if (reads === 1) {
          await firstHeld;
          return [{ id: 'a1', notifyPositions: false }];
        }
        return [{ id: 'a1', notifyPositions: true }];
      },
      clientFor: async () => client,
      onState: (s) => states.push(s),
      connection: FAST,
    });
    const older = service.sync();
    const newer = service.sync();
    releaseFirst();
    await Promise.all([older, newer]);
    expect(reads).toBe(2);
    await until(() => service!.get('a1').status === 'live');
  });
});
