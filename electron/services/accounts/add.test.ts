/**
 * For `accounts.add`: testing a key against a slow exchange took 64 s, past
 * the page's 60 s bridge timeout, and then saved the account, so the page reported a failure for
 * an account that existed and a retry made a duplicate. Now the whole test of the key has one
 * budget below the bridge timeout, and adding the same key + base URL again returns the account
 * that is already there. Real parts: settings file, OS keychain, exchange client over HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppFailure } from '../../../shared/errors';
import { INVOKE_TIMEOUT_MS as DEFAULT_INVOKE_TIMEOUT_MS } from '../../../shared/ipc';
import { createDemoProvider } from '../demo';
import { createExchangeClient, DEFAULT_DEADLINE_MS } from '../exchange/client';
import { createExchangeRuntime } from '../exchange/runtime';
import { json, startCraftedServer, withRealTime, type CraftedServer } from '../exchange/test/crafted-server';
import { createSilentLogger } from '../logging';
import { createKeytarKeychain, createSecretStore } from '../secrets';
import { createSettingsStore } from '../settings';
import { createAccountService } from './service';
import { PROBE_BUDGET_MS, type ProbeableClient, type ProbeCallOptions } from './probe';

/** The exchange runtime this file's clients share, as one core's clients do. */
const runtime = createExchangeRuntime();

const logger = createSilentLogger();
const secrets = createSecretStore(createKeytarKeychain(), logger.redactor);
let dir: string;
const servers: CraftedServer[] = [];
const addedIds: string[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'desk-accounts-add-'));
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await Promise.all(addedIds.splice(0).map((id) => secrets.remove(id).catch(() => undefined)));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each call's deadline as the key test gave it, by method. */
type DeadlineLog = Array<{ method: string; deadlineMs: number | undefined }>;

interface ServiceOptions {
  probeBudgetMs?: number;
  timeoutMs?: number;
  /** The clock the service reads; the balance call moves it on by `balanceTakesMs`. */
  clock?: { now: number; balanceTakesMs: number };
  deadlines?: DeadlineLog;
}

