import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WebsocketTokenResponse } from '../../shared/api/schemas';
import { startSimulator, type RunningSimulator } from './index';
import { PATHS } from './paths';
import { admin, clientFor, type SimClient } from './test/admin-client';
import { WsTestClient, type Frame } from './test/ws-client';
import { frameErrors } from './test/asyncapiShapes';
import { WsTokenStore } from './ws/tokens';
import { simulatorForFile } from './test/perFile';

const TICK_MS = 150;
let sim: RunningSimulator;
let main: SimClient;
const clients: WsTestClient[] = [];

simulatorForFile({ seed: 42, rateLimits: false, priceTickMs: 0, live: { tickMs: TICK_MS, idleMs: 1500 } }, (started) => ({ sim, main } = started));
beforeEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await admin(sim, 'POST', 'reset');
});

/** Waits until `count` frames of a channel pushed once a tick have arrived after `from`. */
async function ticksPassed(client: WsTestClient, count: number, method: string, from: number): Promise<void> {
  let seen = from;
  for (let i = 0; i < count; i++) {
    const frame = await client.waitFor((f) => f.method === method, undefined, seen);
    seen = client.frames.indexOf(frame) + 1;
  }
}

async function open(): Promise<WsTestClient> {
  const client = await WsTestClient.open(sim.url);
  clients.push(client);
  return client;
}

async function token(): Promise<string> {
  const res = await main.post(PATHS.websocketToken);
  expect(res.status).toBe(200);
  return WebsocketTokenResponse.parse(res.body).websocket_token;
}

async function authorized(): Promise<WsTestClient> {
  const client = await open();
  expect((await client.request('authorize', [await token(), 'public'])).result).toEqual({ status: 'success' });
  return client;
}

const errorCode = (frame: Frame) => frame.error?.code;

