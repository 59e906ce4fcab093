/**
 * Price alerts through the real core (router, database file, accounts, exchange client) against the
 * simulator: prices are frozen (priceTickMs 0) and moved through its admin API; they reach the app
 * over the simulator's real WebSocket (`lastprice`, pushed each second). The REST fallback runs
 * only every 60 s here, so an alert within 2 s can only have come over the socket.
 * Runs under .ci/with-keyring (real Secret Service).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../shared/errors';
import type { Channel, EventName, EventPayloads, RequestOf, ResponseOf } from '../../../shared/ipc';
import { DEMO_ACCOUNT_ID } from '../../../shared/model/accounts';
import type { PositionAlert } from '../../../shared/model/alerts';
import { createCore, type Core } from '../../core';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { admin } from '../../simulator/test/admin-client';
import { createPriceFeed } from './feed';

const direct = { transport: 'direct' } as const;
let sim: RunningSimulator;
let dir: string;
let core: Core;
let fired: { alert: PositionAlert; at: number }[];
let notifications: EventPayloads['alerts.notification'][];
/** The price alerts that can still fire, as the last `alerts.status` (the tray's) said. */
let armedInStatus = 0;

async function call<C extends Channel>(channel: C, payload: RequestOf<C>): Promise<Envelope<ResponseOf<C>>> {
  return (await core.route(channel, payload, direct)) as Envelope<ResponseOf<C>>;
}
async function data<C extends Channel>(channel: C, payload: RequestOf<C>): Promise<ResponseOf<C>> {
  const envelope = await call(channel, payload);
  if (!envelope.ok) throw new Error(`${channel} failed: ${JSON.stringify(envelope.error)}`);
  return envelope.data;
}

const price = (market: string, value: string) => admin(sim, 'POST', 'prices', { market, price: value });
const priceAlerts = () => fired.filter((f) => f.alert.kind === 'price');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const LIVE_TICK_MS = 100;
/** Waits until the app has seen `value` for the alert: the value went through the evaluator. */
const seen = (id: string, value: string) =>
  expect.poll(async () => (await data('priceAlerts.list', {})).alerts.find((a) => a.id === id)?.current?.value, { timeout: 3_000, interval: 25 }).toBe(value);

