/**
 * The Codes lists over HTTP against the simulator: unfiltered pages are the exchange's own pages;
 * filters (which the exchange lacks) read the whole list once, and the pages of that scan add up to
 * exactly the filtered set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../../shared/ipc';
import { CodeFilter, codeStatusGroup } from '../../../shared/model/codes';
import type { RunningSimulator } from '../../simulator';
import type { ExchangeClient } from '../exchange/client';
import { startSimulatorAccount } from '../exchange/test/simulatorAccount';
import { createCodeService } from './service';

let sim: RunningSimulator;
let client: ExchangeClient;
let apiKey: string;
let calls = { codes: 0, codesHistory: 0 };

beforeAll(async () => {
  ({ sim, client, apiKey } = await startSimulatorAccount('Main (B2B)', 5));
});
afterAll(() => sim.close());

function service() {
  return createCodeService({
    clientFor: async () => ({
      codes: (req, o) => {
        calls.codes++;
        return client.codes(req, o);
      },
      codesHistory: (req, o) => {
        calls.codesHistory++;
        return client.codesHistory(req, o);
      },
    }),
  });
}

const filter = (f: CodeFilter) => CodeFilter.parse(f);
const account = () => sim.state.account(apiKey)!;

describe('codes.page', () => {
  it('passes an unfiltered page straight to the exchange: one request per page', async () => {
    calls = { codes: 0, codesHistory: 0 };
    const page = await service().page({ accountId: 'x', list: 'my', filter: filter({}), limit: 30, offset: 30 });
    expect(calls).toEqual({ codes: 1, codesHistory: 0 });
    expect(page.total).toBe(account().codes.length);
    expect(page.rows.map((r) => r.external_id)).toEqual(account().codes.slice(30, 60).map((c) => c.external_id));
    expect(page.windowLimited).toBe(false);
  });

  it('reads the codes history with its signed amounts through its own endpoint', async () => {
    calls = { codes: 0, codesHistory: 0 };
    const page = await service().page({ accountId: 'x', list: 'history', filter: filter({}), limit: 100, offset: 0 });
    expect(calls).toEqual({ codes: 0, codesHistory: 1 });
    expect(page.total).toBe(account().codesHistory.length);
    expect(page.rows.some((r) => r.amount.startsWith('+'))).toBe(true);
    expect(page.rows.some((r) => r.amount.startsWith('-'))).toBe(true);
  });

  it('filters by status, asset and dates over the whole list; its pages add up to exactly the filtered set', async () => {
    const all = account().codes;
    const dates = all.map((c) => c.date);
    const since = dates[Math.floor(dates.length * 0.8)]!;
    const until = dates[Math.floor(dates.length * 0.1)]!;
    const ticker = all[0]!.ticker;
    const wanted = filter({ ticker: ticker.toLowerCase(), status: 'applied', since, until });
    const expected = all.filter((c) => c.ticker === ticker && codeStatusGroup(c.status) === 'applied' && c.date >= since && c.date < until);
    expect(expected.length).toBeGreaterThan(3);

    const codes = service();
    calls = { codes: 0, codesHistory: 0 };
    const first = await codes.page({ accountId: 'x', list: 'my', filter: wanted, limit: 2, offset: 0 });
    expect(first.total).toBe(expected.length);
    const callsForScan = calls.codes;
    // 100 a request; the scan stops once codes are older than the start date.
    expect(callsForScan).toBeLessThanOrEqual(Math.ceil(all.length / 100));
    const seen = [...first.rows];
    for (let offset = 2; offset < first.total; offset += 2) seen.push(...(await codes.page({ accountId: 'x', list: 'my', filter: wanted, limit: 2, offset })).rows);
    expect(calls.codes).toBe(callsForScan);
    expect(seen.map((c) => c.external_id)).toEqual(expected.map((c) => c.external_id));
  });

  it('puts codes with a status this app does not know under "other"', async () => {
    const page = await service().page({ accountId: 'x', list: 'my', filter: filter({ status: 'other' }), limit: 100, offset: 0 });
    const expected = account().codes.filter((c) => codeStatusGroup(c.status) === 'other');
    expect(expected.length).toBeGreaterThan(0);
    expect(page.rows.map((c) => c.status)).toEqual(expected.map((c) => c.status));
  });

  it('refuses a page beyond the exchange window, more than 100 a page, and a start after the end, before asking the exchange', () => {
    const request = CHANNELS['codes.page'].request;
    const ok = { accountId: 'demo', list: 'my', filter: {}, limit: 100, offset: 9_900 };
    expect(request.safeParse(ok).success).toBe(true);
    expect(request.safeParse({ ...ok, offset: 9_901 }).success).toBe(false);
    expect(request.safeParse({ ...ok, offset: 0, limit: 101 }).success).toBe(false);
    expect(request.safeParse({ ...ok, list: 'all' }).success).toBe(false);
    expect(request.safeParse({ ...ok, filter: { since: 200, until: 100 } }).success).toBe(false);
    expect(request.safeParse({ ...ok, filter: { ticker: 'BTC; DROP' } }).success).toBe(false);
  });
});
