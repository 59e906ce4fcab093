import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { isDecimalString } from '../../shared/money/decimal';
import type { AssetWire, CryptoFeeWire, FeeWire } from './data/catalogue';
import { type RunningSimulator } from './index';
import type { CodeRecord, PositionRecord } from './model';
import { SimulatorState } from './state';
import { clientFor, type SimClient } from './test/admin-client';
import { simulatorForFile } from './test/perFile';

let sim: RunningSimulator;
let main: SimClient;

simulatorForFile({ seed: 42 }, (started) => ({ sim, main } = started));

describe('seeded generation', () => {
  it('repeats exactly for the same seed and differs for another', () => {
    const a = new SimulatorState({ seed: 7, withdrawalSettleMs: 1000 });
    const b = new SimulatorState({ seed: 7, withdrawalSettleMs: 1000 });
    const c = new SimulatorState({ seed: 8, withdrawalSettleMs: 1000 });
    expect(a.accounts()).toEqual(b.accounts());
    expect(a.assetsJson.equals(b.assetsJson)).toBe(true);
    expect(a.history(a.accounts()[0]!.apiKey)).toEqual(b.history(b.accounts()[0]!.apiKey));
    expect(c.accounts()[0]!.apiKey).not.toBe(a.accounts()[0]!.apiKey);
  });

  it('gives the five demo accounts random-looking credentials', () => {
    expect(sim.accounts.map((a) => [a.name, a.b2b, a.eea])).toEqual([
      ['Main (B2B)', true, false],
      ['Trader', false, false],
      ['Read-only', false, false],
      ['Empty', true, false],
      ['EEA (Travel Rule)', false, true],
    ]);
    for (const account of sim.accounts) {
      expect(account.apiKey).toMatch(/^[A-Za-z0-9]{32,}$/);
      expect(account.apiSecret).toMatch(/^[A-Za-z0-9]{32,}$/);
    }
  });
});

describe('public catalogue', () => {
  it('lists at least 150 assets and their fees', async () => {
    const assets = (await main.get(ENDPOINTS.assets.path)).body as Record<string, AssetWire>;
    const allFees = (await main.get(ENDPOINTS.fees.path)).body as Record<string, FeeWire>;
    // Crypto entries (flat sides); fiat entries are keyed by provider and checked in realShapes.test.ts.
    const fees = Object.fromEntries(Object.entries(allFees).filter(([, e]) => e.providers.length === 0)) as Record<string, CryptoFeeWire>;
    expect(Object.keys(assets).length).toBeGreaterThanOrEqual(150);
    expect(Object.keys(allFees).length).toBeGreaterThanOrEqual(150);

    expect(assets.USDT?.networks).toMatchObject({ default: 'ERC20', withdraws: ['ERC20', 'TRC20', 'BEP20'] });
    for (const net of ['ERC20', 'TRC20', 'BEP20']) expect(fees[`USDT (${net})`]?.ticker).toBe('USDT');
    expect(fees.USDT).toBeUndefined();
    expect(assets.XRP?.is_memo).toBe(true);
    expect(assets.XLM?.is_memo).toBe(true);
    expect(assets.UAH?.providers?.withdraws).toContain('VISAMASTER');
    expect(assets.UAH?.networks).toBeUndefined();
    expect(Object.values(assets).filter((a) => !a.can_withdraw).length).toBeGreaterThanOrEqual(3);
    expect(assets.BSV?.networks?.withdraws).toBeUndefined();
    expect(Object.values(assets).filter((a) => a.currency_precision === 18).length).toBeGreaterThanOrEqual(5);

    const entries = Object.values(fees);
    const fixedOnly = entries.filter((e) => e.withdraw.fixed !== null && e.withdraw.flex === null);
    const flexOnly = entries.filter((e) => e.withdraw.fixed === null && e.withdraw.flex !== null);
    const both = entries.filter((e) => e.withdraw.fixed !== null && e.withdraw.flex !== null);
    const uncapped = entries.filter((e) => e.withdraw.flex?.max_fee === '0');
    expect(fixedOnly.length).toBeGreaterThan(20);
    expect(flexOnly.length).toBeGreaterThan(3);
    expect(both.length).toBeGreaterThan(3);
    expect(uncapped.length).toBeGreaterThan(0);
    expect(fees.DAI?.withdraw.flex).toEqual({ percent: '0.1', min_fee: '1', max_fee: '20' });
  });
});

