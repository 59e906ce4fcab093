/**
 * The live model against the simulator's real WebSocket and HTTP: pushes are data. After the REST
 * seed, pushes cause no REST read; a price set through the admin API moves the served overview;
 * with positions/open failing, pushed prices still move it; and a distance alert for an account
 * nobody is looking at comes from the push that crosses, through the alerts service as core wires it.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dec, toPlain } from '../../../shared/money/decimal';
import type { PositionsOverview } from '../../../shared/model/balances';
import type { PositionAlert } from '../../../shared/model/alerts';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { admin } from '../../simulator/test/admin-client';
import { createExchangeClient, type ExchangeClient } from '../exchange/client';
import { createExchangeRuntime } from '../exchange/runtime';
import { createAlertsService, type AlertsService } from '../alerts/service';
import { createLiveService, type LiveService } from './service';
import { countingClient } from './test/countingClient';

let sim: RunningSimulator;
const runtime = createExchangeRuntime();
const clients = new Map<string, ExchangeClient>();
let service: LiveService | null = null;
let alerts: AlertsService | null = null;
let overviews: { at: number; overview: PositionsOverview }[];
let restReads: string[];

const FAST = { pingEveryMs: 1_000, pongTimeoutMs: 2_000, answerTimeoutMs: 2_000, backoffBaseMs: 100, backoffMaxMs: 400 };
const ACCOUNTS = { main: 'Main (B2B)', trader: 'Trader' } as const;

beforeAll(async () => {
  // Prices move only when a test sets them; the stream pushes every 200 ms.
  sim = await startSimulator({ seed: 42, rateLimits: false, priceTickMs: 0, live: { tickMs: 200 } });
  for (const [id, name] of Object.entries(ACCOUNTS)) {
    const account = sim.accounts.find((a) => a.name === name)!;
    clients.set(id, createExchangeClient({ runtime, baseUrl: sim.url, credentials: { apiKey: account.apiKey, apiSecret: account.apiSecret }, rateLimit: false, maxRetries: 0 }));
  }
});
afterAll(async () => {
  runtime.close();
  await sim.close();
});
beforeEach(async () => {
  await admin(sim, 'POST', 'reset');
  overviews = [];
  restReads = [];
});
afterEach(async () => {
  service?.close();
  service = null;
  await alerts?.close();
  alerts = null;
  await admin(sim, 'DELETE', 'faults');
});

async function until(check: () => boolean, timeoutMs = 4000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function startLive(ids: string[], onOverview?: (overview: PositionsOverview) => void): LiveService {
  service = createLiveService({
    accounts: async () => ids.map((id) => ({ id, notifyPositions: true })),
    clientFor: async (id) => countingClient(clients.get(id)!, restReads),
    onState: () => {},
    onOverview: (overview) => {
      overviews.push({ at: Date.now(), overview });
      onOverview?.(overview);
    },
    connection: FAST,
  });
  void service.sync();
  return service;
}

const apiKeyOf = (id: keyof typeof ACCOUNTS) => sim.accounts.find((a) => a.name === ACCOUNTS[id])!.apiKey;
/** An open long on a margin market (priced by its last price), far from liquidation. */
const longOf = (id: keyof typeof ACCOUNTS) =>
  sim.state.positions(apiKeyOf(id)).find((p) => p.amount !== null && dec(p.amount).isPositive() && p.liquidationPrice !== null && !p.market.endsWith('_PERP') && p.liquidationState === null)!;
const served = (id: string, positionId: number) => service!.overview(id)?.positions.find((p) => p.positionId === positionId);
const setPrice = (market: string, price: string) => admin(sim, 'POST', 'prices', { market, price });

