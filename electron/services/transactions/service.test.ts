/**
 * The Transactions list over HTTP against the simulator: every deposit and withdrawal of the
 * account (not only this app's), the exchange's own filters, dates applied over the whole window,
 * and pages that add up to exactly the filtered set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../../shared/ipc';
import { TRANSACTION_PHASES, TransactionFilter } from '../../../shared/model/transactions';
import type { RunningSimulator } from '../../simulator';
import type { ExchangeClient } from '../exchange/client';
import { startSimulatorAccount } from '../exchange/test/simulatorAccount';
import { createTransactionService } from './service';

let sim: RunningSimulator;
let client: ExchangeClient;
let apiKey: string;
let historyCalls = 0;

beforeAll(async () => {
  ({ sim, client, apiKey } = await startSimulatorAccount('Main (B2B)', 5));
});
afterAll(() => sim.close());

function service() {
  const counting: Pick<ExchangeClient, 'history'> = {
    history: (req, o) => {
      historyCalls++;
      return client.history(req, o);
    },
  };
  return createTransactionService({ clientFor: async () => counting });
}

const filter = (f: TransactionFilter) => TransactionFilter.parse(f);
const truth = () => sim.state.history(apiKey);

describe('transactions.page', () => {
  it('lists every deposit and withdrawal of the account, newest first, with statuses in words', async () => {
    const page = await service().page({ accountId: 'x', filter: filter({}), limit: 50, offset: 0 });
    const all = truth();
    expect(page.total).toBe(all.length);
    expect(page.rows).toHaveLength(50);
    expect(new Set(page.rows.map((r) => r.kind))).toEqual(new Set(['deposit', 'withdrawal']));
    expect(page.unreadable).toEqual([]);
    for (const row of page.rows) expect(row.statusWords).not.toMatch(/not documented/);
    const times = page.rows.map((r) => r.createdAt ?? 0);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('uses the exchange filters for type, asset and status', async () => {
    const deposits = await service().page({ accountId: 'x', filter: filter({ kind: 'deposit' }), limit: 500, offset: 0 });
    expect(deposits.total).toBe(truth().filter((e) => e.method === 1).length);
    expect(deposits.rows.every((r) => r.kind === 'deposit')).toBe(true);

    const ticker = truth()[0]!.ticker;
    const successful = await service().page({ accountId: 'x', filter: filter({ ticker: ticker.toLowerCase(), phase: 'successful' }), limit: 500, offset: 0 });
    const expected = truth().filter((e) => e.ticker === ticker && (TRANSACTION_PHASES.successful.codes as readonly number[]).includes(e.status));
    expect(successful.total).toBe(expected.length);
    expect(successful.rows.every((r) => r.ticker === ticker && r.statusWords === 'Successful')).toBe(true);
  });

  it('applies dates over the whole history, and its pages add up to exactly the filtered set', async () => {
    const all = truth();
    const times = all.map((e) => e.createdAt).sort((a, b) => b - a);
    const since = times[Math.floor(times.length * 0.6)]!;
    const until = times[Math.floor(times.length * 0.2)]!;
    const expected = all.filter((e) => e.createdAt >= since && e.createdAt < until);
    expect(expected.length).toBeGreaterThan(10);

    const transactions = service();
    historyCalls = 0;
    const first = await transactions.page({ accountId: 'x', filter: filter({ since, until }), limit: 10, offset: 0 });
    expect(first.total).toBe(expected.length);
    const callsForScan = historyCalls;
    const seen = [...first.rows];
    for (let offset = 10; offset < first.total; offset += 10) {
      seen.push(...(await transactions.page({ accountId: 'x', filter: filter({ since, until }), limit: 10, offset })).rows);
    }
    // Later pages come from the same scan: no more requests to the exchange.
    expect(historyCalls).toBe(callsForScan);
    expect(seen.map((r) => r.key).sort()).toEqual(expected.map((e) => e.transactionId).sort());
  });

  it('refuses a page beyond the exchange window and a start after the end, before asking the exchange', () => {
    const request = CHANNELS['transactions.page'].request;
    expect(request.safeParse({ accountId: 'demo', filter: {}, limit: 500, offset: 9_600 }).success).toBe(false);
    expect(request.safeParse({ accountId: 'demo', filter: {}, limit: 400, offset: 9_600 }).success).toBe(true);
    expect(request.safeParse({ accountId: 'demo', filter: { since: 200, until: 100 }, limit: 10, offset: 0 }).success).toBe(false);
    expect(request.safeParse({ accountId: 'demo', filter: { ticker: 'BTC; DROP' }, limit: 10, offset: 0 }).success).toBe(false);
  });
});
