/**
 * The position watcher through the real core (router, accounts, settings, positions overview, the
 * exchange client) against the simulator over HTTP. Prices are frozen (priceTickMs 0) and moved
 * only through the simulator's admin API; the watcher's timer is driven by hand, so each `tick()`
 * is exactly one scheduled refresh. Runs under .ci/with-keyring (real Secret Service).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../shared/errors';
import type { Channel, EventName, EventPayloads, RequestOf, ResponseOf } from '../../../shared/ipc';
import { DEMO_ACCOUNT_ID } from '../../../shared/model/accounts';
import type { AlertsStatus, PositionAlert } from '../../../shared/model/alerts';
import { createCore, type Core } from '../../core';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { admin } from '../../simulator/test/admin-client';
import type { AlertTimers } from './service';

const direct = { transport: 'direct' } as const;
let sim: RunningSimulator;
let dir: string;
let core: Core;
let fired: PositionAlert[];
let statuses: AlertsStatus[];
let notifications: EventPayloads['alerts.notification'][];
/** The watcher's pending timer (one at most), run by `tick`. */
let pending: { callback: () => void; ms: number } | null = null;
const timers: AlertTimers = {
  setTimeout: (callback, ms) => (pending = { callback, ms }),
  clearTimeout: (handle) => {
    if (handle === pending) pending = null;
  },
};

async function data<C extends Channel>(channel: C, payload: RequestOf<C>): Promise<ResponseOf<C>> {
  const envelope = (await core.route(channel, payload, direct)) as Envelope<ResponseOf<C>>;
  if (!envelope.ok) throw new Error(`${channel} failed: ${JSON.stringify(envelope.error)}`);
  return envelope.data;
}

/** Waits for the watcher's next finished pass (every pass ends with an alerts.status event). */
async function nextStatus(): Promise<AlertsStatus> {
  const seen = statuses.length;
  await expect.poll(() => statuses.length, { timeout: 10_000 }).toBeGreaterThan(seen);
  return statuses.at(-1)!;
}

/** Runs the scheduled refresh now and waits for it to finish. */
async function tick(): Promise<AlertsStatus> {
  const due = pending;
  if (!due) throw new Error('no refresh is scheduled');
  pending = null;
  const status = nextStatus();
  due.callback();
  return status;
}

const price = (market: string, value: string) => admin(sim, 'POST', 'prices', { market, price: value });
const thresholdAlerts = () => fired.filter((a) => a.kind === 'threshold');