describe('the live model against the simulator', () => {
  it('after the REST seed, ten pushes cause no REST read, and the overview is served from the model', async () => {
    const live = startLive(['main']);
    await until(() => live.overview('main') !== null && overviews.length > 0);
    const seeded = restReads.length;
    expect(restReads.filter((r) => r === 'positions')).toHaveLength(1);
    const from = overviews.length;
    // Ten pushes at 200 ms; each changes the pushed P&L only if prices move, so the prices move too.
    const position = longOf('main');
    for (let i = 1; i <= 10; i++) {
      await setPrice(position.market, toPlain(dec(position.basePrice!).plus(i)));
      await new Promise((r) => setTimeout(r, 220));
    }
    await until(() => overviews.length >= from + 5);
    expect(restReads.length).toBe(seeded);
  });

  it('a price set through the admin API moves the served overview within 1.5 s', async () => {
    const live = startLive(['main']);
    const position = longOf('main');
    await until(() => served('main', position.positionId) !== undefined);
    const target = toPlain(dec(position.liquidationPrice!).times('1.3').toDecimalPlaces(2));
    const setAt = Date.now();
    await setPrice(position.market, target);
    await until(() => served('main', position.positionId)!.currentPrice === target, 1500);
    expect(Date.now() - setAt).toBeLessThan(1500);
    // The state tells the age of the last applied push (at most a second late).
    await until(() => live.get('main').lastPushAt !== null, 1500);
    expect(live.get('main').lastPushAt).toBeGreaterThanOrEqual(setAt - 1000);
  });

  it('with positions/open failing, pushed prices still move the overview, which says REST failed', async () => {
    await admin(sim, 'POST', 'faults', { kind: 'server_error', path: '/api/v4/collateral-account/positions/open', status: 503, count: 0 });
    startLive(['main']);
    const position = longOf('main');
    // Seeded by the stream alone: the snapshot brings the positions, REST the prices and summary.
    await until(() => served('main', position.positionId)?.currentPrice != null);
    expect(service!.overview('main')!.notes).toContainEqual(expect.objectContaining({ kind: 'part_unavailable', part: 'positions' }));
    const target = toPlain(dec(position.liquidationPrice!).times('1.25').toDecimalPlaces(2));
    const setAt = Date.now();
    await setPrice(position.market, target);
    await until(() => served('main', position.positionId)!.currentPrice === target, 1500);
    expect(Date.now() - setAt).toBeLessThan(1500);
  });

  it('a distance alert for an account that is not the open one fires within 2 s of the crossing push', async () => {
    const fired: PositionAlert[] = [];
    const position = longOf('trader');
    alerts = createAlertsService({
      accounts: async () => [
        { id: 'main', name: 'Main', notifyPositions: true, alertThresholdPercent: null },
        { id: 'trader', name: 'Trader', notifyPositions: true, alertThresholdPercent: '10' },
      ],
      // As core wires it: the model's overview while live, REST (here: refused) otherwise.
      overview: async (id) => {
        const overview = service?.overview(id);
        if (!overview) throw new Error('not live yet');
        return overview;
      },
      intervalMs: () => 3_600_000,
      onAlert: (alert) => fired.push(alert),
      onStatus: () => {},
    });
    startLive(['main', 'trader'], (overview) => alerts!.evaluate(overview));
    await until(() => served('trader', position.positionId)?.distancePercent != null && served('main', longOf('main').positionId) !== undefined);
    // The watcher's pass learns which accounts have alerts on (its baseline); pushes judge from then
    // on. Its scheduled passes are an hour apart: only a push can raise the alert in time.
    await alerts.sync();
    await until(() => overviews.filter((o) => o.overview.accountId === 'trader').length >= 2);
    // 8 % above the liquidation price: inside the 10 % line, outside the exchange's 5 % margin call.
    const crossing = toPlain(dec(position.liquidationPrice!).times('1.087').toDecimalPlaces(2));
    const setAt = Date.now();
    await setPrice(position.market, crossing);
    await until(() => fired.some((a) => a.kind === 'threshold' && a.positionId === position.positionId), 2000);
    const alert = fired.find((a) => a.kind === 'threshold')!;
    expect(alert).toMatchObject({ accountId: 'trader', market: position.market });
    expect(alert.at - setAt).toBeLessThan(2000);
  });
});
