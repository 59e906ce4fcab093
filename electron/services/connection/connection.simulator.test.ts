/**
 * The connection state with real parts: the core (router, accounts, the exchange client and its
 * runtime) talking to the simulator over HTTP as the Demo account. The simulator is stopped and
 * started again on the same port, and made to answer 503 and 403 through its admin API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Envelope } from '../../../shared/errors';
import type { Channel, RequestOf, ResponseOf } from '../../../shared/ipc';
import { DEMO_ACCOUNT_ID } from '../../../shared/model/accounts';
import type { ConnectionState } from '../../../shared/model/connection';
import { createCore, type Core } from '../../core';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { admin } from '../../simulator/test/admin-client';

const SEED = 11;
const direct = { transport: 'direct' } as const;
const BALANCE_PATH = '/api/v4/main-account/balance';

let simulator: RunningSimulator;
let port = 0;
let dir: string;
let core: Core;
/** Every connection.changed event, with the time it arrived. */
const pushed: Array<{ at: number; state: ConnectionState }> = [];

async function call<C extends Channel>(channel: C, payload: RequestOf<C>): Promise<Envelope<ResponseOf<C>>> {
  return (await core.route(channel, payload, direct)) as Envelope<ResponseOf<C>>;
}

async function connection(): Promise<ConnectionState> {
  const envelope = await call('connection.get', { accountId: DEMO_ACCOUNT_ID });
  if (!envelope.ok) throw new Error(`connection.get failed: ${JSON.stringify(envelope.error)}`);
  return envelope.data;
}

/** Resolves with the first pushed state (from `fromIndex` on) that passes `test`. */
async function pushedState(test: (state: ConnectionState) => boolean, fromIndex: number): Promise<{ at: number; state: ConnectionState }> {
  const found = () => pushed.slice(fromIndex).find((p) => test(p.state));
  await vi.waitFor(() => expect(found(), JSON.stringify(pushed.slice(fromIndex).map((p) => p.state))).toBeDefined(), { timeout: 10_000, interval: 20 });
  return found()!;
}

beforeAll(async () => {
  simulator = await startSimulator({ port: 0, seed: SEED });
  port = Number(new URL(simulator.url).port);
  dir = mkdtempSync(join(tmpdir(), 'desk-connection-'));
  core = createCore({
    userDataDir: dir,
    mode: 'browser',
    // The Demo account's exchange is this test's simulator, whichever instance runs on the port now.
    startSimulator: async () => simulator,
    // Small real back-off waits: the retries happen, quickly.
    clientOptions: { timeoutMs: 3_000, random: () => 0.05 },
  });
  core.onEvent((event, payload) => {
    if (event === 'connection.changed') pushed.push({ at: Date.now(), state: payload as ConnectionState });
  });
});

afterEach(async () => {
  await admin(simulator, 'DELETE', 'faults');
});

