/**
 * The awkward shapes the real exchange sends (docs/exchange-api.md "Shapes that break naive parsers"), each
 * checked on the raw answer of a real HTTP request: zero balances, fiat fees keyed by provider IDs,
 * assets without currency_precision, pending positions, integer investment status.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator } from './index';
import { PATHS } from './paths';
import { admin, clientFor, type SimClient } from './test/admin-client';
import { simulatorForFile } from './test/perFile';

type Json = Record<string, unknown>;

let sim: RunningSimulator;
let main: SimClient;

simulatorForFile({ seed: 42, rateLimits: false }, (started) => ({ sim, main } = started));

describe('balances list zero balances', () => {
  it('lists every asset, "0" for the ones the account does not hold', async () => {
    const assets = (await main.get(PATHS.assets)).body as Json;
    const res = await main.post(PATHS.balance);
    expect(res.status).toBe(200);
    const balances = res.body as Record<string, { main_balance: string }>;
    expect(Object.keys(balances).sort()).toEqual(Object.keys(assets).sort());
    expect(balances.ETH).toEqual({ main_balance: '12.5' });
    const zeros = Object.values(balances).filter((b) => b.main_balance === '0');
    expect(zeros.length).toBeGreaterThan(0);
    expect(zeros.length).toBeLessThan(Object.keys(balances).length);
  });

  it('the Empty account lists every asset at "0"', async () => {
    const balances = (await clientFor(sim, 'Empty').post(PATHS.balance)).body as Record<string, { main_balance: string }>;
    expect(Object.keys(balances).length).toBeGreaterThanOrEqual(150);
    expect(new Set(Object.values(balances).map((b) => b.main_balance))).toEqual(new Set(['0']));
  });

  it('answers one ticker, zero for one it does not know', async () => {
    expect((await main.post(PATHS.balance, { ticker: 'BTC' })).body).toEqual({ BTC: { main_balance: '1.23456789' } });
    expect((await main.post(PATHS.balance, { ticker: 'NOPE1' })).body).toEqual({ NOPE1: { main_balance: '0' } });
  });
});

describe('/public/fee', () => {
  let fees: Record<string, Json>;
  let assets: Record<string, Json>;
  beforeAll(async () => {
    fees = (await main.get(PATHS.fees)).body as Record<string, Json>;
    assets = (await main.get(PATHS.assets)).body as Record<string, Json>;
  });

  it('keys fiat withdraw/deposit by provider ID, each in the documented form', () => {
    const eur = fees.EUR as { providers: string[]; withdraw: Record<string, Json>; deposit: Record<string, Json> };
    expect(eur.providers).toEqual(expect.arrayContaining(['EUR_SEPA_BCB', 'EUR_VISAMASTER', 'EUR_ADVCASH']));
    expect(Object.keys(eur.withdraw).sort()).toEqual([...eur.providers].sort());
    expect(eur.withdraw.EUR_SEPA_BCB).toEqual({
      is_withdrawal: true,
      is_api_withdrawal: true,
      ticker: 'EUR_SEPA_BCB',
      name: 'EUR SEPA BCB',
      max_amount: '14500',
      min_amount: '10',
      fixed: null,
      flex: { percent: '0.05', min_fee: '3', max_fee: '7.25' },
    });
    expect(eur).not.toHaveProperty('is_withdrawal');
    expect(Object.keys(eur.deposit).length).toBeGreaterThan(0);
    for (const ticker of ['UAH', 'USD', 'EUR']) {
      const entry = fees[ticker] as { withdraw: Record<string, Json> };
      for (const [id, side] of Object.entries(entry.withdraw)) {
        expect(side.ticker).toBe(id);
        for (const key of ['is_withdrawal', 'is_api_withdrawal', 'name', 'min_amount', 'max_amount', 'fixed', 'flex']) expect(side).toHaveProperty(key);
      }
    }
  });

  it('fee IDs differ from the provider names of /public/assets; "ID contains the name" matches all but one', () => {
    const match = (ticker: string, provider: string) => Object.keys((fees[ticker] as { withdraw: Json }).withdraw).filter((id) => id.toUpperCase().includes(provider.toUpperCase()));
    const unmatched: string[] = [];
    for (const ticker of ['UAH', 'USD', 'EUR']) {
      const names = ((assets[ticker] as { providers: { withdraws: string[] } }).providers.withdraws);
      const ids = Object.keys((fees[ticker] as { withdraw: Json }).withdraw);
      for (const name of names) {
        expect(ids).not.toContain(name);
        const found = match(ticker, name);
        if (found.length !== 1) unmatched.push(`${ticker} ${name}`);
      }
    }
    expect(match('UAH', 'VISAMASTER')).toEqual(['UAH_VISAMASTER']);
    expect(match('USD', 'VISAMASTER')).toEqual(['USD_VISAMASTER']);
    expect(match('EUR', 'SEPA')).toEqual(['EUR_SEPA_BCB']);
    // GEOPAY's fee is published as UAH_GP; SEPA_BCB_GROUP's as EUR_SEPA_BCB: the app must say "fee unknown".
    expect(unmatched.sort()).toEqual(['EUR SEPA_BCB_GROUP', 'UAH GEOPAY']);
  });

  it('crypto entries are flat with providers [], some without min/max amounts or is_withdrawal', () => {
    const crypto = Object.values(fees).filter((e) => Array.isArray(e.providers) && (e.providers as unknown[]).length === 0);
    expect(crypto.length).toBeGreaterThan(150);
    for (const e of crypto) expect(e.withdraw).toHaveProperty('fixed');
    expect(fees.LINK?.withdraw).toEqual({ fixed: '0.35', flex: null });
    expect(crypto.filter((e) => !('min_amount' in (e.withdraw as Json))).length).toBeGreaterThanOrEqual(10);
    expect(fees.BSV).not.toHaveProperty('is_withdrawal');
    expect(assets.BSV?.can_withdraw).toBe(false);
    expect(fees['USDT (TRC20)']).toMatchObject({ ticker: 'USDT', providers: [], is_withdrawal: true });
  });
});

describe('/public/assets', () => {
  it('some assets have no currency_precision; memo flags and confirmations are there', async () => {
    const assets = (await main.get(PATHS.assets)).body as Record<string, Json>;
    const without = Object.entries(assets).filter(([, a]) => !('currency_precision' in a)).map(([t]) => t);
    expect(without).toEqual(expect.arrayContaining(['APT', 'HBAR']));
    expect(without.length).toBeGreaterThanOrEqual(3);
    expect(assets.XRP).toMatchObject({ is_memo: true, memo: { deposit: true, withdraw: true } });
    expect(assets.HBAR).toMatchObject({ is_memo: true, memo: { deposit: true, withdraw: false } });
    expect(assets.BTC).toMatchObject({ is_memo: false, memo: { deposit: false, withdraw: false }, confirmations: { BTC: 2 } });
    expect(assets.USDT?.confirmations).toEqual({ ERC20: 20, TRC20: 20, BEP20: 15 });
    expect(assets.USD).toMatchObject({ providers: { withdraws: ['VISAMASTER'] }, currency_precision: 2 });
    expect(assets.EUR).toMatchObject({ providers: { withdraws: ['SEPA', 'SEPA_BCB_GROUP', 'VISAMASTER'] } });
    expect(assets.USD).not.toHaveProperty('networks');
    expect((assets.UAH?.limits as { withdraw: Json }).withdraw).toMatchObject({ VISAMASTER: { min: '100', max: '50000' } });
  });
});

describe('open positions', () => {
  it('include a pending position (null fields), positions without tpsl or positionSide, leverage and unrealizedPnl', async () => {
    const positions = (await main.post(PATHS.positions)).body as Json[];
    const pending = positions.filter((p) => p.amount === null);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ basePrice: null, liquidationPrice: null, pnl: null, pnlPercent: null, liquidationState: null });
    expect(typeof pending[0]?.margin).toBe('string');
    expect(positions.filter((p) => !('tpsl' in p)).length).toBeGreaterThanOrEqual(2);
    expect(positions.filter((p) => !('positionSide' in p)).length).toBeGreaterThanOrEqual(2);
    const levered = positions.filter((p) => 'leverage' in p);
    expect(levered.length).toBeGreaterThanOrEqual(2);
    for (const p of levered) {
      expect(Number.isInteger(p.leverage)).toBe(true);
      expect(typeof p.unrealizedPnl).toBe('string');
    }
    expect(positions.some((p) => p.tpsl === null)).toBe(true);
    expect((await clientFor(sim, 'Trader').post(PATHS.positions)).body).toEqual(expect.arrayContaining([expect.objectContaining({ amount: null, basePrice: null })]));
  });
});

describe('smart flex', () => {
  it('investment status is an integer (1 active, 0 closed) and invest answers {"data":{"transaction_id"}}', async () => {
    const before = (await main.post(PATHS.flexInvestments)).body as { data: Json[] };
    expect(new Set(before.data.map((i) => i.status))).toEqual(new Set([0, 1]));
    const plans = (await main.post(PATHS.flexPlans, { ticker: 'USDT' })).body as { id: string; maxRate: string }[];
    for (const plan of plans) expect(Number(plan.maxRate)).toBeLessThan(1);
    const res = await main.post(PATHS.flexInvest, { plan: plans[0]!.id, planId: plans[0]!.id, amount: '10' });
    expect(res.status).toBe(201);
    const transactionId = (res.body as { data: { transaction_id: string } }).data.transaction_id;
    expect(Object.keys(res.body as Json)).toEqual(['data']);
    const after = (await main.post(PATHS.flexInvestments, { investment: transactionId })).body as { data: Json[] };
    expect(after.data).toEqual([expect.objectContaining({ id: transactionId, status: 1, invested: '10' })]);
    const closed = (await main.post(PATHS.flexInvestments, { investmentStatus: 0 })).body as { data: Json[] };
    expect(closed.data.length).toBeGreaterThan(0);
    expect(closed.data.every((i) => i.status === 0)).toBe(true);
  });

  it('a listed plan that is paused refuses with 422 code 0 "Plan is paused"; the admin API pauses any plan', async () => {
    const listed = (await main.post(PATHS.flexPlans)).body as { id: string; ticker: string }[];
    const ada = listed.find((p) => p.ticker === 'ADA');
    expect(ada).toBeDefined();
    const paused = await main.post(PATHS.flexInvest, { plan: ada!.id, amount: '100' });
    expect(paused.status).toBe(422);
    expect(paused.body).toEqual({ code: 0, message: 'Inner validation failed', errors: { plan: ['Plan is paused'] } });

    const usdt = listed.find((p) => p.ticker === 'USDT')!;
    expect((await admin(sim, 'POST', 'plans', { planId: usdt.id, status: 'paused' })).status).toBe(200);
    expect((await main.post(PATHS.flexInvest, { plan: usdt.id, amount: '10' })).body).toMatchObject({ code: 0, errors: { plan: ['Plan is paused'] } });
    await admin(sim, 'POST', 'plans', { planId: usdt.id, status: 'inactive' });
    expect((await main.post(PATHS.flexInvest, { plan: usdt.id, amount: '10' })).body).toMatchObject({ code: 0, errors: { plan: ['Plan is unavailable'] } });
    await admin(sim, 'POST', 'plans', { planId: usdt.id, status: 'active' });
    expect((await main.post(PATHS.flexInvest, { plan: usdt.id, amount: '10' })).status).toBe(201);
    expect((await admin(sim, 'POST', 'plans', { planId: 'nope', status: 'paused' })).status).toBe(404);
  });

  it('answers the documented 403 body to accounts without lending access', async () => {
    const res = await clientFor(sim, 'Trader').post(PATHS.flexPlans);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 0, message: "You don't have permission to use this endpoint. Please contact support for more details" });
  });
});