function service(options: ServiceOptions = {}) {
  const folder = mkdtempSync(join(dir, 'case-'));
  const { clock, deadlines } = options;
  return createAccountService<ProbeableClient>({
    settings: createSettingsStore({ dir: folder, logger }),
    secrets,
    demo: createDemoProvider({ start: () => Promise.reject(new Error('no demo in this test')), logger, registerSecret: () => undefined }),
    logger,
    createClient: (config) => {
      const client = createExchangeClient({ runtime, ...config, rateLimit: false, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
      const noted = <T>(method: string, call: () => Promise<T>, callOptions?: ProbeCallOptions) => {
        deadlines?.push({ method, deadlineMs: callOptions?.deadlineMs });
        return call();
      };
      return {
        serverTime: (o) => noted('serverTime', () => client.serverTime(o), o),
        balance: (r, o) => {
          if (clock) clock.now += clock.balanceTakesMs;
          return noted('balance', () => client.balance(r, o), o);
        },
        codes: (r, o) => noted('codes', () => client.codes(r, o), o),
        positions: (r, o) => noted('positions', () => client.positions(r, o), o),
        flexPlans: (r, o) => noted('flexPlans', () => client.flexPlans(r, o), o),
        probeWithdrawAccess: (o) => noted('probeWithdrawAccess', () => client.probeWithdrawAccess(o), o),
      };
    },
    ...(clock ? { now: () => clock.now } : {}),
    ...(options.probeBudgetMs ? { probeBudgetMs: options.probeBudgetMs } : {}),
  });
}

const key = () => `add-key-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;

async function server(handler: Parameters<typeof startCraftedServer>[0]) {
  const s = await startCraftedServer(handler);
  servers.push(s);
  return s;
}

const answersEverything = withRealTime((req, res) => {
  if (req.path.endsWith('/codes/my')) return json(res, 201, { total: 0, data: [], limit: 1, offset: 0 });
  if (req.path.endsWith('/positions/open')) return json(res, 200, []);
  if (req.path.endsWith('/smart-flex/plans')) return json(res, 200, []);
  json(res, 200, { BTC: { main_balance: '0' } });
});

describe('accounts.add under the bridge timeout', () => {
  it('the key test has one budget that ends well before the 60 s bridge timeout', () => {
    expect(PROBE_BUDGET_MS).toBeLessThanOrEqual(DEFAULT_DEADLINE_MS);
    expect(PROBE_BUDGET_MS).toBeLessThanOrEqual(DEFAULT_INVOKE_TIMEOUT_MS - 10_000);
  });

  it('against a hanging exchange, add fails with a timeout after one balance call with what the public check left of the budget, and saves nothing', async () => {
    const s = await server(withRealTime(() => undefined));
    const deadlines: DeadlineLog = [];
    const clock = { now: 1_000_000, balanceTakesMs: 0 };
    const accounts = service({ probeBudgetMs: 1_200, timeoutMs: 300, clock, deadlines });
    const thrown = await accounts.add({ name: 'Slow', region: 'custom', baseUrl: s.url, apiKey: key(), apiSecret: 'slow-secret-0123456789' }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(AppFailure);
    expect((thrown as AppFailure).error.kind).toBe('timeout');
    // The client keeps a call to its deadline (exchange/deadline.test.ts); the key test gives it no more.
    expect(deadlines).toEqual([{ method: 'serverTime', deadlineMs: 1_200 }, { method: 'balance', deadlineMs: 1_200 }]);
    expect((await accounts.list()).accounts.filter((a) => !a.isDemo)).toHaveLength(0);
  });

  it('the areas after a good balance share what the balance call left of the budget', async () => {
    const s = await server(
      withRealTime((req, res) => {
        if (req.path.endsWith('/balance')) return json(res, 200, { BTC: { main_balance: '0' } });
        // Every other area hangs: it must be reported as failed, not hold the add past its budget.
      }),
    );
    const clock = { now: 1_000_000, balanceTakesMs: 700 };
    const deadlines: DeadlineLog = [];
    const accounts = service({ probeBudgetMs: 1_200, timeoutMs: 300, clock, deadlines });
    const added = await accounts.add({ name: 'Half', region: 'custom', baseUrl: s.url, apiKey: key(), apiSecret: 'half-secret-0123456789' });
    addedIds.push(added.account.id);
    expect(deadlines.slice(0, 2)).toEqual([{ method: 'serverTime', deadlineMs: 1_200 }, { method: 'balance', deadlineMs: 1_200 }]);
    expect(deadlines.slice(2).map((d) => d.deadlineMs)).toEqual([500, 500, 500, 500]);
    // testedAt is stamped by the service's clock when the test of the key ends.
    expect(added.report.testedAt).toBe(clock.now);
    expect(added.report.balance.status).toBe('ok');
    expect(added.report.codes.status).toBe('failed');
  });
});

describe('accounts.add is idempotent', () => {
  it('adding the same key and base URL again returns the existing account, no duplicate', async () => {
    const s = await server(answersEverything);
    const accounts = service();
    const request = { name: 'Main', region: 'custom' as const, baseUrl: s.url, apiKey: key(), apiSecret: 'main-secret-0123456789' };
    const first = await accounts.add(request);
    addedIds.push(first.account.id);
    const again = await accounts.add({ ...request, name: 'Main (retry)' });
    addedIds.push(again.account.id);
    expect(again.account.id).toBe(first.account.id);
    expect((await accounts.list()).accounts.filter((a) => !a.isDemo)).toHaveLength(1);
  });

  it('the same key with a different secret is refused, and nothing changes', async () => {
    const s = await server(answersEverything);
    const accounts = service();
    const request = { name: 'Main', region: 'custom' as const, baseUrl: s.url, apiKey: key(), apiSecret: 'main-secret-0123456789' };
    const first = await accounts.add(request);
    addedIds.push(first.account.id);
    const thrown = await accounts.add({ ...request, apiSecret: 'other-secret-0123456789' }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(AppFailure);
    expect((thrown as AppFailure).error).toMatchObject({ kind: 'validation', fields: { apiKey: [expect.any(String)] } });
    expect((await accounts.list()).accounts.filter((a) => !a.isDemo)).toHaveLength(1);
    expect(await secrets.read(first.account.id)).toBe('main-secret-0123456789');
  });
});
