/**
 * The whole-account endpoints over real HTTP: sub-accounts (paged, searchable, balances as arrays,
 * one unconfirmed), deposit addresses per network, the account's fee schedule, closed positions,
 * and the fiat deposit entries of /public/fee in their documented shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { startSimulator, type RunningSimulator } from './index';
import { PATHS } from './paths';
import { clientFor, type SimClient } from './test/admin-client';
import { documentedExamples } from './test/documentedShapes';

let sim: RunningSimulator;
let main: SimClient;
let readOnly: SimClient;
let trader: SimClient;

beforeAll(async () => {
  sim = await startSimulator({ seed: 42, rateLimits: false });
  main = clientFor(sim, 'Main (B2B)');
  readOnly = clientFor(sim, 'Read-only');
  trader = clientFor(sim, 'Trader');
});
afterAll(() => sim.close());

interface SubAccount { id: string; alias: string; email: string }
type Page = { offset: number; limit: number; data: SubAccount[] };

describe('sub-accounts', () => {
  it('pages the list 30 at a time by default and every sub-account appears exactly once', async () => {
    const first = (await main.post(PATHS.subAccountList)).body as Page;
    expect(first.limit).toBe(30);
    expect(first.data).toHaveLength(30);
    const second = (await main.post(PATHS.subAccountList, { offset: 30 })).body as Page;
    expect(second.data.length).toBeGreaterThan(0);
    expect(second.data.length).toBeLessThan(30);
    const ids = [...first.data, ...second.data].map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(sim.state.accountByName('Main (B2B)')!.subAccounts.length);
  });

  it('searches by alias or email, case-insensitively', async () => {
    const byAlias = (await main.post(PATHS.subAccountList, { search: 'TRADING' })).body as Page;
    expect(byAlias.data.map((s) => s.alias)).toEqual(['trading_bot']);
    const byEmail = (await main.post(PATHS.subAccountList, { search: 's***@' })).body as Page;
    expect(byEmail.data.map((s) => s.alias)).toEqual(['savings']);
    expect(((await main.post(PATHS.subAccountList, { search: 'nobody' })).body as Page).data).toEqual([]);
  });

  it('refuses a limit out of bounds', async () => {
    const res = await main.post(PATHS.subAccountList, { limit: 0 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 0, message: 'Validation failed', errors: { limit: ['The limit must be at least 1.'] } });
  });

  it('answers balances as arrays per ticker, one ticker with two rows, and filters by ticker', async () => {
    const list = ((await main.post(PATHS.subAccountList, { search: 'trading_bot' })).body as Page).data;
    const res = await main.post(PATHS.subAccountBalances, { id: list[0]!.id });
    expect(res.status).toBe(200);
    const body = res.body as Record<string, { main: string; spot: string; collateral: string }[]>;
    expect(body.BTC).toHaveLength(2);
    expect(body.USDT).toEqual([{ main: '1500.5', spot: '250.25', collateral: '1000' }]);
    const one = await main.post(PATHS.subAccountBalances, { id: list[0]!.id, ticker: 'ETH' });
    expect(Object.keys(one.body as object)).toEqual(['ETH']);
  });

  it('answers 422 "Account is not confirmed" for the unconfirmed sub-account and refuses an unknown id', async () => {
    const list = ((await main.post(PATHS.subAccountList, { search: 'new_desk' })).body as Page).data;
    const res = await main.post(PATHS.subAccountBalances, { id: list[0]!.id });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message: 'Account is not confirmed' });
    const unknown = await main.post(PATHS.subAccountBalances, { id: 'no-such-id' });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ errors: { id: ['The selected id is invalid.'] } });
  });

  it('refuses a key without the sub-account permission (401 code 4), and lists none for an account without any', async () => {
    const res = await readOnly.post(PATHS.subAccountList);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 4 });
    expect(((await trader.post(PATHS.subAccountList)).body as Page).data).toEqual([]);
  });
});

interface Address { account: { address: string; memo?: string }; required: { fixedFee: string; flexFee: Record<string, string>; minAmount: string; maxAmount: string } }

describe('deposit addresses', () => {
  it('gives one address per network, the same each time, with the network deposit terms', async () => {
    const trc = (await main.post(PATHS.depositAddress, { ticker: 'USDT', network: 'TRC20' })).body as Address;
    const again = (await main.post(PATHS.depositAddress, { ticker: 'USDT', network: 'TRC20' })).body as Address;
    const erc = (await main.post(PATHS.depositAddress, { ticker: 'USDT', network: 'ERC20' })).body as Address;
    expect(trc.account.address).toMatch(/^T/);
    expect(erc.account.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(again.account.address).toBe(trc.account.address);
    expect(trc.account.memo).toBeUndefined();
    expect(trc.required).toEqual({ fixedFee: '0', flexFee: { maxFee: '0', minFee: '0', percent: '0' }, maxAmount: '1000000', minAmount: '1' });
    expect(erc.required).toMatchObject({ fixedFee: '1', minAmount: '10' });
  });

  it('gives a memo for a memo asset', async () => {
    const xrp = (await main.post(PATHS.depositAddress, { ticker: 'XRP' })).body as Address;
    expect(xrp.account.memo).toMatch(/^\d+$/);
    expect(xrp.required.minAmount).toBe('1');
  });

  it('refuses fiat and non-depositable assets with "Currency is not depositable"', async () => {
    for (const ticker of ['EUR', 'UAH', 'LUNC']) {
      const res = await main.post(PATHS.depositAddress, { ticker });
      expect(res.status, ticker).toBe(400);
      expect(res.body, ticker).toMatchObject({ code: 1, message: 'Inner validation failed', errors: { ticker: ['Currency is not depositable'] } });
    }
  });

  it('needs a network for a multi-network asset and refuses one the asset does not have', async () => {
    expect((await main.post(PATHS.depositAddress, { ticker: 'USDT' })).body).toMatchObject({ errors: { network: ['The network field is required.'] } });
    expect((await main.post(PATHS.depositAddress, { ticker: 'USDT', network: 'SOL' })).body).toMatchObject({ errors: { network: ['The selected network is invalid.'] } });
    expect((await main.post(PATHS.depositAddress, { ticker: 'NOPE' })).body).toMatchObject({ errors: { ticker: ['The selected ticker is invalid.'] } });
  });

  it('a withdrawal to an address the account got for another network is refused as its own (business error 9)', async () => {
    const bep = (await main.post(PATHS.depositAddress, { ticker: 'USDT', network: 'BEP20' })).body as Address;
    const res = await main.post(PATHS.withdrawPay, { ticker: 'USDT', amount: '20', address: bep.account.address, network: 'BEP20', uniqueId: `own-${Date.now()}` });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 9 });
  });
});

describe('fee schedules', () => {
  it('lists the account schedule per ticker with "0" for settings that are off', async () => {
    const res = await main.post(PATHS.accountFees);
    const list = res.body as { ticker: string; can_deposit: boolean; deposit: Record<string, string>; withdraw: Record<string, string> }[];
    const btc = list.find((f) => f.ticker === 'BTC')!;
    expect(btc).toMatchObject({ can_deposit: true, withdraw: { fixed: '0.0004', minAmount: '0.001', percentFlex: '0' }, deposit: { fixed: '0', minAmount: '0.0001' } });
    expect(list.find((f) => f.ticker === 'LUNC')).toMatchObject({ can_deposit: false, can_withdraw: false });
    expect(new Set(list.map((f) => f.ticker)).size).toBe(list.length);
  });

  it('/public/fee: fiat deposit entries carry the provider terms as documented (EUR like the documented example)', async () => {
    const fees = (await main.get(PATHS.fees)).body as Record<string, { deposit: Record<string, unknown> }>;
    const documented = (documentedExamples('GET /api/v4/public/fee', '200') as Record<string, { deposit: Record<string, unknown> }>[]).find((b) => b.EUR)!;
    expect(fees.EUR!.deposit.EUR_SEPA_BCB).toEqual(documented.EUR!.deposit.EUR_SEPA_BCB);
    expect(fees.EUR!.deposit.EUR_ADVCASH).toEqual(documented.EUR!.deposit.EUR_ADVCASH);
  });
});

interface HistoryRecord { positionId: number; market: string; modifyDate: number; amount: string; liquidationState: string | null; orderDetail: { realizedPnl: string | null } }

describe('closed positions', () => {
  it('lists events newest first with one liquidated position whose realized P&L is the documented loss', async () => {
    const list = (await main.post(PATHS.positionsHistory)).body as HistoryRecord[];
    expect(list.length).toBeGreaterThan(40);
    for (let i = 1; i < list.length; i++) expect(list[i - 1]!.modifyDate).toBeGreaterThanOrEqual(list[i]!.modifyDate);
    const liquidated = list.filter((r) => r.liquidationState === 'liquidation');
    expect(liquidated).toHaveLength(1);
    expect(liquidated[0]).toMatchObject({ market: 'BTC_USDT', amount: '0', orderDetail: { realizedPnl: '-415.0759' } });
  });

  it('every position opens once and closes to zero: its closing trades add up to its opening amount', async () => {
    const list = (await main.post(PATHS.positionsHistory)).body as (HistoryRecord & { orderDetail: { tradeAmount: string } })[];
    const byId = new Map<number, typeof list>();
    for (const r of list) byId.set(r.positionId, [...(byId.get(r.positionId) ?? []), r]);
    expect(byId.size).toBe(40);
    for (const events of byId.values()) {
      const opening = events.at(-1)!;
      expect(opening.orderDetail.realizedPnl).toBeNull();
      expect(events[0]!.amount).toBe('0');
      const closed = events.slice(0, -1).reduce((s, e) => s.plus(e.orderDetail.tradeAmount), new Decimal(0));
      expect(closed.equals(opening.amount)).toBe(true);
      expect(events.slice(0, -1).every((e) => e.orderDetail.realizedPnl !== null)).toBe(true);
    }
  });

  it('filters by market, position and a window of seconds, and refuses a window that ends before it starts', async () => {
    const eth = (await main.post(PATHS.positionsHistory, { market: 'ETH_USDT' })).body as HistoryRecord[];
    expect(eth.length).toBeGreaterThan(0);
    expect(eth.every((r) => r.market === 'ETH_USDT')).toBe(true);
    const all = (await main.post(PATHS.positionsHistory)).body as HistoryRecord[];
    const id = all[5]!.positionId;
    expect(((await main.post(PATHS.positionsHistory, { positionId: id })).body as HistoryRecord[]).every((r) => r.positionId === id)).toBe(true);
    const from = Math.ceil(all[10]!.modifyDate);
    const windowed = (await main.post(PATHS.positionsHistory, { startDate: from, endDate: Math.floor(all[0]!.modifyDate) + 1 })).body as HistoryRecord[];
    expect(windowed.length).toBeGreaterThan(0);
    expect(windowed.every((r) => r.modifyDate >= from)).toBe(true);
    const bad = await main.post(PATHS.positionsHistory, { startDate: 20, endDate: 10 });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 30 });
  });
});
