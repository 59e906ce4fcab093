/**
 * positions.closed through the real core (router, accounts, keychain) against the simulator over
 * HTTP. Runs under .ci/with-keyring.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import type { Envelope } from '../../../shared/errors';
import type { Channel, RequestOf, ResponseOf } from '../../../shared/ipc';
import { DEMO_ACCOUNT_ID } from '../../../shared/model/accounts';
import type { ClosedPosition } from '../../../shared/model/closedPositions';
import { createCore, type Core } from '../../core';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { DEMO_SIMULATOR_ACCOUNT } from '../demo';
import { totalsByMarket } from './closed';

const direct = { transport: 'direct' } as const;
let sim: RunningSimulator;
let dir: string;
let core: Core;

async function answer<C extends Channel>(channel: C, payload: RequestOf<C>): Promise<Envelope<ResponseOf<C>>> {
  return (await core.route(channel, payload, direct)) as Envelope<ResponseOf<C>>;
}
async function data<C extends Channel>(channel: C, payload: RequestOf<C>): Promise<ResponseOf<C>> {
  const envelope = await answer(channel, payload);
  if (!envelope.ok) throw new Error(`${channel} failed: ${JSON.stringify(envelope.error)}`);
  return envelope.data;
}

beforeAll(async () => {
  sim = await startSimulator({ seed: 42, rateLimits: false, priceTickMs: 0 });
  dir = mkdtempSync(join(tmpdir(), 'desk-closed-'));
  core = createCore({ userDataDir: dir, mode: 'browser', startSimulator: async () => sim, clientOptions: { timeoutMs: 5_000, maxRetries: 0 } });
});
afterAll(async () => {
  await core?.close();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('positions.closed', () => {
  it('groups the Demo events into 40 positions, the liquidated long with its sums', async () => {
    const page = await data('positions.closed', { accountId: DEMO_ACCOUNT_ID });
    expect(page.unreadable).toBe(0);
    expect(page.positions).toHaveLength(40);
    expect(page.markets).toEqual([...new Set(page.positions.map((p) => p.market))].sort());
    const liquidated = page.positions.filter((p) => p.liquidated);
    expect(liquidated).toHaveLength(1);
    // Entry 45658.349, closed at 41507.59, 0.1 BTC: (41507.59 - 45658.349) x 0.1 = -415.0759.
    // Fees 0.05 % of each trade: 2.28291745 + 2.0753795.
    expect(liquidated[0]).toMatchObject({
      market: 'BTC_USDT',
      side: 'LONG',
      size: '0.1',
      entryPrice: '45658.349',
      closePrice: '41507.59',
      realizedPnl: '-415.0759',
      funding: '-1.2345',
      fees: '4.35829695',
      events: 2,
    });
    expect(liquidated[0]!.closeDate).toBeGreaterThan(liquidated[0]!.openDate);
    const closes = page.positions.map((p) => p.closeDate ?? Infinity);
    expect(closes).toEqual([...closes].sort((a, b) => b - a));
  });

  it('sums realized P&L, funding and fees market by market, exactly, over every position found', async () => {
    const page = await data('positions.closed', { accountId: DEMO_ACCOUNT_ID });
    expect(page.totalsByMarket.map((t) => t.market).sort()).toEqual(page.markets);
    expect(page.totalsByMarket.reduce((n, t) => n + t.positions, 0)).toBe(page.positions.length);
    for (const totals of page.totalsByMarket) {
      const held = page.positions.filter((p) => p.market === totals.market);
      // Added again here with decimal.js, one position at a time.
      const added = (pick: (p: (typeof held)[number]) => string) => held.reduce((acc, p) => acc.plus(pick(p)), new Decimal(0)).toFixed();
      expect(totals).toEqual({
        market: totals.market,
        positions: held.length,
        liquidated: held.filter((p) => p.liquidated).length,
        realizedPnl: added((p) => p.realizedPnl),
        funding: added((p) => p.funding),
        fees: added((p) => p.fees),
      });
    }
    const pnl = page.totalsByMarket.map((t) => new Decimal(t.realizedPnl));
    pnl.forEach((value, i) => i > 0 && expect(value.lte(pnl[i - 1]!)).toBe(true));
  });

  it('sums in decimals: many small amounts add up exactly, and a market of one position is that position', () => {
    const position = (market: string, realizedPnl: string, extra: Partial<ClosedPosition> = {}): ClosedPosition => ({
      positionId: Math.floor(Math.random() * 1e9), market, side: 'LONG', openDate: 1, closeDate: 2, size: '1', entryPrice: '1', closePrice: '1',
      realizedPnl, funding: '0.1', fees: '0.2', liquidated: false, events: 2, ...extra,
    });
    const tenths = Array.from({ length: 10 }, () => position('ETH_USDT', '0.1'));
    const totals = totalsByMarket([...tenths, position('BTC_PERP', '-12.000000000000000001', { liquidated: true })]);
    expect(totals).toEqual([
      { market: 'ETH_USDT', positions: 10, liquidated: 0, realizedPnl: '1', funding: '1', fees: '2' },
      { market: 'BTC_PERP', positions: 1, liquidated: 1, realizedPnl: '-12.000000000000000001', funding: '0.1', fees: '0.2' },
    ]);
    expect(totalsByMarket([])).toEqual([]);
  });

  it('sums a partly closed position over all its events', async () => {
    const page = await data('positions.closed', { accountId: DEMO_ACCOUNT_ID });
    const partial = page.positions.find((p) => p.events === 3);
    expect(partial).toBeDefined();
    const events = sim.state.accountByName(DEMO_SIMULATOR_ACCOUNT)!.positionsHistory.filter((r) => r.positionId === partial!.positionId);
    const { Decimal } = await import('../../../shared/money/decimal');
    const pnl = events.reduce((s, e) => (e.orderDetail.realizedPnl === null ? s : s.plus(e.orderDetail.realizedPnl)), new Decimal(0));
    expect(partial!.realizedPnl).toBe(pnl.toFixed());
  });

  it('filters by market and by a window of seconds', async () => {
    const all = await data('positions.closed', { accountId: DEMO_ACCOUNT_ID });
    const eth = await data('positions.closed', { accountId: DEMO_ACCOUNT_ID, market: 'ETH_USDT' });
    expect(eth.positions.length).toBeGreaterThan(0);
    expect(eth.positions.every((p) => p.market === 'ETH_USDT')).toBe(true);
    expect(eth.positions.length).toBe(all.positions.filter((p) => p.market === 'ETH_USDT').length);
    const liquidated = all.positions.find((p) => p.liquidated)!;
    const window = await data('positions.closed', { accountId: DEMO_ACCOUNT_ID, startDate: Math.floor(liquidated.openDate), endDate: Math.ceil(liquidated.closeDate!) });
    expect(window.positions.map((p) => p.positionId)).toContain(liquidated.positionId);
    expect(window.positions.length).toBeLessThan(all.positions.length);
  });

  it('refuses a window that ends before it starts and a malformed market', async () => {
    const backwards = await answer('positions.closed', { accountId: DEMO_ACCOUNT_ID, startDate: 200, endDate: 100 });
    expect(backwards.ok).toBe(false);
    const market = await answer('positions.closed', { accountId: DEMO_ACCOUNT_ID, market: 'not a market' });
    expect(market.ok).toBe(false);
  });

  it('leaves out and counts one odd event, keeping the rest', async () => {
    // The simulator's list is readonly to handlers; this test plants one odd event in it.
    const history = sim.state.accountByName(DEMO_SIMULATOR_ACCOUNT)!.positionsHistory as unknown[];
    history.push({ ...(history[0] as object), positionId: 999_999, amount: 'lots' });
    try {
      const page = await data('positions.closed', { accountId: DEMO_ACCOUNT_ID });
      expect(page.unreadable).toBe(1);
      expect(page.positions).toHaveLength(40);
    } finally {
      history.pop();
    }
  });
});
