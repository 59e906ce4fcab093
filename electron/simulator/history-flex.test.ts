import { describe, expect, it } from 'vitest';
import { sub } from '../../shared/money/decimal';
import { type RunningSimulator } from './index';
import { PATHS } from './paths';
import { clientFor, type SimClient } from './test/admin-client';
import { simulatorForFile } from './test/perFile';

// Raw answers only: the client's response schemas are not what the simulator is held to.
const HISTORY = PATHS.history;
const PLANS = PATHS.flexPlans;
const INVEST = PATHS.flexInvest;
const INVESTMENTS = PATHS.flexInvestments;

type Json = Record<string, unknown>;
interface HistoryPage {
  limit: number;
  offset: number;
  total: number;
  records: Json[];
}
interface Plan {
  id: string;
  ticker: string;
}
const idOf = (r: Json) => (r.unique_id ?? r.uniqueId) as string | null;
const txOf = (r: Json) => (r.transaction_id ?? r.transactionId) as string;
const history = async (params: Json): Promise<HistoryPage> => {
  const res = await main.post(HISTORY, params);
  expect(res.status).toBe(201);
  return res.body as HistoryPage;
};
const plansOf = async (client: SimClient, params: Json = {}): Promise<Plan[]> => (await client.post(PLANS, params)).body as Plan[];

let sim: RunningSimulator;
let main: SimClient;

simulatorForFile({ seed: 42, rateLimits: false }, (started) => ({ sim, main } = started));

describe('history', () => {
  it('answers 201; separates deposits and withdrawals; records carry unique_id and transaction_id', async () => {
    const deposits = await history({ transactionMethod: 1, limit: 100, offset: 0 });
    expect(deposits.total).toBeGreaterThanOrEqual(100);
    expect(deposits.records.every((r) => r.method === 1)).toBe(true);
    const snake = deposits.records.filter((r) => 'unique_id' in r && 'transaction_id' in r);
    expect(snake.length).toBeGreaterThan(deposits.records.length / 2);
    // A minority keeps the older camelCase spelling (docs/exchange-api.md: accept both).
    expect(deposits.records.some((r) => 'uniqueId' in r && 'transactionId' in r)).toBe(true);
    for (const r of deposits.records) {
      expect(txOf(r)).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.confirmations).toEqual({ actual: expect.any(Number), required: expect.any(Number) });
      expect(r).toHaveProperty('details', null);
    }
    expect(deposits.records.some((r) => (r.confirmations as { actual: number; required: number }).actual < (r.confirmations as { required: number }).required)).toBe(true);

    const withdrawals = await history({ transactionMethod: 2, limit: 100, offset: 0 });
    expect(withdrawals.records.every((r) => r.method === 2 && idOf(r) !== null)).toBe(true);
    const statuses = new Set(withdrawals.records.map((r) => r.status));
    for (const s of [1, 3, 4, 5, 18, 21]) expect(statuses).toContain(s);
    const partial = withdrawals.records.find((r) => r.status === 18)!;
    expect(partial.details).toEqual({ partial: { requestAmount: expect.any(String), processedAmount: expect.any(String), processedFee: expect.any(String), normalizeTransaction: '' } });
  });

  it('both methods without transactionMethod, newest first, paged', async () => {
    const all = await history({ limit: 100, offset: 0 });
    expect(new Set(all.records.map((r) => r.method))).toEqual(new Set([1, 2]));
    const times = all.records.map((r) => r.createdAt as number);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = await history({ limit: 10, offset: 10 });
    expect(second.records.map(txOf)).toEqual(all.records.slice(10, 20).map(txOf));
    expect((await history({ limit: 500, offset: 0 })).records.length).toBe(Math.min(500, all.total));
  });

  it('filters by ticker, address, memo and addresses, and by the unique id under either spelling', async () => {
    const btc = await history({ ticker: 'BTC', limit: 100, offset: 0 });
    expect(btc.records.every((r) => r.ticker === 'BTC')).toBe(true);
    for (const field of ['uniqueId', 'unique_id']) {
      const one = await history({ transactionMethod: 2, [field]: 'seed-main-b2b-0003', limit: 100, offset: 0 });
      expect(one.total).toBe(1);
      expect(idOf(one.records[0]!)).toBe('seed-main-b2b-0003');
    }
    expect((await history({ uniqueId: 'seed-main-b2b-0003', unique_id: 'seed-main-b2b-0003', limit: 10, offset: 0 })).total).toBe(1);
    const [first, second] = (await history({ limit: 2, offset: 0 })).records;
    const byAddress = await history({ address: first!.address, limit: 100, offset: 0 });
    expect(byAddress.records.every((r) => r.address === first!.address)).toBe(true);
    const both = await history({ addresses: [first!.address, second!.address], limit: 100, offset: 0 });
    expect(new Set(both.records.map((r) => r.address))).toEqual(new Set([first!.address, second!.address]));
  });

  it.each([
    ['missing limit and offset', {}, { limit: ['The limit field is required.'], offset: ['The offset field is required.'] }],
    ['limit above 500 and offset above 10000 (documented limitOffsetTooLarge)', { limit: 501, offset: 10001 }, { limit: ['The limit may not be greater than 500.'], offset: ['The offset may not be greater than 10000.'] }],
    ['limit below 1 and offset below 0 (documented limitOffsetTooSmall)', { limit: 0, offset: -1 }, { limit: ['The limit must be at least 1.'], offset: ['The offset must be at least 0.'] }],
    ['limit and offset not integers (documented invalidLimitOffset)', { limit: 'a', offset: 1.5 }, { limit: ['The limit must be an integer.'], offset: ['The offset must be an integer.'] }],
    ['offset + limit above 10000', { limit: 100, offset: 9950 }, { offset: ['The offset may not be greater than 9900.'] }],
    ['bad transaction method', { transactionMethod: 3, limit: 10, offset: 0 }, { transactionMethod: ['The selected transaction method is invalid.'] }],
    ['unknown ticker', { ticker: 'NOPE1', limit: 10, offset: 0 }, { ticker: ['The selected ticker is invalid.'] }],
    ['bad status filter', { status: 'x', limit: 10, offset: 0 }, { status: ['The selected status is invalid.'] }],
    ['more than 20 addresses', { addresses: Array.from({ length: 21 }, (_, i) => `a${i}`), limit: 10, offset: 0 }, { addresses: ['The addresses may not have more than 20 items.'] }],
  ])('%s: 400 with the exact message', async (_name, params, errors) => {
    const res = await main.post(HISTORY, params);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 0, message: 'Validation failed', errors });
  });

  it('accepts offset + limit of exactly 10000', async () => {
    expect((await history({ limit: 500, offset: 9500 })).records).toEqual([]);
  });
});

