/**
 * Market data of the simulator, read through the product's own client over real HTTP: a seeded
 * price walk that repeats for a seed, prices a test drives through the admin API, positions whose
 * P&L and liquidation state follow the price, the collateral balance's JSON numbers, and the 451
 * answers of a region without futures or margin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppFailure } from '../../shared/errors';
import { compare, sub } from '../../shared/money/decimal';
import { createExchangeClient, type ExchangeClient } from '../services/exchange/client';
import { createExchangeRuntime } from '../services/exchange/runtime';
import { startSimulator, type RunningSimulator } from './index';
import { PATHS } from './paths';
import { admin, clientFor } from './test/admin-client';

/** The exchange runtime this file's clients share, as one core's clients do. */
const runtime = createExchangeRuntime();

let sim: RunningSimulator;
let main: ExchangeClient;
let trader: ExchangeClient;

const noWait = async () => undefined;
const clientOf = (s: RunningSimulator, name: string) => {
  const account = s.accounts.find((a) => a.name === name)!;
  return createExchangeClient({ runtime, baseUrl: s.url, credentials: { apiKey: account.apiKey, apiSecret: account.apiSecret }, sleep: noWait, rateLimit: false });
};

beforeAll(async () => {
  // Frozen clock: prices move only when the test says so.
  sim = await startSimulator({ seed: 42, rateLimits: false, priceTickMs: 0 });
  main = clientOf(sim, 'Main (B2B)');
  trader = clientOf(sim, 'Trader');
});
afterAll(() => sim.close());

describe('market data', () => {
  it('lists tickers, markets, futures and collateral markets that read without an unreadable item', async () => {
    const [ticker, markets, futures, collateral] = await Promise.all([main.ticker(), main.markets(), main.futures(), main.collateralMarkets()]);
    expect(ticker.unreadable).toEqual([]);
    expect(ticker.items.BTC_USDT).toMatchObject({ last_price: '62000', change: '0', isFrozen: false });
    expect(ticker.items.USDC_USDT?.last_price).toBe('0.9998');
    expect(ticker.items.BSV_USDT?.isFrozen).toBe(true);
    expect(markets.unreadable).toEqual([]);
    expect(markets.items.find((m) => m.name === 'HBAR_BTC')).toMatchObject({ stock: 'HBAR', money: 'BTC', type: 'spot', moneyPrec: 8 });
    expect(markets.items.some((m) => m.stock === 'LUNC')).toBe(false);
    expect(futures.items.map((f) => f.ticker_id)).toEqual(['BTC_PERP', 'ETH_PERP', 'SOL_PERP', 'DOGE_PERP']);
    expect(futures.items[0]).toMatchObject({ index_price: '62000', max_leverage: 100 });
    expect(collateral.items).toContain('BTC_USDT');
  });

  it('answers 451 for futures and margin markets where the region has none, classified as region_unavailable', async () => {
    await admin(sim, 'POST', 'region', { futures: false, margin: false });
    try {
      for (const call of [() => main.futures(), () => main.collateralMarkets()]) {
        const error = await call().then(
          () => null,
          (e: unknown) => (e as AppFailure).error,
        );
        expect(error).toMatchObject({ status: 451, reason: 'region_unavailable' });
      }
    } finally {
      await admin(sim, 'POST', 'region', { futures: true, margin: true });
    }
    expect((await main.futures()).items.length).toBe(4);
  });

  it('refuses admin price changes that make no sense', async () => {
    expect((await admin(sim, 'POST', 'prices', { market: 'NOPE_USDT', price: '1' })).status).toBe(404);
    expect((await admin(sim, 'POST', 'prices', { market: 'BTC_USDT', price: '-5' })).status).toBe(400);
    expect((await admin(sim, 'POST', 'prices', { market: 'BTC_USDT', price: 'abc' })).status).toBe(400);
    expect((await admin(sim, 'POST', 'ticks', { count: 0 })).status).toBe(400);
    expect((await admin(sim, 'POST', 'region', { futures: 'no' })).status).toBe(400);
  });
});

describe('the price walk', () => {
  it('repeats exactly for a seed and moves within its band', async () => {
    const other = await startSimulator({ seed: 42, rateLimits: false, priceTickMs: 0 });
    const third = await startSimulator({ seed: 43, rateLimits: false, priceTickMs: 0 });
    try {
      const walk = async (s: RunningSimulator) => ((await admin<{ prices: Record<string, string> }>(s, 'POST', 'ticks', { count: 25 })).body.prices);
      const a = await walk(other);
      const b = await walk(third);
      const c = await walk(other);
      expect(a.BTC_USDT).not.toBe('62000');
      expect(compare(a.BTC_USDT!, '61504')).toBeGreaterThanOrEqual(0);
      expect(compare(a.BTC_USDT!, '62496')).toBeLessThanOrEqual(0);
      expect(b.BTC_USDT).not.toBe(a.BTC_USDT);
      expect(c).not.toEqual(a);
      const again = await startSimulator({ seed: 42, rateLimits: false, priceTickMs: 0 });
      try {
        const first = await walk(again);
        expect(first).toEqual(a);
        expect(await walk(again)).toEqual(c);
      } finally {
        await again.close();
      }
    } finally {
      await other.close();
      await third.close();
    }
  });

  it('advances with the clock, one step per tick', async () => {
    const ticking = await startSimulator({ seed: 42, rateLimits: false, priceTickMs: 5 });
    try {
      const read = async () => (await createExchangeClient({ runtime, baseUrl: ticking.url }).ticker()).items.BTC_USDT!.last_price;
      const before = await read();
      await expect.poll(read).not.toBe(before);
    } finally {
      await ticking.close();
    }
  });
});

