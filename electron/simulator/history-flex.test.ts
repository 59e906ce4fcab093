import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { FlexInvestResponse, FlexInvestmentsResponse, FlexPlansResponse, HistoryResponse } from '../../shared/api/schemas';
import { sub } from '../../shared/money/decimal';
import { startSimulator, type RunningSimulator } from './index';
import { clientFor, type SimClient } from './testing';

const HISTORY = ENDPOINTS.history.path;
const PLANS = ENDPOINTS.flexPlans.path;
const INVEST = ENDPOINTS.flexInvest.path;
const INVESTMENTS = ENDPOINTS.flexInvestments.path;

let sim: RunningSimulator;
let main: SimClient;

beforeAll(async () => {
  sim = await startSimulator({ seed: 42, rateLimits: false });
  main = clientFor(sim, 'Main (B2B)');
});
afterAll(() => sim.close());

describe('history', () => {
  it('separates deposits and withdrawals and carries both id spellings', async () => {
    const deposits = await main.post(HISTORY, { transactionMethod: 1, limit: 100, offset: 0 });
    expect(deposits.status).toBe(200);
    const raw = (deposits.body as { records: Record<string, unknown>[] }).records;
    const parsed = HistoryResponse.parse(deposits.body);
    expect(parsed.total).toBeGreaterThanOrEqual(100);
    expect(parsed.records.every((r) => r.method === 1)).toBe(true);
    expect(raw.some((r) => 'unique_id' in r && 'transaction_id' in r)).toBe(true);
    expect(raw.some((r) => 'uniqueId' in r && 'transactionId' in r)).toBe(true);
    expect(parsed.records.every((r) => r.transactionId !== null)).toBe(true);

    const withdrawals = HistoryResponse.parse((await main.post(HISTORY, { transactionMethod: 2, limit: 100, offset: 0 })).body);
    expect(withdrawals.records.every((r) => r.method === 2 && r.uniqueId !== null)).toBe(true);
    const statuses = new Set(withdrawals.records.map((r) => r.status));
    for (const s of [1, 3, 4, 5, 18, 21]) expect(statuses).toContain(s);
  });

  it('both methods without transactionMethod, newest first, paged', async () => {
    const all = HistoryResponse.parse((await main.post(HISTORY, { limit: 100, offset: 0 })).body);
    expect(new Set(all.records.map((r) => r.method))).toEqual(new Set([1, 2]));
    const times = all.records.map((r) => r.createdAt as number);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = HistoryResponse.parse((await main.post(HISTORY, { limit: 10, offset: 10 })).body);
    expect(second.records.map((r) => r.transactionId)).toEqual(all.records.slice(10, 20).map((r) => r.transactionId));
  });

  it('filters by ticker and uniqueId', async () => {
    const btc = HistoryResponse.parse((await main.post(HISTORY, { ticker: 'BTC', limit: 100, offset: 0 })).body);
    expect(btc.records.every((r) => r.ticker === 'BTC')).toBe(true);
    const one = HistoryResponse.parse((await main.post(HISTORY, { transactionMethod: 2, uniqueId: 'seed-main-b2b-0003', limit: 100, offset: 0 })).body);
    expect(one.total).toBe(1);
    expect(one.records[0]?.uniqueId).toBe('seed-main-b2b-0003');
  });

  it.each([
    ['missing limit and offset', {}, { limit: ['The limit field is required.'], offset: ['The offset field is required.'] }],
    ['limit above 100', { limit: 101, offset: 0 }, { limit: ['The limit may not be greater than 100.'] }],
    ['offset above 10000', { limit: 10, offset: 10001 }, { offset: ['The offset may not be greater than 10000.'] }],
    ['bad transaction method', { transactionMethod: 3, limit: 10, offset: 0 }, { transactionMethod: ['The selected transaction method is invalid.'] }],
    ['unknown ticker', { ticker: 'NOPE1', limit: 10, offset: 0 }, { ticker: ['The selected ticker is invalid.'] }],
    ['bad status filter', { status: 'x', limit: 10, offset: 0 }, { status: ['The selected status is invalid.'] }],
  ])('%s: 400 with the exact message', async (_name, params, errors) => {
    const res = await main.post(HISTORY, params);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 0, message: 'Validation failed', errors });
  });
});