describe('flex plans', () => {
  it('lists at least 12 active plans, and of the others only the paused one kept listed for demos', async () => {
    const plans = await plansOf(main);
    expect(plans.length).toBeGreaterThanOrEqual(12);
    const hidden = sim.state.plans.filter((p) => p.status !== 'active' && !p.listedWhilePaused);
    expect(hidden.length).toBeGreaterThanOrEqual(4);
    expect(sim.state.plans.filter((p) => p.listedWhilePaused).map((p) => p.ticker)).toEqual(['ADA']);
    const listed = new Set(plans.map((p) => p.id));
    for (const plan of hidden) expect(listed.has(plan.id)).toBe(false);
    // Paging never reveals them either.
    for (let offset = 0; offset < 30; offset += 3) {
      const page = await plansOf(main, { limit: 3, offset });
      for (const plan of page) expect(hidden.some((h) => h.id === plan.id)).toBe(false);
    }
    const [first] = (await main.post(PLANS)).body as Record<string, unknown>[];
    expect(Object.keys(first ?? {}).sort()).toEqual(['id', 'maxInvestment', 'maxRate', 'minInvestment', 'ticker']);
  });

  it('filters by ticker (USDT has a paused plan that stays hidden)', async () => {
    const usdt = await plansOf(main, { ticker: 'USDT' });
    expect(usdt).toHaveLength(2);
    expect(sim.state.plans.filter((p) => p.ticker === 'USDT')).toHaveLength(3);
  });

  it('pages with limit and offset and validates them', async () => {
    const all = await plansOf(main);
    const page = await plansOf(main, { limit: 5, offset: 5 });
    expect(page.map((p) => p.id)).toEqual(all.slice(5, 10).map((p) => p.id));
    expect((await main.post(PLANS, { offset: 1000 })).body).toEqual([]);
    expect((await main.post(PLANS, { limit: 101 })).body).toEqual({ code: 0, message: 'Validation failed', errors: { limit: ['The limit may not be greater than 100.'] } });
    expect((await main.post(PLANS, { offset: -1 })).body).toEqual({ code: 0, message: 'Validation failed', errors: { offset: ['The offset must be at least 0.'] } });
  });
});