describe('the simulator WebSocket: protocol', () => {
  it('answers ping with pong and time with the server time', async () => {
    const client = await open();
    expect(await client.request('ping')).toMatchObject({ result: 'pong', error: null });
    const time = await client.request('time');
    expect(Math.abs((time.result as number) - Date.now() / 1000)).toBeLessThan(5);
    expect(client.violations).toEqual([]);
  });

  it('answers error 4 to an unknown method and 1 to bad arguments, and keeps the connection', async () => {
    const client = await open();
    expect(errorCode(await client.request('nope_subscribe'))).toBe(4);
    expect(errorCode(await client.request('lastprice_subscribe', ['NO_SUCH']))).toBe(1);
    expect(errorCode(await client.request('lastprice_request', [42]))).toBe(1);
    expect(errorCode(await client.request('authorize', ['not-a-token', 'public']))).toBe(1);
    expect((await client.request('ping')).result).toBe('pong');
    expect(client.violations).toEqual([]);
  });

  it('closes the connection on invalid JSON', async () => {
    const client = await open();
    client.sendRaw('{"id":1,"method":');
    const { code } = await client.closed;
    expect(code).toBe(1003);
  });

  it('closes an idle connection, and a client message keeps it open', async () => {
    const quiet = await open();
    const talking = await open();
    const pinger = setInterval(() => talking.sendRaw(JSON.stringify({ id: 0, method: 'ping', params: [] })), 500);
    try {
      const started = Date.now();
      await quiet.closed;
      expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
      expect(talking.ws.readyState).toBe(talking.ws.OPEN);
    } finally {
      clearInterval(pinger);
    }
  });

  it('answers error 7 past the per-connection request budget', async () => {
    const local = await startSimulator({ seed: 42, rateLimits: false, priceTickMs: 0, live: { requestsPerMinute: 200 } });
    try {
      const client = await WsTestClient.open(local.url);
      const answers = await Promise.all(Array.from({ length: 201 }, () => client.request('ping')));
      expect(answers.filter((f) => f.result === 'pong')).toHaveLength(200);
      expect(answers.filter((f) => errorCode(f) === 7)).toHaveLength(1);
      expect(client.violations).toEqual([]);
      client.close();
    } finally {
      await local.close();
    }
  });

  it('refuses a path other than /ws', async () => {
    const res = await fetch(`${sim.url}/other`, { headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' } }).catch(() => null);
    expect(res?.status ?? 404).not.toBe(101);
  });
});

describe('the simulator WebSocket: public channels', () => {
  it('pushes lastprice about every tick; a second subscribe replaces the list; unsubscribe stops it', async () => {
    const client = await open();
    expect((await client.request('lastprice_subscribe', ['BTC_USDT', 'ETH_USDT'])).result).toEqual({ status: 'success' });
    await client.waitFor((f) => f.method === 'lastprice_update' && (f.params as string[])[0] === 'ETH_USDT');
    await client.request('lastprice_subscribe', ['BTC_USDT']);
    const resubscribed = client.frames.length;
    await ticksPassed(client, 3, 'lastprice_update', resubscribed);
    const markets = new Set(client.updates('lastprice_update', resubscribed).map((f) => (f.params as string[])[0]));
    expect(markets).toEqual(new Set(['BTC_USDT']));
    await client.request('lastprice_unsubscribe');
    // The market channel, pushed in the same tick, is the witness that ticks went by without a price.
    await client.request('market_subscribe', ['BTC_USDT']);
    const after = client.frames.length;
    await ticksPassed(client, 3, 'market_update', after);
    expect(client.updates('lastprice_update', after)).toEqual([]);
    expect(client.violations).toEqual([]);
  });

  it('a price set through the admin API reaches lastprice_update within one tick', async () => {
    const client = await open();
    await client.request('lastprice_subscribe', ['BTC_USDT']);
    await client.waitFor((f) => f.method === 'lastprice_update');
    const mark = client.frames.length;
    expect((await admin(sim, 'POST', 'prices', { market: 'BTC_USDT', price: '12345.67' })).status).toBe(200);
    const pushed = await client.waitFor((f) => f.method === 'lastprice_update' && (f.params as string[])[1] === '12345.67', undefined, mark);
    // At most the one update already on its way when the price was set comes before it.
    const before = client.frames.slice(mark, client.frames.indexOf(pushed)).filter((f) => f.method === 'lastprice_update');
    expect(before.length).toBeLessThanOrEqual(1);
    expect((await client.request('lastprice_request', ['BTC_USDT'])).result).toBe('12345.67');
    expect(client.violations).toEqual([]);
  });

  it('market: request and subscribe give the 24-hour statistics as strings', async () => {
    const client = await open();
    const stats = await client.request('market_request', ['BTC_USDT', 86400]);
    expect(stats.result).toMatchObject({ period: 86400, last: expect.any(String), volume: expect.any(String) });
    await client.request('market_subscribe', ['ETH_USDT']);
    const pushed = await client.waitFor((f) => f.method === 'market_update');
    expect((pushed.params as unknown[])[0]).toBe('ETH_USDT');
    expect(client.violations).toEqual([]);
  });
});

describe('the simulator WebSocket: private channels', () => {
  it('refuses private channels before authorize with error 6', async () => {
    const client = await open();
    for (const method of ['positionsMargin_subscribe', 'positionsAccountMargin_subscribe', 'balanceSpot_subscribe', 'balanceMargin_request']) {
      expect(errorCode(await client.request(method, []))).toBe(6);
    }
    expect(client.violations).toEqual([]);
  });

  it('a token is good for one authorize: a second use is error 1', async () => {
    const first = await open();
    const t = await token();
    expect((await first.request('authorize', [t, 'public'])).result).toEqual({ status: 'success' });
    const second = await open();
    expect(errorCode(await second.request('authorize', [t, 'public']))).toBe(1);
    expect(errorCode(await second.request('positionsMargin_subscribe'))).toBe(6);
  });

  it('a token expires 60 s after issue', () => {
    const store = new WsTokenStore();
    const t = store.issue('key', 1_000);
    expect(store.redeem(t, 61_001)).toBeUndefined();
    const fresh = store.issue('key', 1_000);
    expect(store.redeem(fresh, 61_000)).toBe('key');
    expect(store.redeem(fresh, 61_000)).toBeUndefined();
  });

  it('the token endpoint allows 10 requests per 60 s', async () => {
    const local = await startSimulator({ seed: 42, priceTickMs: 0 });
    try {
      const client = clientFor(local, 'Main (B2B)');
      const statuses = [];
      for (let i = 0; i < 11; i++) statuses.push((await client.post(PATHS.websocketToken)).status);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(statuses[10]).toBe(429);
    } finally {
      await local.close();
    }
  });

  it('positionsMargin pushes the full snapshot every tick, in documented shapes', async () => {
    const client = await authorized();
    await client.request('positionsMargin_subscribe');
    const first = await client.waitFor((f) => f.method === 'positionsMargin_update');
    const mark = client.frames.indexOf(first) + 1;
    await client.waitFor((f) => f.method === 'positionsMargin_update', undefined, mark);
    const snapshot = first.params as { total: number; records: { id: number; amount: string; liq_stage: string | null }[] };
    const open = sim.state.positions(main.account.apiKey).filter((p) => p.amount !== null);
    expect(snapshot.total).toBe(open.length);
    expect(snapshot.records.map((r) => r.id).sort()).toEqual(open.map((p) => p.positionId).sort());
    expect(client.violations).toEqual([]);
  });

  it('positionsAccountMargin sends one event per state change, including through the admin API, and none on recovery', async () => {
    const client = await authorized();
    await client.request('positionsAccountMargin_subscribe');
    const calm = sim.state.positions(main.account.apiKey).find((p) => p.liquidationState === null && p.amount !== null)!;
    const mark = client.frames.length;
    await admin(sim, 'POST', 'positions', { apiKey: main.account.apiKey, positionId: calm.positionId, liquidationState: 'margin_call' });
    const event = await client.waitFor((f) => f.method === 'positionsAccountMargin_update', undefined, mark);
    expect(event.params).toEqual([1, expect.objectContaining({ id: calm.positionId, liq_stage: 'margin_call' })]);
    await admin(sim, 'POST', 'positions', { apiKey: main.account.apiKey, positionId: calm.positionId, liquidationState: 'liquidation' });
    await client.waitFor((f) => f.method === 'positionsAccountMargin_update' && (f.params as unknown[])[0] === 2, undefined, mark);
    await admin(sim, 'POST', 'positions', { apiKey: main.account.apiKey, positionId: calm.positionId, liquidationState: null });
    // Prices are pushed in every tick, ahead of the state changes: the witness that ticks went by.
    await client.request('lastprice_subscribe', ['BTC_USDT']);
    await ticksPassed(client, 4, 'lastprice_update', client.frames.length);
    expect(client.updates('positionsAccountMargin_update', mark)).toHaveLength(2);
    expect(client.violations).toEqual([]);
  });

  it('balanceSpot and balanceMargin: the current values on subscribe, requests for every asset', async () => {
    const client = await authorized();
    const spot = await client.request('balanceSpot_request', []);
    const tickers = Object.keys(spot.result as object);
    expect(tickers.length).toBeGreaterThan(0);
    await client.request('balanceSpot_subscribe', [tickers[0]!]);
    const pushed = await client.waitFor((f) => f.method === 'balanceSpot_update');
    expect(Object.keys((pushed.params as object[])[0]!)).toEqual([tickers[0]]);
    const margin = await client.request('balanceMargin_request', []);
    const marginTickers = Object.keys(margin.result as object);
    if (marginTickers.length > 0) {
      await client.request('balanceMargin_subscribe', [marginTickers[0]!]);
      const entry = await client.waitFor((f) => f.method === 'balanceMargin_update');
      expect((entry.params as { a: string }[])[0]!.a).toBe(marginTickers[0]);
    }
    expect(client.violations).toEqual([]);
  });
});

describe('the simulator WebSocket: hostile switches (admin API)', () => {
  it('down refuses new connections and drops open ones; garbage and too_many reach the client', async () => {
    const client = await open();
    await admin(sim, 'POST', 'live', { action: 'garbage' });
    await vi.waitFor(() => expect(client.violations.some((v) => v.startsWith('not JSON'))).toBe(true));
    await admin(sim, 'POST', 'live', { action: 'too_many' });
    expect(errorCode(await client.request('ping'))).toBe(7);
    await admin(sim, 'POST', 'live', { down: true });
    await client.closed;
    await expect(WsTestClient.open(sim.url)).rejects.toThrow(/503/);
    await admin(sim, 'POST', 'live', { down: false });
    (await open()).close();
  });

  it('mute leaves pings unanswered', async () => {
    const client = await open();
    await admin(sim, 'POST', 'live', { mute: true });
    await expect(client.request('ping', [], 500)).rejects.toThrow(/no matching frame/);
  });
});

describe('the documented schemas as applied here', () => {
  it('are not vacuous: wrong shapes are refused', () => {
    expect(frameErrors({ id: null, method: 'lastprice_update', params: ['BTC_USDT', 1] })).not.toEqual([]);
    expect(frameErrors({ id: null, method: 'positionsMargin_update', params: { total: 1, records: [{ id: 1, amount: 1 }] } })).not.toEqual([]);
    expect(frameErrors({ id: null, method: 'positionsAccountMargin_update', params: [3, {}] })).not.toEqual([]);
    expect(frameErrors({ id: 1, result: 'pang', error: null }, 'ping')).not.toEqual([]);
    expect(frameErrors({ id: 1, result: null, error: { code: 9, message: 'x' } })).not.toEqual([]);
    expect(frameErrors({ id: null, method: 'lastprice_update', params: ['BTC_USDT', '1'] })).toEqual([]);
  });
});
