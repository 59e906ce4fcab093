/**
 * No database, no withdrawals: when desk.sqlite3 cannot be opened (mode 000, a folder in its place)
 * or is damaged (emptied to 0 bytes), the core opens no other database anywhere, withdrawals answer
 * `database_unavailable`, database.status says why, nothing in the folder changes, and once the file
 * is readable again its records (an open withdrawal among them) show as before. The permission case
 * runs as a non-root user (electron/test/unprivileged.ts).
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Envelope } from '../shared/errors';
import type { DatabaseStatus } from '../shared/model/database';
import type { WithdrawalRecord } from '../shared/model/withdrawals';
import { TRON } from '../shared/addresses/test/sampleAddresses';
import { createCore } from './core';
import { DATABASE_FILE, openDatabase } from './services/database';
import { openWithdrawalStore } from './services/withdrawals/store';
import { createMemoryKeychain } from './test/memory-keychain';
import { unprivilegedRunner } from './test/unprivileged';

const direct = { transport: 'direct' } as const;
const scenario = fileURLToPath(new URL('./test/unavailable-database.scenario.ts', import.meta.url));
type Seen = { status: Envelope<DatabaseStatus>; list: Envelope<WithdrawalRecord[]>; prepare: Envelope<WithdrawalRecord> };

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) {
    try {
      chmodSync(join(dir, 'user-data', DATABASE_FILE), 0o600);
    } catch {
      // Not a file any more, or already gone.
    }
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A user-data folder whose database holds one withdrawal with an open outcome. */
async function folderWithOpenWithdrawal(): Promise<{ parent: string; userDataDir: string; record: WithdrawalRecord }> {
  const parent = mkdtempSync(join(tmpdir(), 'desk-nodb-'));
  folders.push(parent);
  const userDataDir = join(parent, 'user-data');
  mkdirSync(userDataDir, { mode: 0o700 });
  const record: WithdrawalRecord = {
    uniqueId: '6f1d8f0e-7c2b-4a7e-9d51-3c2b1a0f9e8d',
    accountId: 'demo',
    ticker: 'USDT',
    network: 'TRC20',
    provider: null,
    memo: null,
    address: TRON,
    amount: '5',
    fee: '1',
    totalDebit: '6',
    state: 'unknown',
    phase: null,
    historyStatus: null,
    lastError: null,
    travelRule: null,
    beneficiary: null,
    bankBic: null,
    customerIp: null,
    partial: null,
    confirmations: null,
    lastSentAt: 1_700_000_000_000,
    discardedAt: null,
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
  };
  const database = openDatabase(userDataDir);
  const store = await openWithdrawalStore({ database, dataDir: join(userDataDir, 'withdrawals'), keepRecent: 10, isFinished: () => false });
  await store.put(record);
  await store.close();
  database.connection.pragma('wal_checkpoint(TRUNCATE)');
  database.close();
  return { parent, userDataDir, record };
}

/** Every file under the folder with its size and mode: what "nothing was written" compares. */
function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name !== 'logs' && !name.startsWith('logs/') && name !== 'desk.lock' && name !== 'desk.pid')
    .map((name) => {
      const stat = statSync(join(dir, name));
      return `${name} ${stat.isDirectory() ? 'dir' : stat.size} ${(stat.mode & 0o777).toString(8)}`;
    })
    .sort();
}

function expectWithdrawalsOff(seen: Seen | null, problem: string, userDataDir: string): void {
  expect(seen?.status).toEqual({ ok: true, data: { available: false, problem, file: join(userDataDir, DATABASE_FILE), folder: userDataDir } });
  expect(seen?.prepare.ok).toBe(false);
  if (seen?.prepare.ok === false) expect(seen.prepare.error.reason).toBe('database_unavailable');
  expect(seen?.list.ok).toBe(false);
  if (seen?.list.ok === false) expect(seen.list.error.reason).toBe('database_unavailable');
}

