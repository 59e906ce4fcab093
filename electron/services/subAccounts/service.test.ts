/**
 * subAccounts.* through the real core (router, accounts, keychain, settings) against the simulator
 * over HTTP, prices frozen so values can be checked by hand. Runs under .ci/with-keyring.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../shared/errors';
import type { Channel, RequestOf, ResponseOf } from '../../../shared/ipc';
import { DEMO_ACCOUNT_ID } from '../../../shared/model/accounts';
import { add, compare } from '../../../shared/money/decimal';
import { createCore, type Core } from '../../core';
import { startSimulator, type RunningSimulator } from '../../simulator';

const direct = { transport: 'direct' } as const;
let sim: RunningSimulator;
let dir: string;
let core: Core;

async function data<C extends Channel>(channel: C, payload: RequestOf<C>): Promise<ResponseOf<C>> {
  const envelope = (await core.route(channel, payload, direct)) as Envelope<ResponseOf<C>>;
  if (!envelope.ok) throw new Error(`${channel} failed: ${JSON.stringify(envelope.error)}`);
  return envelope.data;
}

beforeAll(async () => {
  sim = await startSimulator({ seed: 42, rateLimits: false, priceTickMs: 0 });
  dir = mkdtempSync(join(tmpdir(), 'desk-subaccounts-'));
  core = createCore({ userDataDir: dir, mode: 'browser', startSimulator: async () => sim, clientOptions: { timeoutMs: 5_000, maxRetries: 0 } });
});
afterAll(async () => {
  await core?.close();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('subAccounts', () => {
  it('pages the Demo master key sub-accounts and searches them', async () => {
    const first = await data('subAccounts.list', { accountId: DEMO_ACCOUNT_ID });
    expect(first).toMatchObject({ access: 'ok', offset: 0, limit: 30, hasMore: true, unreadable: 0 });
    expect(first.items).toHaveLength(30);
    const second = await data('subAccounts.list', { accountId: DEMO_ACCOUNT_ID, offset: 30 });
    expect(second.hasMore).toBe(false);
    expect(second.items).toHaveLength(6);
    const found = await data('subAccounts.list', { accountId: DEMO_ACCOUNT_ID, search: 'saving' });
    expect(found.items.map((s) => s.alias)).toEqual(['savings']);
  });

  it('adds up each asset rows, says how many were summed, and values them', async () => {
    const [bot] = (await data('subAccounts.list', { accountId: DEMO_ACCOUNT_ID, search: 'trading_bot' })).items;
    const b = await data('subAccounts.balances', { accountId: DEMO_ACCOUNT_ID, id: bot!.id });
    expect(b).toMatchObject({ state: 'ok', quote: 'USDT', summed: 1, unreadable: 0 });
    // BTC: rows (0.015 + 0.005) and (0.0001): main 0.0151, spot 0.005, total 0.0201.
    expect(b.lines.find((l) => l.asset === 'BTC')).toMatchObject({ main: '0.0151', spot: '0.005', collateral: '0', total: '0.0201', rows: 2 });
    expect(b.lines.find((l) => l.asset === 'USDT')).toMatchObject({ total: '2750.75', rows: 1 });
    const priced = b.lines.filter((l) => l.value !== null);
    expect(priced.length).toBeGreaterThan(0);
    expect(b.lines[0]!.value).not.toBeNull();
  });

  it('names an unconfirmed sub-account as such, not as one with nothing', async () => {
    const [desk] = (await data('subAccounts.list', { accountId: DEMO_ACCOUNT_ID, search: 'new_desk' })).items;
    const b = await data('subAccounts.balances', { accountId: DEMO_ACCOUNT_ID, id: desk!.id });
    expect(b).toMatchObject({ state: 'unconfirmed', lines: [], total: '0' });
  });

  it('names a key without the permission as such, not as a key without sub-accounts', async () => {
    const readOnly = sim.accounts.find((a) => a.name === 'Read-only')!;
    const added = await data('accounts.add', { name: 'Read-only', region: 'custom', baseUrl: sim.url, apiKey: readOnly.apiKey, apiSecret: readOnly.apiSecret });
    const page = await data('subAccounts.list', { accountId: added.account.id });
    expect(page).toMatchObject({ access: 'no_permission', items: [] });
  });

  it('values every sub-account together: the sum of each one read alone, the unconfirmed one named and left out', async () => {
    const whole = await data('subAccounts.total', { accountId: DEMO_ACCOUNT_ID, quote: 'USDT' });
    expect(whole).toMatchObject({ access: 'ok', truncated: false });
    expect(whole.included + whole.excluded.length).toBe(36);
    expect(whole.excluded.map((e) => [e.alias, e.reason])).toContainEqual(['new_desk', 'unconfirmed']);
    const everyone = [
      ...(await data('subAccounts.list', { accountId: DEMO_ACCOUNT_ID, limit: 100 })).items,
    ];
    let expected = '0';
    for (const sub of everyone) {
      const one = await data('subAccounts.balances', { accountId: DEMO_ACCOUNT_ID, id: sub.id, quote: 'USDT' });
      if (one.state === 'ok') expected = add(expected, one.total);
    }
    expect(whole.total).toBe(expected);
    expect(compare(whole.total, '0')).toBe(1);
  });
});