describe('flex plans', () => {
  it('lists at least 12 active plans and never a paused or inactive one', async () => {
    const plans = FlexPlansResponse.parse((await main.post(PLANS)).body).items;
    expect(plans.length).toBeGreaterThanOrEqual(12);
    const hidden = sim.state.plans.filter((p) => p.status !== 'active');
    expect(hidden.length).toBeGreaterThanOrEqual(4);
    const listed = new Set(plans.map((p) => p.id));
    for (const plan of hidden) expect(listed.has(plan.id)).toBe(false);
    // Paging never reveals them either.
    for (let offset = 0; offset < 30; offset += 3) {
      const page = FlexPlansResponse.parse((await main.post(PLANS, { limit: 3, offset })).body).items;
      for (const plan of page) expect(hidden.some((h) => h.id === plan.id)).toBe(false);
    }
    const [first] = (await main.post(PLANS)).body as Record<string, unknown>[];
    expect(Object.keys(first ?? {}).sort()).toEqual(['id', 'maxInvestment', 'maxRate', 'minInvestment', 'ticker']);
  });

  it('filters by ticker (USDT has a paused plan that stays hidden)', async () => {
    const usdt = FlexPlansResponse.parse((await main.post(PLANS, { ticker: 'USDT' })).body).items;
    expect(usdt).toHaveLength(2);
    expect(sim.state.plans.filter((p) => p.ticker === 'USDT')).toHaveLength(3);
  });

  it('pages with limit and offset and validates them', async () => {
    const all = FlexPlansResponse.parse((await main.post(PLANS)).body).items;
    const page = FlexPlansResponse.parse((await main.post(PLANS, { limit: 5, offset: 5 })).body).items;
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
    const { transactionId } = FlexInvestResponse.parse(res.body);
    expect(sim.state.balanceOf(main.account.apiKey, 'USDT')).toBe(sub(before, '100'));

    const viaPlanId = await main.post(INVEST, { planId: plan.id, amount: '50' });
    expect(viaPlanId.status).toBe(201);
    const both = await main.post(INVEST, { plan: plan.id, planId: plan.id, amount: '10' });
    expect(both.status).toBe(201);

    const list = FlexInvestmentsResponse.parse((await main.post(INVESTMENTS, { ticker: 'USDT' })).body);
    expect(list.data.find((i) => i.id === transactionId)).toMatchObject({ planId: plan.id, invested: '100', withAutoReinvest: true, status: 'active' });
    expect(sim.state.ledger(main.account.apiKey).debits.filter((d) => d.kind === 'flex_investment')).toHaveLength(3);
  });

  it.each([
    ['plan missing', () => ({ amount: '1' }), 400, { plan: ['The plan field is required.'] }],
    ['plan and planId disagree', () => ({ plan: activePlan('BTC').id, planId: activePlan('ETH').id, amount: '1' }), 400, { plan: ['The plan and plan id fields must match.'] }],
    ['unknown plan', () => ({ plan: 'no-such-plan', amount: '1' }), 400, { plan: ['The selected plan is invalid.'] }],
    ['amount missing', () => ({ plan: activePlan('BTC').id }), 400, { amount: ['The amount field is required.'] }],
    ['paused plan', () => ({ plan: sim.state.plans.find((p) => p.status === 'paused')!.id, amount: '100' }), 422, { plan: ['This plan is not available for new investments.'] }],
    ['below the minimum', () => ({ plan: activePlan('BTC').id, amount: '0.0001' }), 422, { amount: ['The minimum investment is 0.001 BTC'] }],
    ['above the maximum', () => ({ plan: activePlan('BTC').id, amount: '11' }), 422, { amount: ['The maximum investment is 10 BTC'] }],
    ['not enough balance', () => ({ plan: activePlan('BTC').id, amount: '5' }), 422, null],
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
    expect(FlexPlansResponse.parse((await empty.post(PLANS)).body).items.length).toBeGreaterThanOrEqual(12);
    expect((await empty.post(INVESTMENTS)).body).toEqual({ data: [], limit: 100, offset: 0 });
    const res = await empty.post(INVEST, { plan: activePlan('USDT').id, amount: '10' });
    expect(res.body).toMatchObject({ code: 4, errors: { amount: ['Not enough money, Tether US balance = 0'] } });
  });
});
