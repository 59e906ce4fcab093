/**
 * balances.holdings against the Demo exchange (the simulator over HTTP, through the router): every
 * row is the exact sum of what each holder holds, each holder's figures are what its own view reads,
 * and a sub-account that cannot be read is named, never silently zero.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import DecimalJs from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, RequestOf, ResponseOf } from '../../../shared/ipc';
import { DEMO_ACCOUNT_ID } from '../../../shared/model/accounts';
import { createCore, type Core } from '../../core';
import { startSimulator, type RunningSimulator } from '../../simulator';

// Enough digits for 18-decimal assets in the millions: the default 20 would round the sums checked here.
const Decimal = DecimalJs.clone({ precision: 80 });
const direct = { transport: 'direct' } as const;
let sim: RunningSimulator;
let dir: string;
let core: Core;

async function data<C extends Channel>(channel: C, payload: RequestOf<C>): Promise<ResponseOf<C>> {
  const envelope = await core.route(channel, payload, direct);
  if (!envelope.ok) throw new Error(`${channel} failed: ${JSON.stringify(envelope.error)}`);
  return envelope.data as ResponseOf<C>;
}

beforeAll(async () => {
  // Prices stand still, so the account read alone and the holdings read agree to the last digit.
  sim = await startSimulator({ seed: 42, rateLimits: false, priceTickMs: 0 });
  dir = mkdtempSync(join(tmpdir(), 'desk-holdings-'));
  core = createCore({ userDataDir: dir, mode: 'browser', startSimulator: async () => sim, clientOptions: { timeoutMs: 5_000, maxRetries: 0 } });
});
afterAll(async () => {
  await core?.close();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

const total = (values: readonly string[]) => values.reduce((acc, v) => acc.plus(v), new Decimal(0));

describe('balances.holdings', () => {
  it('without sub-accounts: one holder, its rows those of the account read alone', async () => {
    const holdings = await data('balances.holdings', { accountId: DEMO_ACCOUNT_ID, quote: 'USDT', subAccounts: false });
    const overview = await data('balances.overview', { accountId: DEMO_ACCOUNT_ID, quote: 'USDT' });
    expect(holdings.holders).toEqual([{ key: DEMO_ACCOUNT_ID, accountId: DEMO_ACCOUNT_ID, subAccountId: null, name: 'Demo' }]);
    expect(holdings.rows.map((r) => [r.asset, r.total, r.value])).toEqual(expect.arrayContaining(overview.rows.map((r) => [r.asset, r.total, r.value])));
    expect(holdings.rows).toHaveLength(overview.rows.length);
    expect(holdings.totals.value).toBe(overview.totals.value);
  });

  it('with sub-accounts: a column per readable sub-account, each row and each total an exact sum', async () => {
    const holdings = await data('balances.holdings', { accountId: DEMO_ACCOUNT_ID, quote: 'USDT', subAccounts: true });
    const subs = holdings.holders.filter((h) => h.subAccountId !== null);
    expect(subs.length).toBeGreaterThan(0);
    // The Demo key has one unconfirmed sub-account: named and left out.
    expect(holdings.leftOut.some((l) => l.reason === 'unconfirmed')).toBe(true);
    for (const row of holdings.rows) {
      expect(row.amounts).toHaveLength(holdings.holders.length);
      expect(total(row.amounts).toFixed()).toBe(new Decimal(row.total).toFixed());
    }
    expect(total(holdings.totals.values).toFixed()).toBe(new Decimal(holdings.totals.value).toFixed());
    expect(total(holdings.rows.flatMap((r) => (r.value === null ? [] : [r.value]))).toFixed()).toBe(new Decimal(holdings.totals.value).toFixed());

    // Each sub-account's column is what its own balances view reads.
    for (const [i, holder] of holdings.holders.entries()) {
      if (holder.subAccountId === null) continue;
      const own = await data('subAccounts.balances', { accountId: DEMO_ACCOUNT_ID, id: holder.subAccountId, quote: 'USDT' });
      const column = new Map(holdings.rows.map((r): [string, string] => [r.asset, r.amounts[i]!]).filter(([, amount]) => !new Decimal(amount).isZero()));
      expect(column).toEqual(new Map(own.lines.map((l) => [l.asset, l.total])));
      expect(new Decimal(holdings.totals.values[i]!).eq(own.total)).toBe(true);
    }
  });

  it('most valuable first, unpriced last', async () => {
    const { rows } = await data('balances.holdings', { accountId: DEMO_ACCOUNT_ID, quote: 'USDT', subAccounts: true });
    const firstUnpriced = rows.findIndex((r) => r.value === null);
    const priced = firstUnpriced === -1 ? rows : rows.slice(0, firstUnpriced);
    priced.forEach((row, i) => i > 0 && expect(new Decimal(row.value!).lte(priced[i - 1]!.value!)).toBe(true));
    if (firstUnpriced !== -1) expect(rows.slice(firstUnpriced).every((r) => r.value === null)).toBe(true);
  });

  it('refuses a request without the sub-accounts choice', async () => {
    const envelope = await core.route('balances.holdings', { accountId: DEMO_ACCOUNT_ID } as never, direct);
    expect(envelope.ok).toBe(false);
  });
});