beforeAll(async () => {
  sim = await startSimulator({ seed: 42, rateLimits: false, priceTickMs: 0 });
  dir = mkdtempSync(join(tmpdir(), 'desk-alerts-'));
  // The Demo account is the simulator's "Main (B2B)": BTC_USDT long 0.25, liquidation 48211.37.
  core = createCore({
    userDataDir: dir,
    mode: 'browser',
    startSimulator: async () => sim,
    clientOptions: { timeoutMs: 5_000, maxRetries: 0 },
    // Each test counts its own notifications; the storm limits have tests of their own.
    alerts: { intervalMs: 1_000, timers, notifications: { burstMax: 1_000 } },
    // These tests run the watcher by hand; a live connection would run it on its own as well.
    live: false,
  });
  core.onEvent(<E extends EventName>(event: E, payload: EventPayloads[E]) => {
    if (event === 'alerts.fired') fired.push(payload as PositionAlert);
    if (event === 'alerts.status') statuses.push(payload as AlertsStatus);
    if (event === 'alerts.notification') notifications.push(payload as EventPayloads['alerts.notification']);
  });
});
beforeEach(() => {
  fired = [];
  statuses = [];
  notifications = [];
});
afterEach(async () => {
  await admin(sim, 'DELETE', 'faults');
  await price('BTC_USDT', '62000');
  await data('accounts.update', { accountId: DEMO_ACCOUNT_ID, notifyPositions: false, alertThresholdPercent: null });
  await data('settings.update', { language: 'system' });
});
afterAll(async () => {
  await core?.close();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the position watcher against the simulator', () => {
  it('raises exactly one threshold alert per crossing, re-arming only well above the line', async () => {
    const first = nextStatus();
    const saved = await data('accounts.update', { accountId: DEMO_ACCOUNT_ID, notifyPositions: true, alertThresholdPercent: '10' });
    expect(saved).toMatchObject({ notifyPositions: true, alertThresholdPercent: '10' });
    // The first pass learns the positions as they are (BTC_USDT is 22.24 % away): no alert per
    // position, one summary of those already in liquidation or margin call.
    expect(await first).toMatchObject({ watching: true, worst: 'liquidation' });
    expect(fired).toMatchObject([{ kind: 'at_risk', accountId: DEMO_ACCOUNT_ID, atRisk: { liquidation: 2, marginCall: 2 } }]);
    expect(notifications).toEqual([{ alertId: fired[0]!.id, title: '4 positions already at risk', body: `In liquidation: 2. In margin call: 2. Accounts: ${fired[0]!.accountName}. Open WhiteBIT Desk to review it.` }]);
    expect(pending?.ms).toBe(1_000);
    const summary = fired[0]!;
    fired = [];
    notifications = [];

    // 52000: (52000 − 48211.37) / 52000 = 7.29 %, below 10 %.
    await price('BTC_USDT', '52000');
    await tick();
    expect(thresholdAlerts()).toMatchObject([{ market: 'BTC_USDT', accountId: DEMO_ACCOUNT_ID, distancePercent: '7.29', thresholdPercent: '10' }]);
    // The alert itself carries codes and values; the notification is worded from the catalogs.
    expect(thresholdAlerts()[0]).not.toHaveProperty('title');
    expect(notifications).toEqual([
      {
        alertId: thresholdAlerts()[0]!.id,
        title: 'BTC_USDT: 7.29 % from liquidation',
        body: `Position #${thresholdAlerts()[0]!.positionId} on BTC_USDT (${thresholdAlerts()[0]!.accountName}) is 7.29 % from its liquidation price, below your 10 % alert. Open WhiteBIT Desk to review it.`,
      },
    ]);

    // Still below, and jitter between 10 and 11 %: no new alert.
    await tick();
    await price('BTC_USDT', '53800'); // 10.39 %
    await tick();
    await price('BTC_USDT', '52500'); // 8.17 %
    await tick();
    expect(thresholdAlerts()).toHaveLength(1);

    // Back above 11 %, then below again: the second crossing alerts once more. The long BTC_PERP
    // (index = BTC_USDT, liquidation 63100.5) is past its liquidation price at 52000 (−21.35 %) and
    // at 62000 (−1.78 %): never above the line, so no threshold alert of its own.
    await price('BTC_USDT', '62000');
    await tick();
    expect(thresholdAlerts().map((a) => a.market)).toEqual(['BTC_USDT']);
    await price('BTC_USDT', '52000');
    await tick();
    await tick();
    expect(thresholdAlerts().map((a) => a.market)).toEqual(['BTC_USDT', 'BTC_USDT']);

    // The log keeps both, newest first, with the threshold alerts among whatever else fired.
    const log = await data('alerts.log', {});
    expect(log.alerts.map((a) => a.id)).toEqual([...[...fired].reverse().map((a) => a.id), summary.id]);
    expect(log.status).toMatchObject({ watching: true, checkedAt: expect.any(Number) });
  });

  it('neither raises nor clears anything when prices are missing or the refresh fails', async () => {
    const first = nextStatus();
    await data('accounts.update', { accountId: DEMO_ACCOUNT_ID, notifyPositions: true, alertThresholdPercent: '10' });
    await first;
    await price('BTC_USDT', '52000');
    await tick();
    expect(thresholdAlerts()).toHaveLength(1);

    // No ticker: the distance is unknown. Moving the price above and back must not look like a crossing.
    await admin(sim, 'POST', 'faults', { kind: 'server_error', path: '/api/v4/public/ticker', count: 0 });
    await admin(sim, 'POST', 'region', { futures: false });
    await price('BTC_USDT', '62000');
    await tick();
    await price('BTC_USDT', '52000');
    await tick();
    await admin(sim, 'DELETE', 'faults');
    await admin(sim, 'POST', 'region', { futures: true });
    await tick();
    expect(thresholdAlerts()).toHaveLength(1);

    // The positions themselves fail: the account is reported, its earlier risk is kept.
    const before = statuses.at(-1)!;
    await admin(sim, 'POST', 'faults', { kind: 'server_error', path: '/api/v4/collateral-account/positions/open', count: 0 });
    const failed = await tick();
    expect(failed).toMatchObject({ failedAccounts: [DEMO_ACCOUNT_ID], worst: before.worst, count: before.count });
    await admin(sim, 'DELETE', 'faults');
    expect(await tick()).toMatchObject({ failedAccounts: [] });
    expect(thresholdAlerts()).toHaveLength(1);
  });

  it('raises a state alert when a position enters liquidation, and stops when alerts are switched off', async () => {
    await data('settings.update', { language: 'uk' });
    const first = nextStatus();
    await data('accounts.update', { accountId: DEMO_ACCOUNT_ID, notifyPositions: true });
    await first;
    // Switched on: the positions already at risk are one summary; what follows is news.
    expect(fired.map((a) => a.kind)).toEqual(['at_risk']);
    fired = [];
    notifications = [];
    const target = (await data('positions.overview', { accountId: DEMO_ACCOUNT_ID })).positions.find((p) => p.market === 'BTC_USDT')!;
    await admin(sim, 'POST', 'positions', { apiKey: sim.accounts[0]!.apiKey, positionId: target.positionId, liquidationState: 'liquidation' });
    try {
      await tick();
      await tick();
      expect(fired).toMatchObject([{ kind: 'liquidation', positionId: target.positionId, market: 'BTC_USDT' }]);
      // Ukrainian picked in the settings: the notification reads in Ukrainian, from the same catalogs as the page.
      expect(notifications).toEqual([
        {
          alertId: fired[0]!.id,
          title: 'BTC_USDT: позиція в ліквідації',
          body: `Позиція #${target.positionId} на BTC_USDT (${fired[0]!.accountName}) потрапила в ліквідацію. Відкрийте WhiteBIT Desk, щоб переглянути її.`,
        },
      ]);
    } finally {
      await admin(sim, 'POST', 'positions', { apiKey: sim.accounts[0]!.apiKey, positionId: target.positionId, liquidationState: null });
    }

    const last = nextStatus();
    await data('accounts.update', { accountId: DEMO_ACCOUNT_ID, notifyPositions: false });
    expect(await last).toMatchObject({ watching: false, worst: 'unknown' });
    expect(pending).toBeNull();
  });
});
