/**
 * The core with its real parts: settings on disk, a keychain in memory (the OS keychain has its own
 * tests in services/secrets/keychain.test.ts),
 * the embedded simulator over HTTP for the Demo account and as the "exchange" for added accounts.
 * Every envelope, the settings file and the log are searched for secrets at the end.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../shared/errors';
import { type RequestOf, type ResponseOf, type Channel } from '../shared/ipc';
import { DEMO_ACCOUNT_ID, maskApiKey, type AccountSummary, type PermissionReport } from '../shared/model/accounts';
import { createCore, type Core } from './core';
import { openDatabase } from './services/database';
import { createMemoryKeychain } from './test/memory-keychain';
import { settingsWithAccounts } from './services/settings/test/fixtures';
import { startSimulator, type RunningSimulator } from './simulator';
import { unprivilegedRunner } from './test/unprivileged';

const run = promisify(execFile);
const direct = { transport: 'direct' } as const;

let simulator: RunningSimulator;
let dir: string;
let core: Core;
const envelopes: string[] = [];
const events: Array<{ event: string; payload: unknown }> = [];
const keychain = createMemoryKeychain();

function account(name: string) {
  const found = simulator.accounts.find((a) => a.name === name);
  if (!found) throw new Error(`simulator has no account ${name}`);
  return found;
}

async function call<C extends Channel>(channel: C, payload: RequestOf<C>, target: Core = core): Promise<Envelope<ResponseOf<C>>> {
  const envelope = (await target.route(channel, payload, direct)) as Envelope<ResponseOf<C>>;
  envelopes.push(JSON.stringify(envelope));
  return envelope;
}

async function data<C extends Channel>(channel: C, payload: RequestOf<C>, target: Core = core): Promise<ResponseOf<C>> {
  const envelope = await call(channel, payload, target);
  if (!envelope.ok) throw new Error(`${channel} failed: ${JSON.stringify(envelope.error)}`);
  return envelope.data;
}

function openCore(): Core {
  const created = createCore({ userDataDir: dir, mode: 'browser', keychain, clientOptions: { timeoutMs: 5_000, maxRetries: 0 } });
  created.onEvent((event, payload) => events.push({ event, payload }));
  return created;
}

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
  dir = mkdtempSync(join(tmpdir(), 'desk-core-'));
  core = openCore();
});

afterAll(async () => {
  await core?.close();
  await simulator?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('core with the simulator', () => {
  let accountId = '';

  it('starts with only the Demo account active, and Demo works without the keychain', async () => {
    const listed = await data('accounts.list', {});
    expect(listed.activeAccountId).toBe(DEMO_ACCOUNT_ID);
    expect(listed.accounts).toHaveLength(1);
    expect(listed.accounts[0]).toMatchObject({ id: 'demo', isDemo: true, hasSecret: true });
    const balance = await data('exchange.balance', { accountId: DEMO_ACCOUNT_ID });
    expect(Object.keys(balance).length).toBeGreaterThan(0);
    const after = await data('accounts.list', {});
    expect(after.accounts[0]?.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(after.accounts[0]?.apiKeyMasked).toMatch(/…/);
    expect((await data('settings.get', {})).notice).toBeNull();
    expect(await data('app.info', {})).toMatchObject({ mode: 'browser', version: expect.any(String) });
  });

  it('refuses a key pair the exchange rejects, and stores nothing', async () => {
    const trader = account('Trader');
    const refused = await call('accounts.add', { name: 'Wrong', region: 'custom', baseUrl: simulator.url, apiKey: trader.apiKey, apiSecret: 'definitely-not-the-secret' });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.kind).toBe('auth');
    // The page words it from the code and says nothing was saved; the main process sends no sentence of its own.
    expect(refused.error.reason).toBe('bad_signature');
    expect((await data('accounts.list', {})).accounts).toHaveLength(1);
    expect(existsSync(join(dir, 'settings.json'))).toBe(false);
  });

  it('adds a working key: tests it, stores it, reports what it can reach, makes it active', async () => {
    const trader = account('Trader');
    events.length = 0;
    const added = await data('accounts.add', { name: 'Trading', region: 'custom', baseUrl: simulator.url, apiKey: trader.apiKey, apiSecret: trader.apiSecret });
    const summary = added.account as AccountSummary;
    const report = added.report as PermissionReport;
    accountId = summary.id;
    expect(summary).toMatchObject({ name: 'Trading', region: 'custom', isDemo: false, hasSecret: true, apiKeyMasked: maskApiKey(trader.apiKey) });
    expect(report.balance.status).toBe('ok');
    expect(report.codes.status).toBe('ok');
    expect(report.positions.status).toBe('ok');
    // Not a B2B account: the exchange answers 403 on flex, which is a fact about the key, not a failure.
    expect(report.flex.status).toBe('no_permission');
    expect(await keychain.getSecret(accountId)).toBe(trader.apiSecret);
    expect(events).toContainEqual({ event: 'accounts.changed', payload: { activeAccountId: accountId } });
    const listed = await data('accounts.list', {});
    expect(listed.activeAccountId).toBe(accountId);
    const balance = await data('exchange.balance', { accountId });
    expect(typeof balance).toBe('object');
  });

  it('keeps the old key when a replacement is refused, and switches when it works', async () => {
    const main = account('Main (B2B)');
    const refused = await call('accounts.setKey', { accountId, apiKey: main.apiKey, apiSecret: 'wrong-secret-for-main' });
    expect(refused.ok ? 'ok' : refused.error.kind).toBe('auth');
    expect(await keychain.getSecret(accountId)).toBe(account('Trader').apiSecret);
    expect((await call('exchange.balance', { accountId })).ok).toBe(true);

    const replaced = await data('accounts.setKey', { accountId, apiKey: main.apiKey, apiSecret: main.apiSecret });
    expect(replaced.report.flex.status).toBe('ok');
    expect(replaced.account.apiKeyMasked).toBe(maskApiKey(main.apiKey));
    expect(await keychain.getSecret(accountId)).toBe(main.apiSecret);
    const plans = await call('exchange.flexPlans', { accountId });
    expect(plans.ok).toBe(true);
    const tested = (await data('accounts.test', { accountId })) as PermissionReport;
    expect([tested.balance.status, tested.codes.status, tested.positions.status, tested.flex.status]).toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it('updates names, regions and notification opt-ins; refuses renaming Demo', async () => {
    const renamed = await data('accounts.update', { accountId, name: 'Main desk', notifyPositions: true });
    expect(renamed).toMatchObject({ name: 'Main desk', notifyPositions: true, baseUrl: simulator.url });
    const demoRename = await call('accounts.update', { accountId: DEMO_ACCOUNT_ID, name: 'Mine' });
    expect(demoRename.ok ? 'ok' : demoRename.error.kind).toBe('validation');
    expect((await data('accounts.update', { accountId: DEMO_ACCOUNT_ID, notifyPositions: true })).notifyPositions).toBe(true);
    const wrongBase = await call('accounts.update', { accountId: 'acc-doesnotexist', name: 'x' });
    expect(wrongBase.ok ? 'ok' : wrongBase.error.kind).toBe('not_found');
  });

  it('maps regions to their base URLs and insists on a URL for a custom region', async () => {
    const toGlobal = await data('accounts.update', { accountId, region: 'global' });
    expect(toGlobal.baseUrl).toBe('https://whitebit.com');
    const toEu = await data('accounts.update', { accountId, region: 'eu' });
    expect(toEu.baseUrl).toBe('https://whitebit.eu');
    const customWithoutUrl = await call('accounts.update', { accountId, region: 'custom' });
    expect(customWithoutUrl.ok ? 'ok' : customWithoutUrl.error.kind).toBe('validation');
    const urlWithoutCustom = await call('accounts.update', { accountId, baseUrl: 'https://proxy.example' });
    expect(urlWithoutCustom.ok ? 'ok' : urlWithoutCustom.error.kind).toBe('validation');
    const back = await data('accounts.update', { accountId, region: 'custom', baseUrl: `${simulator.url}/` });
    expect(back.baseUrl).toBe(simulator.url);
    expect((await call('exchange.balance', { accountId })).ok).toBe(true);
  });

  it('rolls the keychain back when the settings file cannot be written', async () => {
    const before = keychain.accountIds();
    // A folder where the settings file should be: the atomic rename over it fails.
    const settingsPath = join(dir, 'settings.json');
    const saved = readFileSync(settingsPath, 'utf8');
    rmSync(settingsPath);
    mkdirSync(join(settingsPath, 'blocker'), { recursive: true });
    try {
      const trader = account('Trader');
      const failed = await call('accounts.add', { name: 'Doomed', region: 'custom', baseUrl: simulator.url, apiKey: trader.apiKey, apiSecret: trader.apiSecret });
      expect(failed.ok).toBe(false);
      if (!failed.ok) expect(failed.error.message).toMatch(/could not be saved.*Nothing was changed/);
      expect(keychain.accountIds()).toEqual(before);
      expect((await data('accounts.list', {})).accounts.map((a: AccountSummary) => a.name)).not.toContain('Doomed');
    } finally {
      rmSync(settingsPath, { recursive: true, force: true });
      writeFileSync(settingsPath, saved);
    }
  });

  it('a secret lost from the keychain leaves the account listed with hasSecret:false and a clear keychain error', async () => {
    await core.close();
    const secretBefore = await keychain.getSecret(accountId);
    await keychain.deleteSecret(accountId);
    core = openCore();
    const listed = await data('accounts.list', {});
    const entry = (listed.accounts as AccountSummary[]).find((a) => a.id === accountId);
    expect(entry).toMatchObject({ hasSecret: false, name: 'Main desk' });
    const failed = await call('exchange.balance', { accountId });
    expect(failed.ok).toBe(false);
    if (!failed.ok) {
      expect(failed.error.kind).toBe('keychain');
      expect(failed.error.message).toMatch(/Enter the secret again/);
    }
    // Re-entering the secret repairs it.
    const main = account('Main (B2B)');
    expect(secretBefore).toBe(main.apiSecret);
    await data('accounts.setKey', { accountId, apiKey: main.apiKey, apiSecret: main.apiSecret });
    expect((await call('exchange.balance', { accountId })).ok).toBe(true);
  });

  it('selects and removes accounts; removal deletes the keychain entry and falls back to Demo', async () => {
    expect((await data('accounts.select', { accountId: DEMO_ACCOUNT_ID })).activeAccountId).toBe(DEMO_ACCOUNT_ID);
    expect((await data('accounts.select', { accountId })).activeAccountId).toBe(accountId);
    const unknown = await call('accounts.select', { accountId: 'acc-missing' });
    expect(unknown.ok ? 'ok' : unknown.error.kind).toBe('not_found');
    const demoRemove = await call('accounts.remove', { accountId: DEMO_ACCOUNT_ID });
    expect(demoRemove.ok ? 'ok' : demoRemove.error.kind).toBe('validation');
    expect(await data('accounts.remove', { accountId })).toEqual({ removed: true });
    expect(await keychain.getSecret(accountId)).toBeNull();
    const listed = await data('accounts.list', {});
    expect(listed.accounts).toHaveLength(1);
    expect(listed.activeAccountId).toBe(DEMO_ACCOUNT_ID);
  });

  it('settings.update changes and persists display settings', async () => {
    const updated = await data('settings.update', { theme: 'dark', refreshIntervalMs: 60_000, hideSmallBelow: '0.001' });
    // The valuation currency stays USDT until the user picks another.
    expect(updated).toEqual({ theme: 'dark', refreshIntervalMs: 60_000, hideSmallBelow: '0.001', quote: 'USDT', language: 'system', lastView: '' });
    expect(await data('settings.update', { quote: 'BTC' })).toMatchObject({ quote: 'BTC' });
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ quote: 'BTC' });
    expect((await call('settings.update', { quote: 'btc' })).ok).toBe(false);
    const bad = await call('settings.update', { refreshIntervalMs: 1234 as 0 });
    expect(bad.ok ? 'ok' : bad.error.kind).toBe('validation');
  });

  it('settings.update keeps the language and the last view, and refuses values outside their sets', async () => {
    expect(await data('settings.update', { language: 'uk', lastView: 'codes' })).toMatchObject({ language: 'uk', lastView: 'codes' });
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ language: 'uk', lastView: 'codes' });
    for (const patch of [{ language: 'de' }, { lastView: '../etc' }, { lastView: 'x'.repeat(40) }, { lastView: '' }]) {
      const refused = await call('settings.update', patch as never);
      expect(refused.ok ? 'ok' : refused.error.kind).toBe('validation');
    }
    expect((await data('settings.get', {})).settings).toMatchObject({ language: 'uk', lastView: 'codes' });
    await data('settings.update', { language: 'system', lastView: 'balances' });
  });

  it('never lets a secret (or a full public key) reach an envelope, the settings file or the log', async () => {
    const settingsText = readFileSync(join(dir, 'settings.json'), 'utf8');
    const logText = readFileSync(join(dir, 'logs', 'main.log'), 'utf8');
    expect(logText.length).toBeGreaterThan(100);
    const everything = envelopes.join('\n');
    expect(envelopes.length).toBeGreaterThan(20);
    for (const a of simulator.accounts) {
      expect(settingsText).not.toContain(a.apiSecret);
      expect(logText).not.toContain(a.apiSecret);
      expect(everything).not.toContain(a.apiSecret);
      expect(everything).not.toContain(a.apiKey);
    }
    expect(everything).not.toContain('definitely-not-the-secret');
    expect(logText).not.toContain('definitely-not-the-secret');
    expect(logText).not.toContain('wrong-secret-for-main');
  });
});

describe('core without a reachable keychain', () => {
  it('Demo still works; adding a real account fails with a keychain error and stores nothing', async () => {
    const fixture = fileURLToPath(new URL('./test/core-without-keychain.scenario.ts', import.meta.url));
    const userDataDir = mkdtempSync(join(tmpdir(), 'desk-nokeychain-'));
    try {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', fixture, userDataDir], {
        env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/desk-test-bus' },
        timeout: 25_000,
      });
      const result = JSON.parse(stdout) as { demoBalance?: Envelope<unknown>; add?: Envelope<unknown>; list?: Envelope<{ accounts: AccountSummary[] }> };
      expect(result.demoBalance?.ok).toBe(true);
      expect(result.add?.ok).toBe(false);
      if (result.add && !result.add.ok) {
        expect(result.add.error.kind).toBe('keychain');
        expect(result.add.error.message).toMatch(/install|unlock/i);
      }
      expect(result.list?.ok && result.list.data.accounts.length).toBe(1);
      expect(existsSync(join(userDataDir, 'settings.json'))).toBe(false);
      expect(stdout).not.toContain(account('Trader').apiSecret);
    } finally {
      rmSync(userDataDir, { recursive: true, force: true });
    }
  });
});

describe('core with a settings file it could not read', () => {
  it('keeps Demo working, refuses settings changes, and refuses a new account before its secret reaches the keychain', async () => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'desk-unreadable-'));
    const keychainWrites: string[] = [];
    const recording = {
      getSecret: (id: string) => keychain.getSecret(id),
      setSecret: (id: string, secret: string) => {
        keychainWrites.push(id);
        return keychain.setSecret(id, secret);
      },
      deleteSecret: (id: string) => keychain.deleteSecret(id),
    };
    // Valid settings padded past the size limit: too large to be read, so they must not be replaced.
    const valid = JSON.stringify(settingsWithAccounts('acc-one', 'acc-two'));
    const original = valid + ' '.repeat(1024 * 1024 + 1 - valid.length);
    writeFileSync(join(userDataDir, 'settings.json'), original);
    const unreadable = createCore({ userDataDir, mode: 'browser', keychain: recording, clientOptions: { timeoutMs: 5_000, maxRetries: 0 } });
    try {
      const notice = (await data('settings.get', {}, unreadable)).notice;
      expect(notice).toContain('too large');
      expect(unreadable.notice).toBe(notice);
      expect((await call('exchange.balance', { accountId: DEMO_ACCOUNT_ID }, unreadable)).ok).toBe(true);
      const theme = await call('settings.update', { theme: 'dark' }, unreadable);
      expect(theme.ok ? 'written' : theme.error.message).toMatch(/^Settings could not be read \(.*too large.*\); the app will not overwrite them\./);
      const trader = account('Trader');
      const added = await call('accounts.add', { name: 'Refused', region: 'custom', baseUrl: simulator.url, apiKey: trader.apiKey, apiSecret: trader.apiSecret }, unreadable);
      expect(added.ok ? 'added' : added.error.message).toMatch(/^Settings could not be read/);
      expect(keychainWrites).toEqual([]);
      expect(readFileSync(join(userDataDir, 'settings.json'), 'utf8')).toBe(original);
    } finally {
      await unreadable.close();
      rmSync(userDataDir, { recursive: true, force: true });
    }
  });
});

describe('core on a read-only user-data folder', () => {
  it('starts, shows what it can, and refuses settings changes with a clear error naming the folder (as a non-root user)', async (context) => {
    const runner = unprivilegedRunner();
    if ('skip' in runner) {
      process.stdout.write(`skipped: ${runner.skip}\n`);
      context.skip();
      return;
    }
    const parent = mkdtempSync(join(tmpdir(), 'desk-readonly-'));
    const userDataDir = join(parent, 'user-data');
    try {
      mkdirSync(userDataDir);
      const original = JSON.stringify(settingsWithAccounts('acc-one', 'acc-two'), null, 2) + '\n';
      writeFileSync(join(userDataDir, 'settings.json'), original, { mode: 0o600 });
      runner.handOver(parent);
      chmodSync(userDataDir, 0o500);
      const scenario = fileURLToPath(new URL('./test/read-only-user-data.scenario.ts', import.meta.url));
      const run = await runner.run<{
        probe: string;
        started: boolean;
        thrown?: string;
        settingsGet: Envelope<{ notice: string | null }>;
        list: Envelope<{ accounts: AccountSummary[] }>;
        demoBalance: Envelope<unknown>;
        settingsUpdate: Envelope<unknown>;
        selectDemo: Envelope<unknown>;
        databaseStatus: Envelope<unknown>;
        withdrawalsList: Envelope<unknown>;
        loggerThrew: boolean;
      }>(scenario, [userDataDir]);
      const seen = run.result;
      expect(seen?.probe).toBe('EACCES');
      expect(seen?.thrown).toBeUndefined();
      expect(seen?.started).toBe(true);
      expect(seen?.settingsGet.ok).toBe(true);
      if (seen?.settingsGet.ok) expect(seen.settingsGet.data.notice).toContain(userDataDir);
      expect(seen?.list.ok && seen.list.data.accounts.map((a) => a.id)).toEqual(['demo', 'acc-one', 'acc-two']);
      expect(seen?.demoBalance.ok).toBe(true);
      const clearError = `The settings could not be saved in ${userDataDir} (permission denied). Nothing was changed.`;
      // The page words the code with the folder; the message is the log's.
      const refusal = { ok: false, error: { kind: 'internal', reason: 'settings_unsaved', values: { folder: userDataDir }, message: clearError } };
      expect(seen?.settingsUpdate).toEqual(refusal);
      expect(seen?.selectDemo).toEqual(refusal);
      // Read-only, withdrawals off, said on screen (the Withdraw view reads database.status).
      expect(seen?.databaseStatus).toEqual({ ok: true, data: { available: false, problem: 'read_only', file: join(userDataDir, 'desk.sqlite3'), folder: userDataDir } });
      expect(seen?.withdrawalsList.ok === false && seen.withdrawalsList.error.reason).toBe('database_unavailable');
      expect(seen?.loggerThrew).toBe(false);
      // The log could not be created: one line says so, and no stack trace reaches the terminal.
      expect(run.stderr.split('\n').filter((l) => l.startsWith('log: cannot write'))).toHaveLength(1);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(readFileSync(join(userDataDir, 'settings.json'), 'utf8')).toBe(original);
    } finally {
      chmodSync(userDataDir, 0o700);
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('a read-only folder whose database files are still writable: no lock, so the database is not opened for writing (as a non-root user)', async (context) => {
    const runner = unprivilegedRunner();
    if ('skip' in runner) return context.skip(runner.skip);
    const parent = mkdtempSync(join(tmpdir(), 'desk-readonly-db-'));
    const userDataDir = join(parent, 'user-data');
    try {
      mkdirSync(userDataDir);
      // A database from an earlier run, and its WAL files, left writable (as after a restore).
      openDatabase(userDataDir).close();
      for (const name of ['desk.sqlite3-wal', 'desk.sqlite3-shm']) writeFileSync(join(userDataDir, name), '', { mode: 0o600 });
      const before = readFileSync(join(userDataDir, 'desk.sqlite3'));
      runner.handOver(parent);
      chmodSync(userDataDir, 0o500);
      const scenario = fileURLToPath(new URL('./test/read-only-user-data.scenario.ts', import.meta.url));
      const run = await runner.run<{ probe: string; started: boolean; databaseStatus: Envelope<unknown>; withdrawalsList: Envelope<unknown> }>(scenario, [userDataDir]);
      const seen = run.result;
      expect(seen?.probe).toBe('EACCES');
      expect(seen?.started).toBe(true);
      // Withdrawals, alerts and history writes are off, with the reason the page words.
      expect(seen?.databaseStatus).toEqual({ ok: true, data: { available: false, problem: 'read_only', file: join(userDataDir, 'desk.sqlite3'), folder: userDataDir } });
      expect(seen?.withdrawalsList.ok === false && seen.withdrawalsList.error.reason).toBe('database_unavailable');
      expect(readFileSync(join(userDataDir, 'desk.sqlite3')).equals(before)).toBe(true);
      expect(readFileSync(join(userDataDir, 'desk.sqlite3-wal'))).toHaveLength(0);
    } finally {
      chmodSync(userDataDir, 0o700);
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
