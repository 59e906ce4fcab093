/**
 * balances.overview and positions.overview through the real core (router, accounts, keychain,
 * settings) against the simulator over HTTP, with the simulator's prices frozen (priceTickMs 0) so
 * that every value can be computed by hand. Runs under .ci/with-keyring (real Secret Service).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../shared/errors';
import type { Channel, RequestOf, ResponseOf } from '../../../shared/ipc';
import { DEMO_ACCOUNT_ID } from '../../../shared/model/accounts';
import type { BalancesOverview } from '../../../shared/model/balances';
import { add, dec, sub, sum } from '../../../shared/money/decimal';
import { createCore, type Core } from '../../core';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { admin } from '../../simulator/test/admin-client';

const direct = { transport: 'direct' } as const;
let sim: RunningSimulator;
let dir: string;
let core: Core;
const added: string[] = [];

async function call<C extends Channel>(channel: C, payload: RequestOf<C>): Promise<Envelope<ResponseOf<C>>> {
  return (await core.route(channel, payload, direct)) as Envelope<ResponseOf<C>>;
}
async function data<C extends Channel>(channel: C, payload: RequestOf<C>): Promise<ResponseOf<C>> {
  const envelope = await call(channel, payload);
  if (!envelope.ok) throw new Error(`${channel} failed: ${JSON.stringify(envelope.error)}`);
  return envelope.data;
}
const rowOf = (o: BalancesOverview, asset: string) => o.rows.find((r) => r.asset === asset);

beforeAll(async () => {
  sim = await startSimulator({ seed: 42, rateLimits: false, priceTickMs: 0 });
  dir = mkdtempSync(join(tmpdir(), 'desk-overview-'));
  // The Demo account is the simulator's "Main (B2B)".
  core = createCore({ userDataDir: dir, mode: 'browser', startSimulator: async () => sim, clientOptions: { timeoutMs: 5_000, maxRetries: 0 } });
});
afterEach(async () => {
  await admin(sim, 'DELETE', 'faults');
  await admin(sim, 'POST', 'region', { futures: true, margin: true });
});
afterAll(async () => {
  for (const id of added) await call('accounts.remove', { accountId: id }).catch(() => undefined);
  await core?.close();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('balances.overview for one account', () => {
  it('adds main, trade and collateral per asset and values them in USDT', async () => {
    const o = await data('balances.overview', { accountId: DEMO_ACCOUNT_ID });
    expect(o.quote).toBe('USDT');
    expect(o.accounts).toEqual([{ id: 'demo', name: expect.any(String) }]);
    // BTC: main 1.23456789 + trade 0.123 + 0.01 frozen + collateral 0.5 = 1.86756789; × 62000 = 115789.20918.
    expect(rowOf(o, 'BTC')).toMatchObject({ main: '1.23456789', tradeAvailable: '0.123', tradeFrozen: '0.01', collateral: '0.5', total: '1.86756789', price: '62000', value: '115789.20918', change24h: '0' });
    // USDC is not taken for 1: (9000 + 500) × 0.9998 = 9498.1.
    expect(rowOf(o, 'USDC')).toMatchObject({ total: '9500', price: '0.9998', value: '9498.1' });
    // HBAR only trades against BTC: 0.00000112 × 62000 = 0.06944 per HBAR.
    expect(rowOf(o, 'HBAR')).toMatchObject({ tradeAvailable: '2500', price: '0.06944' });
    // USDT collateral arrives as a JSON number with more digits than a float keeps.
    expect(rowOf(o, 'USDT')?.collateral).toBe('15000.123456789012345678');
    // LUNC has no market: no price, never zero, counted and left out of the totals.
    expect(rowOf(o, 'LUNC')).toMatchObject({ main: '1000000', price: null, value: null, share: null });
    expect(o.unpriced).toBeGreaterThanOrEqual(1);
    expect(o.rows.every((r) => r.total !== '0')).toBe(true);
    // Most valuable first, unpriced last.
    const values = o.rows.map((r) => r.value);
    expect(values.indexOf(null)).toBeGreaterThan(0);
    expect(values.slice(values.indexOf(null)).every((v) => v === null)).toBe(true);
    expect(o.totals.value).toBe(sum(o.rows.flatMap((r) => (r.value === null ? [] : [r.value]))));
    // The allocation picture: the five most valuable rows, then the rest; together the whole (to rounding).
    expect(o.allocation.slice(0, 5).map((p) => p.asset)).toEqual(o.rows.slice(0, 5).map((r) => r.asset));
    expect(o.allocation[5]?.asset ?? null).toBeNull();
    expect(Math.abs(Number(sum(o.allocation.map((p) => p.share))) - 100)).toBeLessThan(0.001);
    // The split by account part adds up to the total (each part rounded to 8 decimals on its own).
    const split = add(add(o.totals.main, o.totals.trade), o.totals.collateral);
    expect(dec(sub(split, o.totals.value)).abs().lessThan('0.00001')).toBe(true);
    expect(o.notes).toEqual([]);
    expect(o.pricedAt).toEqual(expect.any(Number));
  });

  it('values in BTC and in EUR, and takes the quote setting when none is asked for', async () => {
    const inBtc = await data('balances.overview', { accountId: DEMO_ACCOUNT_ID, quote: 'BTC' });
    expect(rowOf(inBtc, 'BTC')).toMatchObject({ price: '1', value: '1.86756789' });
    // 1 ETH: ETH_BTC 0.04032 directly.
    expect(rowOf(inBtc, 'ETH')?.price).toBe('0.04032');
    await data('settings.update', { quote: 'EUR' });
    try {
      const inEur = await data('balances.overview', { accountId: DEMO_ACCOUNT_ID });
      expect(inEur.quote).toBe('EUR');
      // BTC_EUR 57300: 1.86756789 × 57300 = 107011.640097.
      expect(rowOf(inEur, 'BTC')).toMatchObject({ price: '57300', value: '107011.640097' });
      expect((await data('settings.get', {})).settings.quote).toBe('EUR');
    } finally {
      await data('settings.update', { quote: 'USDT' });
    }
  });

  it('refuses a malformed quote, and notes a quote without markets instead of failing', async () => {
    expect((await call('balances.overview', { quote: 'usdt!' })).ok).toBe(false);
    expect((await call('settings.update', { quote: 'not a ticker' })).ok).toBe(false);
    const o = await data('balances.overview', { accountId: DEMO_ACCOUNT_ID, quote: 'XYZ' });
    expect(o.notes.map((n) => n.kind)).toEqual(['quote_without_market']);
    expect(o.totals.value).toBe('0');
    expect(o.rows.every((r) => r.value === null)).toBe(true);
  });

  it('keeps the amounts when the ticker fails, with a note, and counts every held asset as unpriced', async () => {
    await admin(sim, 'POST', 'faults', { kind: 'server_error', path: '/api/v4/public/ticker', count: 0 });
    const o = await data('balances.overview', { accountId: DEMO_ACCOUNT_ID });
    // A code and the failure behind it, no sentence: the page words it.
    expect(o.notes).toMatchObject([{ kind: 'prices_unavailable', error: { kind: 'server' } }]);
    expect(o.notes[0]).not.toHaveProperty('message');
    expect(rowOf(o, 'BTC')).toMatchObject({ total: '1.86756789', price: null, value: null });
    // Only the quote itself keeps a price (1 USDT is 1 USDT without any market).
    expect(rowOf(o, 'USDT')?.price).toBe('1');
    expect(o.unpriced).toBe(o.rows.length - 1);
    expect(o.pricedAt).toBeNull();
  });

  it('keeps the other parts when one part cannot be reached', async () => {
    await admin(sim, 'POST', 'faults', { kind: 'server_error', path: '/api/v4/collateral-account/balance', count: 0 });
    const o = await data('balances.overview', { accountId: DEMO_ACCOUNT_ID });
    expect(o.notes).toMatchObject([{ kind: 'part_unavailable', part: 'collateral', accountId: 'demo' }]);
    expect(rowOf(o, 'BTC')).toMatchObject({ collateral: '0', total: '1.36756789' });
    expect(o.totals.collateral).toBe('0');
  });

  it('fails, rather than answering an empty account, when no part of it can be read', async () => {
    for (const path of ['/api/v4/main-account/balance', '/api/v4/trade-account/balance', '/api/v4/collateral-account/balance']) {
      await admin(sim, 'POST', 'faults', { kind: 'server_error', path, count: 0 });
    }
    const envelope = await call('balances.overview', { accountId: DEMO_ACCOUNT_ID });
    expect(envelope.ok).toBe(false);
    if (!envelope.ok) expect(envelope.error.kind).toBe('server');
  });
});

describe('balances.overview for all accounts', () => {
  it('sums every configured account (not the Demo one beside them), each part that is reachable', async () => {
    for (const name of ['Trader', 'Read-only']) {
      const account = sim.accounts.find((a) => a.name === name)!;
      const result = await data('accounts.add', { name, region: 'custom', baseUrl: sim.url, apiKey: account.apiKey, apiSecret: account.apiSecret });
      added.push(result.account.id);
    }
    const all = await data('balances.overview', {});
    expect(all.accounts.map((a) => a.name)).toEqual(['Trader', 'Read-only']);
    // BTC: Trader main 0.5 + trade 0.05 + collateral 0.01; Read-only main 0.1.
    expect(rowOf(all, 'BTC')).toMatchObject({ main: '0.6', tradeAvailable: '0.05', collateral: '0.01', total: '0.66', value: '40920' });
    // USDT: main 1200 + 500, trade 300 + 25.5 frozen + 50, collateral 2500 + 1000.
    expect(rowOf(all, 'USDT')).toMatchObject({ main: '1700', tradeAvailable: '350', tradeFrozen: '25.5', collateral: '3500', total: '5575.5' });

    await admin(sim, 'POST', 'faults', { kind: 'server_error', path: '/api/v4/trade-account/balance', count: 0 });
    const partial = await data('balances.overview', {});
    expect(partial.notes.map((n) => [n.kind, n.accountName, n.part])).toEqual([
      ['part_unavailable', 'Trader', 'trade'],
      ['part_unavailable', 'Read-only', 'trade'],
    ]);
    expect(rowOf(partial, 'BTC')).toMatchObject({ main: '0.6', tradeAvailable: '0', collateral: '0.01', total: '0.61' });
    expect(partial.byAccount.map((a) => [a.name, a.failedParts])).toEqual([
      ['Trader', ['trade']],
      ['Read-only', ['trade']],
    ]);
  });

  it('gives each account its own total and share; the grand total is their exact sum', async () => {
    const all = await data('balances.overview', {});
    expect(all.byAccount.map((a) => a.name)).toEqual(['Trader', 'Read-only']);
    const [trader, readOnly] = all.byAccount;
    expect(trader!.value).not.toBeNull();
    expect(readOnly!.value).not.toBeNull();
    expect(all.grandTotal).toBe(add(trader!.value!, readOnly!.value!));
    expect(dec(trader!.share!).plus(dec(readOnly!.share!)).minus(100).abs().lte('0.02')).toBe(true);
    // Each account valued on its own agrees with that account's own overview.
    const alone = await data('balances.overview', { accountId: added[0]! });
    expect(alone.byAccount).toEqual([{ id: added[0], name: 'Trader', value: alone.totals.value, share: '100', unpriced: alone.unpriced, failedParts: [] }]);
    expect(trader!.value).toBe(alone.totals.value);
  });

  it('one account that cannot be read is said as such and keeps the others in the grand total', async () => {
    await admin(sim, 'POST', 'account', { apiKey: sim.accounts.find((a) => a.name === 'Read-only')!.apiKey, enabled: false });
    try {
      const all = await data('balances.overview', {});
      const [trader, readOnly] = all.byAccount;
      expect(readOnly).toMatchObject({ name: 'Read-only', value: null, share: null, failedParts: ['main', 'trade', 'collateral'] });
      expect(trader).toMatchObject({ name: 'Trader', share: '100' });
      expect(all.grandTotal).toBe(trader!.value);
    } finally {
      await admin(sim, 'POST', 'account', { apiKey: sim.accounts.find((a) => a.name === 'Read-only')!.apiKey, enabled: true });
    }
  });
});

describe('positions.overview', () => {
  it('lists positions riskiest first with current price, distance to liquidation, P&L, leverage and the summary', async () => {
    const o = await data('positions.overview', { accountId: DEMO_ACCOUNT_ID });
    expect(o.notes).toEqual([]);
    expect(o.summary).toMatchObject({ leverage: '5' });
    const head = o.positions.slice(0, 4).map((p) => [p.market, p.liquidationState, p.currentPrice, p.priceSource, p.distancePercent]);
    expect(head).toEqual([
      // Signed from the current price; both are past their liquidation price, the further first.
      // DOGE_PERP, a short (amount < 0): index 0.126 above liquidation 0.1235: −0.0025 / 0.126 = −1.984 %.
      ['DOGE_PERP', 'liquidation', '0.126', 'index', '-1.98'],
      // BTC_PERP, a long (amount > 0, side BOTH): index 62000 (BTC_USDT) below liquidation 63100.5: −1100.5 / 62000 = −1.775 %.
      ['BTC_PERP', 'liquidation', '62000', 'index', '-1.78'],
      // ETH_USDT: 75.1 / 2500 = 3.004 %.
      ['ETH_USDT', 'margin_call', '2500', 'last', '3'],
      // LTC_BTC: 0.00003 / 0.00094 = 3.19 %.
      ['LTC_BTC', 'margin_call', '0.00094', 'last', '3.19'],
    ]);
    const btc = o.positions.find((p) => p.market === 'BTC_USDT')!;
    // Long 0.25 from 63250.5 at 62000: -312.625; leverage as the position reports it.
    expect(btc).toMatchObject({ unrealizedPnl: '-312.625', leverage: '5', side: 'LONG' });
    // The pending position has no distance and comes last.
    expect(o.positions.at(-1)).toMatchObject({ market: 'ADA_USDT', amount: null, distancePercent: null });
  });

  it('notes a region without futures and falls back to the last price of the perpetual', async () => {
    await admin(sim, 'POST', 'region', { futures: false });
    const o = await data('positions.overview', { accountId: DEMO_ACCOUNT_ID });
    expect(o.notes).toMatchObject([{ kind: 'region_unavailable', part: 'futures' }]);
    expect(o.positions.find((p) => p.market === 'BTC_PERP')).toMatchObject({ currentPrice: '62000', priceSource: 'last', distancePercent: '-1.78' });
  });

  it('notes missing prices instead of failing, and re-sorts when a price move changes a state', async () => {
    await admin(sim, 'POST', 'faults', { kind: 'server_error', path: '/api/v4/public/ticker', count: 0 });
    const withoutTicker = await data('positions.overview', { accountId: DEMO_ACCOUNT_ID });
    expect(withoutTicker.notes).toMatchObject([{ kind: 'prices_unavailable' }]);
    expect(withoutTicker.positions.find((p) => p.market === 'ETH_USDT')).toMatchObject({ currentPrice: null, distancePercent: null });
    await admin(sim, 'DELETE', 'faults');

    await admin(sim, 'POST', 'prices', { market: 'BTC_PERP', price: '70000' });
    try {
      const moved = await data('positions.overview', { accountId: DEMO_ACCOUNT_ID });
      expect(moved.positions[0]?.market).toBe('DOGE_PERP');
      expect(moved.positions.find((p) => p.market === 'BTC_PERP')).toMatchObject({ liquidationState: null, unrealizedPnl: '4792' });
    } finally {
      await admin(sim, 'POST', 'prices', { market: 'BTC_PERP', price: '62000' });
    }
  });
});