describe('balances', () => {
  it('the main account holds at least 150 assets, as decimal strings, zero balances listed too', async () => {
    const res = await main.post(ENDPOINTS.balance.path);
    const balances = res.body as Record<string, { main_balance: string }>;
    expect(Object.values(balances).filter((b) => b.main_balance !== '0').length).toBeGreaterThanOrEqual(150);
    for (const { main_balance } of Object.values(balances)) expect(isDecimalString(main_balance)).toBe(true);
    expect(balances.ETH?.main_balance).toBe('12.5');
    expect(balances.SHIB?.main_balance).toBe('123456789012.25');
  });

  it('answers one ticker on request, zero included; a ticker that cannot be one is a 422 validation error', async () => {
    expect((await main.post(ENDPOINTS.balance.path, { ticker: 'BTC' })).body).toEqual({ BTC: { main_balance: '1.23456789' } });
    const empty = clientFor(sim, 'Empty');
    expect((await empty.post(ENDPOINTS.balance.path, { ticker: 'BTC' })).body).toEqual({ BTC: { main_balance: '0' } });
    const bad = await main.post(ENDPOINTS.balance.path, { ticker: 'no such ticker' });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ code: 0, message: 'Validation failed', errors: { ticker: ['The selected ticker is invalid.'] } });
  });

  it('the Empty account owns nothing', async () => {
    const empty = clientFor(sim, 'Empty');
    const balances = (await empty.post(ENDPOINTS.balance.path)).body as Record<string, { main_balance: string }>;
    expect(Object.values(balances).every((b) => b.main_balance === '0')).toBe(true);
    expect((await empty.post(ENDPOINTS.codes.path)).body).toEqual({ total: 0, data: [], limit: 30, offset: 0 });
    expect((await empty.post(ENDPOINTS.positions.path)).body).toEqual([]);
    expect((await empty.post(ENDPOINTS.flexInvestments.path)).body).toEqual({ data: [], limit: 100, offset: 0 });
    expect((await empty.post(ENDPOINTS.history.path, { limit: 100, offset: 0 })).body).toEqual({ limit: 100, offset: 0, total: 0, records: [] });
  });
});

describe('my codes', () => {
  const CODES = ENDPOINTS.codes.path;

  it('answers 201 with 30 codes by default, and pages through at least 250', async () => {
    const first = await main.post(CODES);
    expect(first.status).toBe(201);
    const page = first.body as { total: number; data: CodeRecord[]; limit: number; offset: number };
    expect(page).toMatchObject({ limit: 30, offset: 0 });
    expect(page.data).toHaveLength(30);
    expect(page.total).toBeGreaterThanOrEqual(250);

    const seen = new Set<string>();
    const statuses = new Set<string>();
    for (let offset = 0; offset < page.total; offset += 100) {
      const res = (await main.post(CODES, { limit: 100, offset })).body as { data: CodeRecord[] };
      for (const code of res.data) {
        seen.add(code.code);
        statuses.add(code.status);
      }
    }
    expect(seen.size).toBe(page.total);
    for (const status of ['Activated', 'New', 'active', 'applied']) expect(statuses).toContain(status);
    expect([...statuses].some((s) => !['Activated', 'New', 'active', 'applied'].includes(s))).toBe(true);
  });

  it('accepts integer strings as the exchange does', async () => {
    expect((await main.post(CODES, { limit: '10', offset: '5' })).body).toMatchObject({ limit: 10, offset: 5 });
  });

  const rules: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ['limit above 100', { limit: 101 }, { limit: ['The limit may not be greater than 100.'] }],
    ['limit below 1', { limit: 0 }, { limit: ['The limit must be at least 1.'] }],
    ['offset above 10000', { offset: 10001 }, { offset: ['The offset may not be greater than 10000.'] }],
    ['offset below 0', { offset: -1 }, { offset: ['The offset must be at least 0.'] }],
    ['limit not an integer', { limit: 1.5 }, { limit: ['The limit must be an integer.'] }],
    ['offset not an integer', { offset: 'abc' }, { offset: ['The offset must be an integer.'] }],
    ['limit of a wrong type', { limit: { n: 1 } }, { limit: ['The limit must be an integer.'] }],
    ['a huge limit', { limit: 1e300 }, { limit: ['The limit may not be greater than 100.'] }],
    ['both wrong at once', { limit: 500, offset: -5 }, { limit: ['The limit may not be greater than 100.'], offset: ['The offset must be at least 0.'] }],
  ];
  it.each(rules)('%s: 400 "Validation failed" with the exact message', async (_name, params, errors) => {
    const res = await main.post(CODES, params);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 0, message: 'Validation failed', errors });
  });

  it('treats a number too large for JSON doubles as not an integer', async () => {
    const res = await main.postBody(CODES, main.bodyFor(CODES).replace(/}$/, ',"limit":1e400}'));
    expect(res.body).toEqual({ code: 0, message: 'Validation failed', errors: { limit: ['The limit must be an integer.'] } });
  });
});