describe('flex investing', () => {
  const activePlan = (ticker: string) => sim.state.plans.find((p) => p.ticker === ticker && p.status === 'active')!;

  it('invests with `plan` or `planId`, debits the balance, and lists the investment', async () => {
    const plan = activePlan('USDT');
    const before = sim.state.balanceOf(main.account.apiKey, 'USDT');
    const res = await main.post(INVEST, { plan: plan.id, amount: '100', withReinvest: true });
    expect(res.status).toBe(201);
    const { data } = res.body as { data: { transaction_id: string } };
    expect(sim.state.balanceOf(main.account.apiKey, 'USDT')).toBe(sub(before, '100'));

    const viaPlanId = await main.post(INVEST, { planId: plan.id, amount: '50' });
    expect(viaPlanId.status).toBe(201);
    const both = await main.post(INVEST, { plan: plan.id, planId: plan.id, amount: '10' });
    expect(both.status).toBe(201);

    const list = (await main.post(INVESTMENTS, { ticker: 'USDT' })).body as { data: Json[] };
    expect(list.data.find((i) => i.id === data.transaction_id)).toMatchObject({ planId: plan.id, invested: '100', withAutoReinvest: true, status: 1 });
    expect(sim.state.ledger(main.account.apiKey).debits.filter((d) => d.kind === 'flex_investment')).toHaveLength(3);
  });

  it.each([
    ['plan missing', () => ({ amount: '1' }), 400, { plan: ['The plan field is required.'] }],
    ['plan and planId disagree', () => ({ plan: activePlan('BTC').id, planId: activePlan('ETH').id, amount: '1' }), 400, { plan: ['The plan and plan id fields must match.'] }],
    ['unknown plan', () => ({ plan: 'no-such-plan', amount: '1' }), 400, { plan: ['The selected plan is invalid.'] }],
    ['amount missing', () => ({ plan: activePlan('BTC').id }), 400, { amount: ['The amount field is required.'] }],
    ['paused plan', () => ({ plan: sim.state.plans.find((p) => p.status === 'paused')!.id, amount: '100' }), 422, { plan: ['Plan is paused'] }],
    ['inactive plan', () => ({ plan: sim.state.plans.find((p) => p.status === 'inactive')!.id, amount: '100' }), 422, { plan: ['Plan is unavailable'] }],
    ['amount not a number', () => ({ plan: activePlan('BTC').id, amount: 'abc' }), 400, { amount: ['The amount field must be a valid number'] }],
    ['below the minimum', () => ({ plan: activePlan('BTC').id, amount: '0.0001' }), 422, { amount: ['Amount is less than min investment'] }],
    ['above the maximum', () => ({ plan: activePlan('BTC').id, amount: '11' }), 422, { amount: ['Amount is more than max investment'] }],
    ['not enough balance', () => ({ plan: activePlan('BTC').id, amount: '5' }), 422, { amount: ['Available 1.23456789 < 5'] }],
  ] as const)('%s', async (_name, params, status, errors) => {
    const before = sim.state.ledger(main.account.apiKey).debits.length;
    const res = await main.post(INVEST, params());
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ message: status === 400 ? 'Validation failed' : 'Inner validation failed' });
    if (errors) expect((res.body as { errors: unknown }).errors).toEqual(errors);
    expect(sim.state.ledger(main.account.apiKey).debits.length).toBe(before);
  });

  it('the Empty account (B2B) sees plans but has no investments', async () => {
    const empty = clientFor(sim, 'Empty');
    expect((await plansOf(empty)).length).toBeGreaterThanOrEqual(12);
    expect((await empty.post(INVESTMENTS)).body).toEqual({ data: [], limit: 100, offset: 0 });
    const res = await empty.post(INVEST, { plan: activePlan('USDT').id, amount: '10' });
    expect(res.body).toEqual({ code: 4, message: 'Inner validation failed', errors: { amount: ['Available 0 < 10'] } });
  });
});