describe('positions and the collateral account follow the price', () => {
  it('moves a long out of liquidation and a short into it when the admin API lifts BTC_PERP', async () => {
    const perpOf = async (c: ExchangeClient) => (await c.positions()).items.find((p) => p.market === 'BTC_PERP')!;
    // `pnl` is what partial closes realized (none for this position), not the open P&L.
    expect(await perpOf(main)).toMatchObject({ liquidationState: 'liquidation', amount: '0.8', basePrice: '64010', pnl: '0' });
    expect((await perpOf(trader)).liquidationState).toBe('margin_call');
    const summaryBefore = await main.collateralSummary();

    const set = await admin(sim, 'POST', 'prices', { market: 'BTC_PERP', price: '70000' });
    expect(set.body).toEqual({ market: 'BTC_PERP', price: '70000' });
    // Long 0.8 from 64010: (70000 - 64010) x 0.8 = 4792 open; margin 5120.8 -> 93.58 %. Nothing realized.
    expect(await perpOf(main)).toMatchObject({ liquidationState: null, pnl: '0', pnlPercent: '93.58' });
    // Short 0.05 from 61500 with liquidation at 63900: 70000 is past it.
    expect(await perpOf(trader)).toMatchObject({ liquidationState: 'liquidation', pnl: '0' });
    const summaryAfter = await main.collateralSummary();
    // Only the open P&L moved: 4792 - (-1608) = 6400 more equity.
    expect(sub(summaryAfter.pnl, summaryBefore.pnl)).toBe('6400');
    expect(sub(summaryAfter.equity, summaryBefore.equity)).toBe('6400');
    expect(summaryAfter.leverage).toBe('5');
    await admin(sim, 'POST', 'prices', { market: 'BTC_PERP', price: '62000' });
    expect((await perpOf(main)).liquidationState).toBe('liquidation');
  });

  it('moves a record\'s unrealizedPnl with the price and keeps its realized pnl', async () => {
    const tonOf = async () => (await main.positions()).items.find((p) => p.market === 'TON_USDT')!;
    await admin(sim, 'POST', 'prices', { market: 'TON_USDT', price: '6' });
    // 350.5 from 5.4471: (6 - 5.4471) x 350.5 = 193.79145; the 12.4471 realized earlier stays.
    expect(await tonOf()).toMatchObject({ pnl: '12.4471', unrealizedPnl: '193.79145' });
    await admin(sim, 'POST', 'prices', { market: 'TON_USDT', price: '5' });
    expect(await tonOf()).toMatchObject({ pnl: '12.4471', unrealizedPnl: '-156.70855' });
  });

  it('keeps a state pinned through the admin API whatever the price does', async () => {
    const calm = (await main.positions()).items.find((p) => p.market === 'SOL_USDT')!;
    await admin(sim, 'POST', 'positions', { apiKey: sim.accounts[0]!.apiKey, positionId: calm.positionId, liquidationState: 'margin_call' });
    await admin(sim, 'POST', 'prices', { market: 'SOL_USDT', price: '150' });
    expect((await main.positions()).items.find((p) => p.positionId === calm.positionId)?.liquidationState).toBe('margin_call');
    await admin(sim, 'POST', 'reset');
  });
});

describe('the other balances', () => {
  it('sends collateral balances as JSON numbers that the client reads with every digit', async () => {
    const raw = await clientFor(sim, 'Main (B2B)').post(PATHS.collateralBalance);
    expect(raw.text).toBe('{"USDT":15000.123456789012345678,"BTC":0.5,"ETH":1.25}');
    expect((await main.collateralBalance()).items).toEqual({ USDT: '15000.123456789012345678', BTC: '0.5', ETH: '1.25' });
    expect((await main.collateralBalance({ ticker: 'XRP' })).items).toEqual({ XRP: '0' });
  });

  it('lists the trade balance with available and frozen amounts, zero for assets not held', async () => {
    const trade = await main.tradeBalance();
    expect(trade.items.BTC).toEqual({ available: '0.123', freeze: '0.01' });
    expect(trade.items.XRP).toEqual({ available: '0', freeze: '0' });
    expect((await main.tradeBalance({ ticker: 'SOL' })).items).toEqual({ SOL: { available: '10', freeze: '1.5' } });
  });
});