beforeAll(async () => {
  // The socket pushes prices on the simulator's live tick; a short tick lets each step below wait
  // for the price to arrive instead of for a whole second.
  sim = await startSimulator({ seed: 42, rateLimits: false, priceTickMs: 0, live: { tickMs: LIVE_TICK_MS } });
  dir = mkdtempSync(join(tmpdir(), 'desk-price-alerts-'));
  core = createCore({
    userDataDir: dir,
    mode: 'browser',
    startSimulator: async () => sim,
    clientOptions: { timeoutMs: 5_000, maxRetries: 0 },
    // Each test counts its own notifications; the storm limits have tests of their own.
    alerts: { intervalMs: 60_000, notifications: { burstMax: 1_000 } },
    live: { backoffBaseMs: 200, backoffMaxMs: 500 },
  });
  core.onEvent(<E extends EventName>(event: E, payload: EventPayloads[E]) => {
    if (event === 'alerts.fired') fired.push({ alert: payload as PositionAlert, at: Date.now() });
    if (event === 'alerts.notification') notifications.push(payload as EventPayloads['alerts.notification']);
    if (event === 'alerts.status') armedInStatus = (payload as EventPayloads['alerts.status']).priceAlertsArmed;
  });
});
beforeEach(() => {
  fired = [];
  notifications = [];
});
afterAll(async () => {
  await core?.close();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('price alerts against the simulator', () => {
  it('lists the exchange’s markets and refuses one it does not list', async () => {
    const { markets } = await data('priceAlerts.markets', { accountId: DEMO_ACCOUNT_ID });
    expect(markets.map((m) => m.name)).toContain('BTC_USDT');
    const refused = await call('priceAlerts.create', { rule: { kind: 'price', accountId: DEMO_ACCOUNT_ID, market: 'NOPE_USDT', direction: 'above', threshold: '1' }, rearm: 'once' });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error.fields).toEqual({ market: ['unknown_market'] });
    const bad = await call('priceAlerts.create', { rule: { kind: 'price', accountId: DEMO_ACCOUNT_ID, market: 'BTC_USDT', direction: 'above', threshold: '-1' }, rearm: 'once' });
    expect(!bad.ok && bad.error.kind).toBe('validation');
    expect((await data('priceAlerts.list', {})).alerts).toEqual([]);
  });

  it('an admin price move fires within 2 s over the WebSocket, once while the price dances on the line, again after re-arming', async () => {
    await price('BTC_USDT', '62000');
    const created = await data('priceAlerts.create', { rule: { kind: 'price', accountId: DEMO_ACCOUNT_ID, market: 'BTC_USDT', direction: 'above', threshold: '63000' }, rearm: 'every' });
    expect(created).toMatchObject({ state: 'armed', lastFiredAt: null });
    // The first value (ticker, then the socket) is learnt: 62000 is below the line.
    await expect.poll(async () => (await data('priceAlerts.list', {})).alerts[0]?.current?.value, { timeout: 5_000 }).toBe('62000');
    // A move the ticker (read once a minute here) cannot bring: the socket is live before the crossing.
    await price('BTC_USDT', '62100');
    await seen(created.id, '62100');

    const movedAt = Date.now();
    await price('BTC_USDT', '63500');
    // How soon is bench:live's to measure; here: fired by this move, after it.
    await expect.poll(() => priceAlerts().length, { timeout: 5_000, interval: 50 }).toBe(1);
    expect(priceAlerts()[0]!.at).toBeGreaterThanOrEqual(movedAt);
    expect(priceAlerts()[0]!.alert).toMatchObject({
      kind: 'price',
      market: 'BTC_USDT',
      accountId: DEMO_ACCOUNT_ID,
      watch: { ruleId: created.id, direction: 'above', threshold: '63000', value: '63500' },
    });
    await expect.poll(() => notifications.length).toBe(1);
    expect(notifications[0]!.title).toBe('BTC_USDT: price above 63,000');
    expect(notifications[0]!.body).toMatch(/^The last price of BTC_USDT is 63,500, above your alert at 63,000 \(.+\)\. Open WhiteBIT Desk to review it\.$/);
    const afterFire = (await data('priceAlerts.list', {})).alerts[0]!;
    expect(afterFire.state).toBe('fired');
    expect(afterFire.lastFiredAt).toBe(priceAlerts()[0]!.alert.at);
    expect((await data('alerts.log', {})).alerts[0]).toMatchObject({ kind: 'price', watch: { ruleId: created.id } });

    // Inside the band (63 below the line): no re-arm, so the next rise is not a new alert.
    for (const p of ['62990', '63010', '62950', '63100']) {
      await price('BTC_USDT', p);
      await seen(created.id, p);
    }
    expect((await data('priceAlerts.list', {})).alerts[0]!.state).toBe('fired');

    // Past the band it re-arms; the next crossing fires again.
    await price('BTC_USDT', '62900');
    await expect.poll(async () => (await data('priceAlerts.list', {})).alerts[0]!.state, { timeout: 3_000 }).toBe('armed');
    await price('BTC_USDT', '63200');
    await expect.poll(() => priceAlerts().length, { timeout: 5_000, interval: 50 }).toBe(2);
    // Alerts are raised in the order they fired: a wrong fire inside the band would stand second.
    expect(priceAlerts()[1]!.alert.watch).toMatchObject({ ruleId: created.id, value: '63200' });
    // Logged and told to the page, but within the minute of its first notification: no second one.
    // The gate decides as the alert is raised; a notification let through is worded one turn later.
    await new Promise((resolve) => setImmediate(resolve));
    expect(notifications).toHaveLength(1);
    await data('priceAlerts.delete', { id: created.id });
  });

  it('a once alert stays fired until re-armed by hand, and keeps its state in the database', async () => {
    await price('ETH_USDT', '3000');
    const armedBefore = armedInStatus;
    const created = await data('priceAlerts.create', { rule: { kind: 'price', accountId: DEMO_ACCOUNT_ID, market: 'ETH_USDT', direction: 'below', threshold: '2900' }, rearm: 'once' });
    // The tray counts it at once: it keeps the app running with the window closed.
    expect(armedInStatus).toBe(armedBefore + 1);
    await expect.poll(async () => (await data('priceAlerts.list', {})).alerts.find((a) => a.id === created.id)?.current?.value, { timeout: 5_000 }).toBe('3000');
    await price('ETH_USDT', '2800');
    await expect.poll(() => priceAlerts().length, { timeout: 5_000, interval: 50 }).toBe(1);
    // A firing tells the view and the tray within a second (price passes are coalesced).
    await expect.poll(() => armedInStatus, { timeout: 5_000, interval: 50 }).toBe(armedBefore);
    // Fired once: the feed no longer follows ETH_USDT for it, so these moves must raise nothing
    // (several ticks each, time for a wrong fire to arrive).
    await price('ETH_USDT', '3000');
    await sleep(5 * LIVE_TICK_MS);
    await price('ETH_USDT', '2800');
    await sleep(5 * LIVE_TICK_MS);
    expect(priceAlerts()).toHaveLength(1);

    const rearmed = await data('priceAlerts.rearm', { id: created.id });
    expect(rearmed.state).toBe('armed');
    expect(armedInStatus).toBe(armedBefore + 1);
    await price('ETH_USDT', '3000');
    await expect.poll(async () => (await data('priceAlerts.list', {})).alerts.find((a) => a.id === created.id)?.current?.value, { timeout: 3_000 }).toBe('3000');
    await price('ETH_USDT', '2850');
    await expect.poll(() => priceAlerts().length, { timeout: 5_000, interval: 50 }).toBe(2);
    // Raised in the order they fired: a late wrong fire from the moves above would stand second.
    expect(priceAlerts()[1]!.alert.watch).toMatchObject({ ruleId: created.id, value: '2850' });
    // Re-armed by hand, it is news again: notified, though within the minute of the first.
    await expect.poll(() => notifications.length).toBe(2);
    await data('priceAlerts.delete', { id: created.id });
    expect(armedInStatus).toBe(armedBefore);
  });
});

describe('distance and margin fraction alerts', () => {
  it('a positions overview past the line fires a distance alert, worded like the position threshold alert', async () => {
    // Demo "Main (B2B)": BTC_USDT long, liquidation 48211.37; at 62000 it is 22.24 % away.
    await price('BTC_USDT', '62000');
    const created = await data('priceAlerts.create', { rule: { kind: 'distance', accountId: DEMO_ACCOUNT_ID, market: 'BTC_USDT', direction: 'below', threshold: '10' }, rearm: 'once' });
    await data('positions.overview', { accountId: DEMO_ACCOUNT_ID });
    expect((await data('priceAlerts.list', {})).alerts.find((a) => a.id === created.id)?.current).toMatchObject({ value: '22.24', market: 'BTC_USDT' });
    expect(fired).toEqual([]);
    // 52000: 7.29 % from liquidation.
    await price('BTC_USDT', '52000');
    await data('positions.overview', { accountId: DEMO_ACCOUNT_ID });
    await expect.poll(() => fired.length).toBe(1);
    expect(fired[0]!.alert).toMatchObject({ kind: 'threshold', market: 'BTC_USDT', distancePercent: '7.29', thresholdPercent: '10', watch: { ruleId: created.id, value: '7.29' } });
    await expect.poll(() => notifications.length).toBe(1);
    expect(notifications[0]!.title).toBe('BTC_USDT: 7.29 % from liquidation');
    await data('positions.overview', { accountId: DEMO_ACCOUNT_ID });
    expect(fired).toHaveLength(1);
    await data('priceAlerts.delete', { id: created.id });
    await price('BTC_USDT', '62000');
  });
});

describe('the price feed without its socket', () => {
  it('reads the public ticker on the alerts schedule while the WebSocket is down', async () => {
    await admin(sim, 'POST', 'live', { down: true });
    const seen: string[] = [];
    let tickerReads = 0;
    const feed = createPriceFeed({
      onPrice: (_url, market, value) => seen.push(`${market}=${value}`),
      ticker: async () => {
        tickerReads++;
        const response = await fetch(`${sim.url}/api/v4/public/ticker`);
        const body = (await response.json()) as Record<string, { last_price: string }>;
        return Object.fromEntries(Object.entries(body).map(([m, a]) => [m, a.last_price]));
      },
      intervalMs: () => 200,
      connection: { backoffBaseMs: 5_000, backoffMaxMs: 5_000 },
    });
    try {
      await price('BTC_USDT', '61000');
      feed.set([{ url: `${sim.url.replace('http', 'ws')}/ws`, accountId: 'any', markets: new Set(['BTC_USDT']) }]);
      await expect.poll(() => seen.at(-1), { timeout: 2_000 }).toBe('BTC_USDT=61000');
      await price('BTC_USDT', '61500');
      await expect.poll(() => seen.at(-1), { timeout: 2_000 }).toBe('BTC_USDT=61500');
      expect(tickerReads).toBeGreaterThanOrEqual(2);
    } finally {
      feed.close();
      await admin(sim, 'POST', 'live', { down: false });
    }
  });
});