describe('codes history', () => {
  const HISTORY = ENDPOINTS.codesHistory.path;

  it('lists every created code with a negative amount and applied ones with a positive amount, newest first', async () => {
    const own = sim.state.account(main.account.apiKey)!.codes;
    const first = (await main.post(HISTORY, { limit: 100, offset: 0 })).body as { total: number; data: CodeRecord[] };
    const all: CodeRecord[] = [];
    for (let offset = 0; offset < first.total; offset += 100) all.push(...((await main.post(HISTORY, { limit: 100, offset })).body as { data: CodeRecord[] }).data);
    expect(all).toHaveLength(first.total);
    const given = all.filter((r) => r.amount.startsWith('-'));
    const received = all.filter((r) => r.amount.startsWith('+'));
    expect(given.length + received.length).toBe(all.length);
    expect(given.map((r) => r.code).sort()).toEqual(own.map((c) => c.code).sort());
    expect(received.length).toBeGreaterThan(0);
    expect(received.every((r) => r.status === 'Activated')).toBe(true);
    // One of the account's own codes applied by itself, both ways, as in the documented example.
    expect(received.some((r) => own.some((c) => c.code === r.code))).toBe(true);
    const dates = all.map((r) => r.date);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('refuses the same bounds as codes/my with the same messages', async () => {
    const res = await main.post(HISTORY, { limit: 101, offset: -1 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 0, message: 'Validation failed', errors: { limit: ['The limit may not be greater than 100.'], offset: ['The offset must be at least 0.'] } });
  });
});

describe('open positions', () => {
  const POSITIONS = ENDPOINTS.positions.path;

  it('covers every state, side and tpsl shape', async () => {
    const res = await main.post(POSITIONS);
    expect(res.status).toBe(200);
    const raw = res.body as Record<string, unknown>[];
    const positions = res.body as PositionRecord[];
    expect(new Set(positions.map((p) => p.liquidationState))).toEqual(new Set([null, 'margin_call', 'liquidation']));
    expect(new Set(positions.map((p) => p.positionSide))).toEqual(new Set(['LONG', 'SHORT', 'BOTH', undefined]));
    expect(raw.some((p) => !('positionSide' in p))).toBe(true);
    const perps = positions.filter((p) => p.market.endsWith('_PERP'));
    expect(perps.length).toBeGreaterThanOrEqual(2);
    for (const p of perps) expect([p.funding, p.unrealizedFunding]).toEqual(['0', '0']);
    expect(positions.some((p) => p.tpsl === null)).toBe(true);
    expect(positions.some((p) => p.tpsl?.takeProfit && p.tpsl.stopLoss)).toBe(true);
    expect(positions.some((p) => p.liquidationPrice === null)).toBe(true);
    for (const p of positions) {
      expect(typeof p.openDate).toBe('number');
      expect(Number.isInteger(p.openDate)).toBe(false);
    }
    // Filled positions carry money as strings; the pending one (amount null) is checked in realShapes.test.ts.
    for (const p of raw.filter((p) => p.amount !== null)) for (const field of ['amount', 'basePrice', 'pnl', 'margin', 'freeMargin', 'funding']) expect(typeof p[field]).toBe('string');
  });

  it('filters by market; a malformed market is 422 code 30 with empty errors', async () => {
    const btc = (await main.post(POSITIONS, { market: 'BTC_USDT' })).body as { market: string }[];
    expect(btc.length).toBe(1);
    expect(btc[0]?.market).toBe('BTC_USDT');
    for (const market of ['btc-usdt', 'BTCUSDT', 42, 'A'.repeat(50)]) {
      const res = await main.post(POSITIONS, { market });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ code: 30, message: 'Validation failed', errors: {} });
    }
  });
});