async function listAfterRestore(userDataDir: string): Promise<WithdrawalRecord[]> {
  const core = createCore({ userDataDir, mode: 'browser', keychain: createMemoryKeychain(), history: { intervalMs: 0 }, clientOptions: { timeoutMs: 2_000, maxRetries: 0 } });
  try {
    const status = (await core.route('database.status', {}, direct)) as Envelope<DatabaseStatus>;
    expect(status.ok && status.data.available).toBe(true);
    const list = (await core.route('withdrawals.list', { accountId: 'demo' }, direct)) as Envelope<WithdrawalRecord[]>;
    if (!list.ok) throw new Error(JSON.stringify(list.error));
    return list.data;
  } finally {
    await core.close();
  }
}

describe('no database, no withdrawals', () => {
  it('desk.sqlite3 mode 000: withdrawals off (unreadable), no other database anywhere; readable again, the open withdrawal is back (as a non-root user)', async (context) => {
    const runner = unprivilegedRunner();
    if ('skip' in runner) return context.skip(runner.skip);
    const { parent, userDataDir, record } = await folderWithOpenWithdrawal();
    runner.handOver(parent);
    chmodSync(join(userDataDir, DATABASE_FILE), 0o000);
    const before = listing(userDataDir);
    const run = await runner.run<Seen>(scenario, [userDataDir]);
    expectWithdrawalsOff(run.result, 'unreadable', userDataDir);
    expect(listing(userDataDir)).toEqual(before);
    expect(run.stderr).not.toMatch(/\n\s+at /);

    chmodSync(join(userDataDir, DATABASE_FILE), 0o600);
    expect((await listAfterRestore(userDataDir)).map((r) => [r.uniqueId, r.state])).toEqual([[record.uniqueId, 'unknown']]);
  });

  it('a folder in place of desk.sqlite3: withdrawals off (unreadable), nothing written', async () => {
    const { userDataDir } = await folderWithOpenWithdrawal();
    const file = join(userDataDir, DATABASE_FILE);
    rmSync(file);
    mkdirSync(file);
    const before = listing(userDataDir);
    const core = createCore({ userDataDir, mode: 'browser', keychain: createMemoryKeychain(), history: { intervalMs: 0 } });
    try {
      expectWithdrawalsOff(
        {
          status: (await core.route('database.status', {}, direct)) as Seen['status'],
          list: (await core.route('withdrawals.list', { accountId: 'demo' }, direct)) as Seen['list'],
          prepare: (await core.route('withdrawals.prepare', { accountId: 'demo', ticker: 'USDT', amount: '5', address: TRON, network: 'TRC20' }, direct)) as Seen['prepare'],
        },
        'unreadable',
        userDataDir,
      );
    } finally {
      await core.close();
    }
    expect(listing(userDataDir)).toEqual(before);
  });

  it('desk.sqlite3 truncated to 0 bytes: withdrawals off (emptied), the file is not replaced', async () => {
    const { userDataDir } = await folderWithOpenWithdrawal();
    writeFileSync(join(userDataDir, DATABASE_FILE), '');
    const before = listing(userDataDir);
    const core = createCore({ userDataDir, mode: 'browser', keychain: createMemoryKeychain(), history: { intervalMs: 0 } });
    try {
      expectWithdrawalsOff(
        {
          status: (await core.route('database.status', {}, direct)) as Seen['status'],
          list: (await core.route('withdrawals.list', { accountId: 'demo' }, direct)) as Seen['list'],
          prepare: (await core.route('withdrawals.prepare', { accountId: 'demo', ticker: 'USDT', amount: '5', address: TRON, network: 'TRC20' }, direct)) as Seen['prepare'],
        },
        'emptied',
        userDataDir,
      );
    } finally {
      await core.close();
    }
    expect(listing(userDataDir)).toEqual(before);
    expect(statSync(join(userDataDir, DATABASE_FILE)).size).toBe(0);
  });
});
