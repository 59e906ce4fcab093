/**
 * The client against the real simulator over real HTTP: every endpoint's happy path, the
 * exchange's own error answers, injected faults (through the admin API), and 200 concurrent
 * signed requests without a single nonce rejection.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { add, compare } from '../../../shared/money/decimal';
import { AppFailure, type AppError } from '../../../shared/errors';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { createExchangeClient, type ExchangeClient, type ExchangeClientOptions } from './client';
import { createExchangeRuntime } from './runtime';

/** The exchange runtime this file's clients share, as one core's clients do. */
const runtime = createExchangeRuntime();

let sim: RunningSimulator;
type Account = RunningSimulator['accounts'][number];
let main: Account;
let trader: Account;
let readOnly: Account;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 7, withdrawalSettleMs: 300 });
  const byName = (name: string) => {
    const account = sim.accounts.find((a) => a.name === name);
    if (!account) throw new Error(`simulator has no account named ${name}`);
    return account;
  };
  main = byName('Main (B2B)');
  trader = byName('Trader');
  readOnly = byName('Read-only');
});
afterAll(() => sim.close());
afterEach(() => admin('DELETE', 'faults'));

async function admin(method: 'GET' | 'POST' | 'DELETE', route: string, body?: object): Promise<unknown> {
  const res = await fetch(`${sim.url}/__admin/${route}`, {
    method,
    headers: { 'X-Admin-Token': sim.adminToken, 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`admin ${method} ${route}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function fault(spec: { kind: string; path?: string; count?: number; latencyMs?: number; status?: number; retryAfterSeconds?: number }) {
  return (await admin('POST', 'faults', spec)) as { id: number };
}

/** How many requests a fault has hit so far, i.e. how many reached that path while it was on. */
async function faultHits(id: number): Promise<number> {
  const faults = (await admin('GET', 'faults')) as { id: number; hits: number }[];
  return faults.find((f) => f.id === id)?.hits ?? -1;
}

async function ledger(account: Account) {
  return (await admin('GET', `ledger?apiKey=${encodeURIComponent(account.apiKey)}`)) as {
    balances: Record<string, string>;
    debits: { uniqueId: string; ticker: string; amount: string; fee: string; total: string }[];
  };
}

const noWait = async () => undefined;
function clientFor(account: Account, extra: Partial<ExchangeClientOptions> = {}): ExchangeClient {
  return createExchangeClient({ runtime, baseUrl: sim.url, credentials: { apiKey: account.apiKey, apiSecret: account.apiSecret }, sleep: noWait, ...extra });
}

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (thrown) {
    expect(thrown).toBeInstanceOf(AppFailure);
    return (thrown as AppFailure).error;
  }
  throw new Error('expected the call to fail');
}

let uniqueCounter = 0;
const freshUniqueId = () => `it-${Date.now().toString(36)}-${++uniqueCounter}`;

describe('every endpoint, happy path', () => {
  it('public: ping, time, assets, fees', async () => {
    const c = createExchangeClient({ runtime, baseUrl: sim.url });
    expect((await c.ping()).latencyMs).toBeGreaterThanOrEqual(0);
    expect(Math.abs((await c.serverTime()) - Date.now() / 1000)).toBeLessThan(5);
    const assets = await c.assets();
    expect(assets.items.USDT).toMatchObject({ can_withdraw: true });
    expect(assets.unreadable).toEqual([]);
    const fees = await c.fees();
    expect(Object.keys(fees.items).some((key) => key.startsWith('USDT'))).toBe(true);
    expect(fees.unreadable).toEqual([]);
  });

  it('balance, codes, positions, history', async () => {
    const c = clientFor(main);
    const balance = await c.balance();
    expect(Object.keys(balance.items).length).toBeGreaterThan(10);
    expect(await c.balance({ ticker: 'USDT' })).toEqual({ items: { USDT: balance.items.USDT }, unreadable: [] });
    const codes = await c.codes();
    expect(codes.limit).toBe(30);
    expect(codes.data.length).toBeLessThanOrEqual(30);
    const page = await c.codes({ limit: 5, offset: 5 });
    expect(page).toMatchObject({ limit: 5, offset: 5 });
    const { items: positions, unreadable } = await c.positions();
    expect(unreadable).toEqual([]);
    expect(positions.length).toBeGreaterThan(0);
    // Some simulated records omit positionSide, as real captures do: they arrive as null.
    expect(positions.every((p) => p.positionSide === null || ['LONG', 'SHORT', 'BOTH'].includes(p.positionSide))).toBe(true);
    const one = positions[0]!;
    expect((await c.positions({ market: one.market as 'BTC_USDT' })).items.every((p) => p.market === one.market)).toBe(true);
    const history = await c.history({ transactionMethod: 2, limit: 10 });
    expect(history.limit).toBe(10);
    expect(history.records.every((r) => typeof r.status === 'number')).toBe(true);
  });

  it('flex plans, invest (both plan fields) and investments', async () => {
    const c = clientFor(main);
    const plans = (await c.flexPlans({ ticker: 'USDT' })).items;
    expect(plans.length).toBeGreaterThan(0);
    const plan = plans[0]!;
    const before = (await c.balance({ ticker: 'USDT' })).items.USDT!.main_balance;
    const { transactionId } = await c.flexInvest({ planId: plan.id, amount: plan.minInvestment });
    expect(transactionId).not.toBe('');
    const after = (await c.balance({ ticker: 'USDT' })).items.USDT!.main_balance;
    expect(add(after, plan.minInvestment)).toBe(add(before, '0'));
    const investments = await c.flexInvestments({ ticker: 'USDT' });
    expect(investments.data.some((i) => i.planId === plan.id)).toBe(true);
  });

  it('withdraw-pay debits amount + fee once and shows up in history by uniqueId', async () => {
    const c = clientFor(main);
    const uniqueId = freshUniqueId();
    await c.withdrawPay({ ticker: 'USDT', amount: '10', address: 'TQrZ8tKfjTfDm4yFZzT6nG1ZJ2xAbCdEfG', uniqueId, network: 'TRC20' });
    const debits = (await ledger(main)).debits.filter((d) => d.uniqueId === uniqueId);
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({ ticker: 'USDT', amount: '10' });
    expect(compare(debits[0]!.total, '10')).toBeGreaterThan(0);
    const history = await c.history({ transactionMethod: 2, uniqueId });
    expect(history.records).toHaveLength(1);
    expect(history.records[0]).toMatchObject({ uniqueId, amount: '10' });
  });
});

describe('the exchange says no', () => {
  it('a wrong secret is an auth failure (code 10), an unknown key too (code 2)', async () => {
    const wrongSecret = createExchangeClient({ runtime, baseUrl: sim.url, credentials: { apiKey: main.apiKey, apiSecret: 'not-the-secret' } });
    expect(await failureOf(wrongSecret.balance())).toMatchObject({ kind: 'auth', status: 401, code: 10 });
    const unknownKey = createExchangeClient({ runtime, baseUrl: sim.url, credentials: { apiKey: 'no-such-key-123', apiSecret: 'x' } });
    expect(await failureOf(unknownKey.balance())).toMatchObject({ kind: 'auth', status: 401, code: 2 });
  });

  it('a disabled key is an auth failure', async () => {
    await admin('POST', 'account', { apiKey: trader.apiKey, enabled: false });
    try {
      expect(await failureOf(clientFor(trader).balance())).toMatchObject({ kind: 'auth', code: 2 });
    } finally {
      await admin('POST', 'account', { apiKey: trader.apiKey, enabled: true });
    }
  });

  it('a key without withdraw permission gets permission (code 4)', async () => {
    const failure = await failureOf(clientFor(readOnly).withdrawPay({ ticker: 'USDT', amount: '10', address: 'TQrZ8tKfjTfDm4yFZzT6nG1ZJ2xAbCdEfG', uniqueId: freshUniqueId(), network: 'TRC20' }));
    expect(failure).toMatchObject({ kind: 'permission', code: 4 });
  });

  it('flex endpoints answer 403 permission for an account without B2B access', async () => {
    const c = clientFor(trader);
    expect(await failureOf(c.flexPlans())).toMatchObject({ kind: 'permission', status: 403 });
    expect(await failureOf(c.flexInvestments())).toMatchObject({ kind: 'permission', status: 403 });
    const invest = await failureOf(c.flexInvest({ planId: 'whatever', amount: '10' }));
    expect(invest).toMatchObject({ kind: 'permission', status: 403 });
    expect(invest.message).toMatch(/permission/i);
  });

  it('request-shape and business-rule refusals become validation failures with fields', async () => {
    const c = clientFor(main);
    const badTicker = await failureOf(c.withdrawPay({ ticker: 'NOPE', amount: '10', address: 'TQrZ8tKfjTfDm4yFZzT6nG1ZJ2xAbCdEfG', uniqueId: freshUniqueId() }));
    expect(badTicker.kind).toBe('validation');
    expect(badTicker.fields).toHaveProperty('ticker');
    const tooMuch = await failureOf(c.withdrawPay({ ticker: 'USDT', amount: '90000000', address: 'TQrZ8tKfjTfDm4yFZzT6nG1ZJ2xAbCdEfG', uniqueId: freshUniqueId(), network: 'TRC20' }));
    expect(tooMuch.kind).toBe('validation');
    expect(tooMuch.status === 400 || tooMuch.status === 422).toBe(true);
    const uniqueId = freshUniqueId();
    await c.withdrawPay({ ticker: 'USDT', amount: '3', address: 'TQrZ8tKfjTfDm4yFZzT6nG1ZJ2xAbCdEfG', uniqueId, network: 'TRC20' });
    const duplicate = await failureOf(c.withdrawPay({ ticker: 'USDT', amount: '3', address: 'TQrZ8tKfjTfDm4yFZzT6nG1ZJ2xAbCdEfG', uniqueId, network: 'TRC20' }));
    expect(duplicate).toMatchObject({ kind: 'validation', fields: { uniqueId: ['The unique id has already been taken.'] } });
  });

  it('withdrawals with 2FA off are a validation failure that says what to do', async () => {
    await admin('POST', 'account', { apiKey: main.apiKey, twoFactor: false });
    try {
      const failure = await failureOf(clientFor(main).withdrawPay({ ticker: 'USDT', amount: '5', address: 'TQrZ8tKfjTfDm4yFZzT6nG1ZJ2xAbCdEfG', uniqueId: freshUniqueId(), network: 'TRC20' }));
      expect(failure).toMatchObject({ kind: 'validation', status: 412 });
      expect(failure.message).toMatch(/2FA|two-factor/i);
    } finally {
      await admin('POST', 'account', { apiKey: main.apiKey, twoFactor: true });
    }
  });
});

describe('injected faults', () => {
  const WITHDRAW_PATH = ENDPOINTS.withdrawPay.path;
  const withdrawal = () => ({ ticker: 'USDT', amount: '4', address: 'TQrZ8tKfjTfDm4yFZzT6nG1ZJ2xAbCdEfG', uniqueId: freshUniqueId(), network: 'TRC20' });

  it('reads retry through 5xx, HTML error pages and 429 and then succeed', async () => {
    const waits: number[] = [];
    // Limiter off: with a fake sleep no time passes, so the scope pause after the 429 would add a wait.
    const c = clientFor(main, { sleep: async (ms) => void waits.push(ms), maxRetries: 3, rateLimit: false });
    await fault({ kind: 'server_error', path: ENDPOINTS.balance.path, count: 1 });
    await fault({ kind: 'html_error', path: ENDPOINTS.balance.path, count: 1 });
    await fault({ kind: 'rate_limit', path: ENDPOINTS.balance.path, count: 1, retryAfterSeconds: 2 });
    expect(Object.keys(await c.balance()).length).toBeGreaterThan(0);
    expect(waits).toHaveLength(3);
    expect(waits).toContain(2000);
  });

  it('a read times out per attempt and reports timeout', async () => {
    await fault({ kind: 'latency', path: ENDPOINTS.positions.path, count: 0, latencyMs: 2000 });
    const failure = await failureOf(clientFor(main, { maxRetries: 1 }).positions(undefined, { timeoutMs: 150 }));
    expect(failure.kind).toBe('timeout');
  });

  it('truncated JSON is a bad_response with the status kept', async () => {
    await fault({ kind: 'truncated_json', path: ENDPOINTS.positions.path, count: 1 });
    expect(await failureOf(clientFor(main, { maxRetries: 0 }).positions())).toMatchObject({ kind: 'bad_response', status: 200 });
  });

  for (const kind of ['server_error', 'html_error', 'rate_limit', 'reset_before_commit'] as const) {
    it(`withdraw-pay is sent exactly once on ${kind}, and nothing is debited`, async () => {
      const { id } = await fault({ kind, path: WITHDRAW_PATH, count: 0, retryAfterSeconds: 1 });
      const request = withdrawal();
      const failure = await failureOf(clientFor(main, { maxRetries: 5 }).withdrawPay(request));
      expect(['server', 'rate_limited', 'network']).toContain(failure.kind);
      expect(await faultHits(id)).toBe(1);
      expect((await ledger(main)).debits.filter((d) => d.uniqueId === request.uniqueId)).toHaveLength(0);
    });
  }

  it('withdraw-pay with the connection cut after the commit: one request, one debit, a network failure', async () => {
    const { id } = await fault({ kind: 'reset_after_commit', path: WITHDRAW_PATH, count: 0 });
    const request = withdrawal();
    const failure = await failureOf(clientFor(main, { maxRetries: 5 }).withdrawPay(request));
    expect(failure.kind).toBe('network');
    expect(await faultHits(id)).toBe(1);
    expect((await ledger(main)).debits.filter((d) => d.uniqueId === request.uniqueId)).toHaveLength(1);
  });

  it('flex invest is sent exactly once on a 503', async () => {
    const { id } = await fault({ kind: 'server_error', path: ENDPOINTS.flexInvest.path, count: 0 });
    const plan = (await clientFor(main).flexPlans({ ticker: 'USDT' })).items[0]!;
    expect((await failureOf(clientFor(main, { maxRetries: 5 }).flexInvest({ planId: plan.id, amount: plan.minInvestment }))).kind).toBe('server');
    expect(await faultHits(id)).toBe(1);
  });
});

describe('nonces against the real checker', () => {
  it('200 concurrent signed requests from two clients of one key and a second key: zero rejections', async () => {
    const a = clientFor(main, { maxRetries: 0 });
    const b = clientFor(main, { maxRetries: 0 });
    const t = clientFor(trader, { maxRetries: 0 });
    const calls = Array.from({ length: 200 }, (_, i) => {
      const c = i % 3 === 0 ? a : i % 3 === 1 ? b : t;
      return i % 2 === 0 ? c.positions() : c.balance();
    });
    const outcomes = await Promise.allSettled(calls);
    const rejected = outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason as AppFailure);
    expect(rejected.map((r) => r.error)).toEqual([]);
  });

  it('a local clock 60 s fast is corrected from the exchange time', async () => {
    const fastClock = () => Date.now() + 60_000;
    expect(Object.keys(await clientFor(readOnly, { now: fastClock }).balance()).length).toBeGreaterThan(0);
  });
});

describe('the whole account', () => {
  const clientOf = (account: Account) => clientFor(account);

  it('pages sub-accounts, reads their balances as arrays, and names the unconfirmed one and a key without the permission', async () => {
    const client = clientOf(main);
    const first = await client.subAccountList();
    expect(first.data.items).toHaveLength(30);
    expect(first.data.unreadable).toEqual([]);
    const rest = await client.subAccountList({ offset: 30 });
    expect(first.data.items.length + rest.data.items.length).toBe(36);
    const [bot] = (await client.subAccountList({ search: 'trading_bot' })).data.items;
    const balances = await client.subAccountBalances({ id: bot!.id });
    expect(balances.items.BTC).toEqual([{ main: '0.015', spot: '0.005', collateral: '0' }, { main: '0.0001', spot: '0', collateral: '0' }]);
    const [unconfirmed] = (await client.subAccountList({ search: 'new_desk' })).data.items;
    const refused = await client.subAccountBalances({ id: unconfirmed!.id }).catch((e: unknown) => e);
    expect((refused as AppFailure).error).toMatchObject({ kind: 'validation', status: 422, reason: 'account_not_confirmed' });
    const noPermission = await clientOf(readOnly).subAccountList().catch((e: unknown) => e);
    expect((noPermission as AppFailure).error).toMatchObject({ kind: 'permission', reason: 'key_lacks_permission' });
  });

  it('gets a deposit address per network, and a refusal with its reason for fiat', async () => {
    const client = clientOf(main);
    const trc = await client.depositAddress({ ticker: 'USDT', network: 'TRC20' });
    expect(trc.account.address).toMatch(/^T/);
    expect(trc.required).toMatchObject({ minAmount: '1', maxAmount: '1000000', fixedFee: '0' });
    const xrp = await client.depositAddress({ ticker: 'XRP' });
    expect(xrp.account.memo).toMatch(/^\d+$/);
    const fiat = await client.depositAddress({ ticker: 'EUR' }).catch((e: unknown) => e);
    expect((fiat as AppFailure).error).toMatchObject({ kind: 'validation', reason: 'not_depositable' });
  });

  it('reads the account fee schedule and the closed positions with nothing unreadable', async () => {
    const client = clientOf(main);
    const fees = await client.accountFees();
    expect(fees.unreadable).toEqual([]);
    expect(fees.items.find((f) => f.ticker === 'BTC')).toMatchObject({ withdraw: { fixed: '0.0004' }, deposit: { minAmount: '0.0001' } });
    const history = await client.positionsHistory();
    expect(history.unreadable).toEqual([]);
    expect(history.items.filter((r) => r.liquidationState === 'liquidation')).toHaveLength(1);
    const eth = await client.positionsHistory({ market: 'ETH_USDT' });
    expect(eth.items.every((r) => r.market === 'ETH_USDT')).toBe(true);
  });
});