afterAll(async () => {
  await core?.close();
  await simulator?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('connection state from the calls the main process makes', () => {
  it('is unknown before any call, online after the first answered one', async () => {
    expect((await connection()).status).toBe('unknown');
    const balance = await call('exchange.balance', { accountId: DEMO_ACCOUNT_ID });
    expect(balance.ok).toBe(true);
    const state = await connection();
    expect(state).toMatchObject({ accountId: DEMO_ACCOUNT_ID, status: 'online', failedAttempts: 0, problem: null });
    expect(state.lastSuccessAt).toBeGreaterThan(0);
    expect((await pushedState((s) => s.status === 'online', 0)).state.accountId).toBe(DEMO_ACCOUNT_ID);
  });

  it('turns offline after the simulator stops, and online again after it returns', async () => {
    const from = pushed.length;
    await simulator.close();
    const stoppedAt = Date.now();

    const failed = call('exchange.balance', { accountId: DEMO_ACCOUNT_ID });
    const offline = await pushedState((s) => s.status === 'offline', from);
    expect(offline.state.since).toBeGreaterThanOrEqual(stoppedAt);
    expect(offline.state.problem).toMatch(/refused|cut off|connection/i);
    const envelope = await failed;
    expect(envelope.ok).toBe(false);
    const during = await connection();
    expect(during.status).toBe('offline');
    // Later failed calls keep the time the outage began.
    expect(during.since).toBe(offline.state.since);
    expect(during.lastSuccessAt).toBeLessThan(stoppedAt);

    simulator = await startSimulator({ port, seed: SEED });
    const back = pushed.length;
    const ping = await call('exchange.ping', { accountId: DEMO_ACCOUNT_ID });
    expect(ping.ok).toBe(true);
    const online = await pushedState((s) => s.status === 'online', back);
    expect(online.state.since).toBeGreaterThan(offline.state.since!);
    expect((await connection()).status).toBe('online');
  });

  it('a watching page makes no call of its own: main pings through the silence, so a stopped exchange shows offline', async () => {
    const watcher = { accountId: DEMO_ACCOUNT_ID, watcher: 'test-page-0001' };
    const watched = await call('connection.watch', { ...watcher, watching: true, seq: 1 });
    expect(watched.ok && watched.data.state.status).toBe('online');
    try {
      const from = pushed.length;
      await simulator.close();
      const stoppedAt = Date.now();
      const offline = await pushedState((s) => s.status === 'offline', from);
      expect(offline.at).toBeGreaterThanOrEqual(stoppedAt);

      simulator = await startSimulator({ port, seed: SEED });
      const backAt = Date.now();
      const online = await pushedState((s) => s.status === 'online', pushed.length);
      expect(online.at).toBeGreaterThanOrEqual(backAt);
    } finally {
      await call('connection.watch', { ...watcher, watching: false, seq: 2 });
    }
  });

  it('watching an account that does not exist is refused; stopping is always taken', async () => {
    const refused = await call('connection.watch', { accountId: 'acc-0000000000000000', watcher: 'test-page-0002', watching: true, seq: 1 });
    expect(refused.ok ? null : refused.error.kind).toBe('not_found');
    const stopped = await call('connection.watch', { accountId: 'acc-0000000000000000', watcher: 'test-page-0002', watching: false, seq: 2 });
    expect(stopped.ok).toBe(true);
  });

  it('a ping asks the exchange one thing: /public/ping (a failing /public/time does not touch it)', async () => {
    await admin(simulator, 'POST', 'faults', { kind: 'server_error', status: 503, path: '/api/v4/public/time', count: 0 });
    try {
      const ping = await call('exchange.ping', { accountId: DEMO_ACCOUNT_ID });
      expect(ping.ok).toBe(true);
      if (ping.ok) expect(Object.keys(ping.data)).toEqual(['latencyMs']);
      expect((await connection()).status).toBe('online');
    } finally {
      await admin(simulator, 'DELETE', 'faults');
    }
  });

  it('reports each retry of a lasting 503 as busy, with one count of failed attempts that only rises, then busy without a retry', async () => {
    await admin(simulator, 'POST', 'faults', { kind: 'server_error', status: 503, path: BALANCE_PATH, count: 0 });
    const from = pushed.length;
    const envelope = await call('exchange.balance', { accountId: DEMO_ACCOUNT_ID });
    expect(envelope.ok).toBe(false);
    const busy = pushed.slice(from).map((p) => p.state).filter((s) => s.status === 'busy');
    expect(busy.map((s) => s.retry)).toEqual([{ attempt: 1, of: 3 }, { attempt: 2, of: 3 }, { attempt: 3, of: 3 }, null]);
    // The page's one count of the outage: rising with every attempt, never back.
    const counts = busy.map((s) => s.failedAttempts);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(new Set(counts).size).toBe(counts.length);
    expect(new Set(busy.map((s) => s.since)).size).toBe(1);
    expect((await connection()).status).toBe('busy');

    await admin(simulator, 'DELETE', 'faults');
    expect((await call('exchange.balance', { accountId: DEMO_ACCOUNT_ID })).ok).toBe(true);
    expect(await connection()).toMatchObject({ status: 'online', failedAttempts: 0, retry: null });
  });

  it('a refusal that says nothing about the connection (403) leaves it online', async () => {
    expect((await call('exchange.balance', { accountId: DEMO_ACCOUNT_ID })).ok).toBe(true);
    await admin(simulator, 'POST', 'faults', { kind: 'server_error', status: 403, path: BALANCE_PATH, count: 1 });
    const from = pushed.length;
    const envelope = await call('exchange.balance', { accountId: DEMO_ACCOUNT_ID });
    expect(envelope.ok ? null : envelope.error.kind).toBe('permission');
    expect((await connection()).status).toBe('online');
    expect(pushed.slice(from).every((p) => p.state.status === 'online')).toBe(true);
  });

  it('never carries the API secret, the key or a request body', async () => {
    const secret = simulator.accounts.find((a) => a.name === 'Main (B2B)')!;
    const text = JSON.stringify(pushed);
    expect(text).not.toContain(secret.apiSecret);
    expect(text).not.toContain(secret.apiKey);
    expect(text).not.toMatch(/nonce|X-TXC|"request"/i);
  });
});
