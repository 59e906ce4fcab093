/**
 * An account keeps its identity: it is known by its key, so the same key added again is the same
 * account, with its withdrawal records and open outcomes; and an account whose withdrawal may still
 * be paying out cannot be removed. The whole core with the simulator over HTTP, a real SQLite file
 * and settings file; the simulator's ledger counts the debits.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRON } from '../shared/addresses/test/sampleAddresses';
import { ENDPOINTS } from '../shared/api/endpoints';
import type { Envelope } from '../shared/errors';
import type { Channel, RequestOf, ResponseOf } from '../shared/ipc';
import type { WithdrawalRecord } from '../shared/model/withdrawals';
import { createCore, type Core } from './core';
import { createMemoryKeychain } from './test/memory-keychain';
import { startSimulator, type RunningSimulator } from './simulator';

const direct = { transport: 'direct' } as const;
const keychain = createMemoryKeychain();
let simulator: RunningSimulator;
let dir: string;

beforeAll(async () => {
  simulator = await startSimulator({ port: 0, withdrawalSettleMs: 60_000 });
  dir = mkdtempSync(join(tmpdir(), 'desk-identity-'));
});
afterAll(async () => {
  await simulator?.close();
  rmSync(dir, { recursive: true, force: true });
});

function openCore(): Core {
  return createCore({ userDataDir: dir, mode: 'browser', keychain, clientOptions: { timeoutMs: 5_000, maxRetries: 0 } });
}

async function call<C extends Channel>(core: Core, channel: C, payload: RequestOf<C>): Promise<Envelope<ResponseOf<C>>> {
  return (await core.route(channel, payload, direct)) as Envelope<ResponseOf<C>>;
}

async function data<C extends Channel>(core: Core, channel: C, payload: RequestOf<C>): Promise<ResponseOf<C>> {
  const envelope = await call(core, channel, payload);
  if (!envelope.ok) throw new Error(`${channel} failed: ${JSON.stringify(envelope.error)}`);
  return envelope.data;
}

async function admin(method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${simulator.url}/__admin/${route}`, {
    method,
    headers: { 'X-Admin-Token': simulator.adminToken, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return response.json();
}

describe('the same key is the same account', () => {
  it('an open withdrawal keeps its account: removal is refused naming it; with the settings lost, the key added again brings it back and the copy is refused; one debit', async () => {
    const trader = simulator.accounts.find((a) => a.name === 'Trader')!;
    await admin('POST', 'balances', { apiKey: trader.apiKey, ticker: 'USDT', amount: '1000' });
    const debits = async () => ((await admin('GET', `ledger?apiKey=${encodeURIComponent(trader.apiKey)}`)) as { debits: Array<{ kind: string }> }).debits.filter((d) => d.kind === 'withdrawal');
    const addTrader = (core: Core) => data(core, 'accounts.add', { name: 'Trading', region: 'custom', baseUrl: simulator.url, apiKey: trader.apiKey, apiSecret: trader.apiSecret });
    const payment = (accountId: string) => ({ accountId, ticker: 'USDT', amount: '50', address: TRON, network: 'TRC20' });

    let core = openCore();
    let draft: WithdrawalRecord;
    let accountId: string;
    try {
      accountId = (await addTrader(core)).account.id;
      draft = await data(core, 'withdrawals.prepare', payment(accountId));
      // The request lands but its answer is lost, and history cannot be read: the outcome stays open.
      await admin('POST', 'faults', { kind: 'reset_after_commit', path: ENDPOINTS.withdrawPay.path, count: 1 });
      await admin('POST', 'faults', { kind: 'server_error', path: ENDPOINTS.history.path, count: 1000 });
      expect((await data(core, 'withdrawals.send', { uniqueId: draft.uniqueId, acceptNewDestination: true })).state).toBe('unknown');
      expect(await debits()).toHaveLength(1);

      const removal = await call(core, 'accounts.remove', { accountId });
      expect(removal.ok).toBe(false);
      if (!removal.ok) {
        expect(removal.error).toMatchObject({ reason: 'account_has_open_withdrawal', values: { uniqueId: draft.uniqueId, state: 'unknown', amount: '50', ticker: 'USDT', address: TRON } });
      }
      expect((await data(core, 'accounts.list', {})).accounts.map((a) => a.id)).toContain(accountId);
    } finally {
      await core.close();
    }

    // The settings file is lost; the database keeps the records and which id the key had.
    rmSync(join(dir, 'settings.json'));
    core = openCore();
    try {
      expect((await data(core, 'accounts.list', {})).accounts.map((a) => a.id)).toEqual(['demo']);
      // Not an empty start: the page says one account's records are here and how to bring it back.
      expect((await data(core, 'settings.get', {})).forgottenAccounts).toBe(1);
      expect((await addTrader(core)).account.id).toBe(accountId);
      expect((await data(core, 'settings.get', {})).forgottenAccounts).toBe(0);
      const records = await data(core, 'withdrawals.list', { accountId });
      expect(records.map((r) => [r.uniqueId, r.state])).toEqual([[draft.uniqueId, 'unknown']]);
      const again = await call(core, 'withdrawals.prepare', payment(accountId));
      expect(again.ok ? 'prepared' : again.error.reason).toBe('twin_open');
      expect(await debits()).toHaveLength(1);

      // Settled (history readable again), the account may go; added once more, it is the same account.
      await admin('DELETE', 'faults');
      expect((await data(core, 'withdrawals.reconcile', { uniqueId: draft.uniqueId })).state).toBe('sent');
      expect((await call(core, 'accounts.remove', { accountId })).ok).toBe(true);
      expect((await addTrader(core)).account.id).toBe(accountId);
      expect((await data(core, 'withdrawals.list', { accountId })).map((r) => r.uniqueId)).toEqual([draft.uniqueId]);
      expect((await data(core, 'withdrawals.destinations', { accountId })).map((d) => d.address)).toEqual([TRON]);
    } finally {
      await core.close();
    }
  });
});
