/**
 * The live connection and service against the simulator's real WebSocket: live, the alert trigger,
 * and every hostile stream (drop, no pong, garbage, gigantic frame, flood, refused token, code 7).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { admin } from '../../simulator/test/admin-client';
import { createExchangeClient, type ExchangeClient } from '../exchange/client';
import { createExchangeRuntime } from '../exchange/runtime';
import type { LiveState } from '../../../shared/model/live';
import { createLiveService, type LiveService } from './service';

let sim: RunningSimulator;
let client: ExchangeClient;
const runtime = createExchangeRuntime();
let service: LiveService | null = null;
let states: LiveState[];
/** When each state arrived (Date.now), beside `states`. */
let stateTimes: number[];
let riskChanges: number[];
let pushes: number[];

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
  riskChanges = [];
  pushes = [];
});
afterEach(() => {
  service?.close();
  service = null;
});

async function startLive(overrides: Partial<typeof FAST> = {}): Promise<LiveService> {
  service = createLiveService({
    accounts: async () => [{ id: 'a1', notifyPositions: true }],
    clientFor: async () => client,
    onRiskChange: () => riskChanges.push(Date.now()),
    onState: (s) => {
      states.push(s);
      stateTimes.push(Date.now());
    },
    onPushed: () => pushes.push(Date.now()),
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
  it('goes live, reads REST once for the gap, and a margin call set through the admin API triggers a REST read within 2 s', async () => {
    const live = await startLive();
    expect(live.get('a1')).toMatchObject({ status: 'live', problem: null });
    await until(() => riskChanges.length === 1);
    // The first snapshot arrives before the change, so the change is seen as one.
    await new Promise((r) => setTimeout(r, 500));
    const position = sim.state.positions(mainKey()).find((p) => p.liquidationState === null && p.amount !== null)!;
    const before = riskChanges.length;
    const setAt = Date.now();
    await admin(sim, 'POST', 'positions', { apiKey: mainKey(), positionId: position.positionId, liquidationState: 'margin_call' });
    await until(() => riskChanges.length > before, 2000);
    expect(riskChanges[before]! - setAt).toBeLessThan(2000);
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

  it('tells of pushed data at most four times a second, however fast it comes', async () => {
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

  it('frames of a channel never subscribed and unreadable frames are counted, change nothing, and are told at most once a second', async () => {
    await startLive({ pongTimeoutMs: 2000 });
    await until(() => riskChanges.length === 1);
    const risksBefore = riskChanges.length;
    const from = states.length;
    // lastprice was never subscribed on this connection; the flood pushes it anyway.
    await admin(sim, 'POST', 'live', { action: 'flood', count: 5_000 });
    for (let i = 0; i < 20; i++) await admin(sim, 'POST', 'live', { action: 'garbage' });
    await until(() => service!.get('a1').unreadableFrames === 5_020);
    expect(riskChanges.length).toBe(risksBefore);
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
    service = createLiveService({ accounts: async () => [{ id: 'a1', notifyPositions: false }], clientFor: async () => client, onRiskChange: () => {}, onState: (s) => states.push(s) });
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
      onRiskChange: () => {},
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
