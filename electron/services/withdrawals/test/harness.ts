/**
 * Test support for the withdrawal service: a real simulator over HTTP, real exchange clients, a
 * real temporary data directory, and the simulator's admin API. Used only by the *.test.ts files here.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { bitcoinAddress, EVM, tronAddress, XRP } from '../../../../shared/addresses/test/sampleAddresses';
import { ENDPOINTS } from '../../../../shared/api/endpoints';
import { AppFailure } from '../../../../shared/errors';
import type { WithdrawalRecord } from '../../../../shared/model/withdrawals';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../../simulator';
import { openDatabase } from '../../database';
import { createExchangeClient, createExchangeRuntime, type ExchangeClient } from '../../exchange';
import { createWithdrawalService, type WithdrawalExchangeClient, type WithdrawalServiceOptions } from '../index';

export const WITHDRAW_PATH = ENDPOINTS.withdrawPay.path;

export interface Harness {
  sim: RunningSimulator;
  dataDir: string;
  apiKey: string;
  accountId: string;
  client: ExchangeClient;
  /** withdrawPay calls that went through the counting wrapper (the real client underneath). */
  withdrawPayCalls: () => number;
  /** The requests those calls sent, as the client received them. */
  withdrawPayRequests: Array<Parameters<WithdrawalExchangeClient['withdrawPay']>[0]>;
  historyCalls: () => number;
  /** The history requests those calls sent (a lookup names its uniqueId). */
  historyRequests: Array<Parameters<WithdrawalExchangeClient['history']>[0]>;
  events: WithdrawalRecord[];
  /**
   * History lag: from now on, withdrawals sent through the service's client stay out of history
   * answers until `catchUpHistory()`. The simulator has no lag of its own (yet), so the lag is
   * applied to its real answers here; everything else (ledger, debits, ids) is the simulator's.
   */
  lagHistory(): void;
  catchUpHistory(): void;
  service(overrides?: Partial<WithdrawalServiceOptions>): ReturnType<typeof createWithdrawalService>;
  admin(method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown): Promise<unknown>;
  fault(spec: { kind: string; path?: string; count?: number; latencyMs?: number; status?: number; retryAfterSeconds?: number }): Promise<void>;
  debits(): Promise<Array<{ uniqueId: string; ticker: string; amount: string; fee: string; total: string }>>;
  balance(ticker: string): Promise<string>;
  close(): Promise<void>;
}

export async function startHarness(options: { simulator?: SimulatorOptions; accountName?: string; clientTimeoutMs?: number } = {}): Promise<Harness> {
  const sim = await startSimulator({ port: 0, withdrawalSettleMs: 60_000, ...options.simulator });
  const account = sim.accounts.find((a) => a.name === (options.accountName ?? 'Trader')) ?? sim.accounts[0]!;
  const dataDir = await mkdtemp(join(tmpdir(), 'withdrawals-test-'));
  // The app's database, as the core holds it; the service's store uses the one open for its folder.
  const database = openDatabase(dataDir);
  const runtime = createExchangeRuntime();
  const client = createExchangeClient({
    runtime,
    baseUrl: sim.url,
    credentials: { apiKey: account.apiKey, apiSecret: account.apiSecret },
    maxRetries: 1,
    // Backoff jitter kept tiny so a retried read costs milliseconds, not the production second.
    random: () => 0.01,
    ...(options.clientTimeoutMs ? { timeoutMs: options.clientTimeoutMs } : {}),
  });
  let calls = 0;
  let historyCalls = 0;
  const withdrawPayRequests: Harness['withdrawPayRequests'] = [];
  const historyRequests: Harness['historyRequests'] = [];
  let lagging = false;
  const hiddenByLag = new Set<string>();
  const counting: WithdrawalExchangeClient = {
    withdrawPay: (req, o) => {
      calls++;
      withdrawPayRequests.push(req);
      if (lagging) hiddenByLag.add(req.uniqueId);
      return client.withdrawPay(req, o);
    },
    history: async (req, o) => {
      historyCalls++;
      historyRequests.push(req);
      const answer = await client.history(req, o);
      if (hiddenByLag.size === 0) return answer;
      const records = answer.records.filter((r) => r.uniqueId === null || !hiddenByLag.has(r.uniqueId));
      return { ...answer, records, total: answer.total - (answer.records.length - records.length) };
    },
    travelRuleVasps: (o) => client.travelRuleVasps(o),
    accountFees: (o) => client.accountFees(o),
    assets: (o) => client.assets(o),
    fees: (o) => client.fees(o),
    balance: (req, o) => client.balance(req, o),
  };
  const events: WithdrawalRecord[] = [];
  const services: Array<ReturnType<typeof createWithdrawalService>> = [];

  async function admin(method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${sim.url}/__admin/${route}`, {
      method,
      headers: { 'X-Admin-Token': sim.adminToken, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const parsed: unknown = await response.json();
    if (!response.ok) throw new Error(`admin ${method} ${route}: ${response.status} ${JSON.stringify(parsed)}`);
    return parsed;
  }

  async function ledger() {
    return (await admin('GET', `ledger?apiKey=${encodeURIComponent(account.apiKey)}`)) as {
      balances: Record<string, string>;
      debits: Array<{ uniqueId: string; ticker: string; amount: string; fee: string; total: string; kind: string }>;
    };
  }

  return {
    sim,
    dataDir,
    apiKey: account.apiKey,
    accountId: 'acc-1',
    client,
    withdrawPayCalls: () => calls,
    withdrawPayRequests,
    historyCalls: () => historyCalls,
    historyRequests,
    events,
    lagHistory() {
      lagging = true;
    },
    catchUpHistory() {
      lagging = false;
      hiddenByLag.clear();
    },
    service(overrides = {}) {
      const service = createWithdrawalService({
        dataDir,
        clientFor: async () => counting,
        emit: (record) => events.push(record),
        trackIntervalMs: 100,
        ...overrides,
      });
      services.push(service);
      return service;
    },
    admin,
    async fault(spec) {
      await admin('POST', 'faults', spec);
    },
    async debits() {
      return (await ledger()).debits.filter((d) => d.kind === 'withdrawal');
    },
    async balance(ticker) {
      return (await ledger()).balances[ticker] ?? '0';
    },
    async close() {
      await Promise.all(services.map((s) => s.close()));
      database.close();
      runtime.close();
      await sim.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until `probe` returns a value (not undefined), polling every 25 ms. */
export async function eventually<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * A valid address for `network` (the app checks the format before sending), carrying the simulator's
 * settlement marker `tag` where the format allows it (base58 addresses: BTC, TRC20).
 */
export function cryptoAddress(tag = '', network = 'BTC'): string {
  if (network === 'TRC20' || network === 'TRX') return tronAddress(tag);
  if (network === 'XRP' || network === 'ETH' || network === 'ERC20' || network === 'BEP20') {
    if (tag) throw new Error(`a ${network} test address cannot carry a marker`);
    return network === 'XRP' ? XRP : EVM;
  }
  return bitcoinAddress(tag);
}

/** The failure a refused call ended with (the test fails if it did not fail). */
export async function refusal(promise: Promise<unknown>): Promise<AppFailure> {
  const outcome = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(outcome).toBeInstanceOf(AppFailure);
  return outcome as AppFailure;
}
