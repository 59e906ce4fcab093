/**
 * The withdrawal store on a real database: durability across a kill, pruning, and the one-time import
 * of the old JSON-lines journal (a corrupt line was silently destroyed).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { WithdrawalRecord } from '../../../shared/model/withdrawals';
import { isAppFailure } from '../../../shared/errors';
import { openDatabase, type DeskDatabase } from '../database';
import { spawnScript } from '../database/test/children';
import { isFinished } from './index';
import { JOURNAL_FILE, openWithdrawalStore, type WithdrawalStore } from './store';
import { storedRecords } from './test/storedRecords';

const folders: string[] = [];
const stores: WithdrawalStore[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'withdrawal-store-'));
  folders.push(dir);
  return dir;
}
const databases: DeskDatabase[] = [];
/** The store uses the database open for its folder (the core's, in the app); it never opens one itself. */
async function openStore(dataDir: string, keepRecent = 10): Promise<WithdrawalStore> {
  databases.push(openDatabase(dataDir));
  const store = await openWithdrawalStore({ dataDir, keepRecent, isFinished, now: () => new Date('2026-03-04T05:06:07.089Z') });
  stores.push(store);
  return store;
}
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  for (const database of databases.splice(0)) database.close();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

let counter = 0;
function record(change: Partial<WithdrawalRecord> = {}): WithdrawalRecord {
  counter++;
  return {
    uniqueId: `id-${counter}`,
    accountId: 'acc-1',
    ticker: 'BTC',
    network: null,
    provider: null,
    memo: null,
    address: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
    amount: '0.01',
    fee: '0.0001',
    totalDebit: '0.0101',
    state: 'prepared',
    phase: null,
    historyStatus: null,
    lastError: null,
    travelRule: null,
    beneficiary: null,
    bankBic: null,
    customerIp: null,
    partial: null,
    confirmations: null,
    lastSentAt: null,
    discardedAt: null,
    createdAt: 1_000 + counter,
    updatedAt: 1_000 + counter,
    ...change,
  };
}

describe('withdrawal store', () => {
  it('a record put right before the process is SIGKILLed is there after reopening', async () => {
    const dataDir = folder();
    const sending = record({ state: 'sending' });
    const child = spawnScript('../../withdrawals/test/put-then-wait.ts', [dataDir, JSON.stringify(sending)]);
    expect(await child.firstLine).toEqual({ put: sending.uniqueId });
    child.process.kill('SIGKILL');
    await child.exited;
    const store = await openStore(dataDir);
    expect(store.all()).toEqual([sending]);
  });

  it('put and remove are committed when their promise resolves', async () => {
    const dataDir = folder();
    const store = await openStore(dataDir);
    const a = record();
    const b = record();
    await store.put(a);
    await store.put(b);
    await store.put({ ...a, state: 'sending' });
    expect(storedRecords(dataDir)).toEqual([b, { ...a, state: 'sending' }].sort((x, y) => x.updatedAt - y.updatedAt));
    await store.remove(b.uniqueId);
    expect(storedRecords(dataDir).map((r) => r.uniqueId)).toEqual([a.uniqueId]);
    await store.close();
    await expect(store.put(b)).rejects.toThrow('closed');
  });

  it('keeps every unfinished record and only the newest finished ones', async () => {
    const dataDir = folder();
    const store = await openStore(dataDir);
    const finished = [1, 2, 3, 4].map((i) => record({ state: 'rejected', updatedAt: 10_000 + i }));
    const open = record({ state: 'unknown', updatedAt: 1 });
    for (const r of [...finished, open]) await store.put(r);
    await store.close();
    const reopened = await openStore(dataDir, 2);
    expect(reopened.all().map((r) => r.uniqueId).sort()).toEqual([open, finished[2]!, finished[3]!].map((r) => r.uniqueId).sort());
    expect(storedRecords(dataDir)).toHaveLength(3);
  });
});

describe('importing an old journal', () => {
  it('imports every readable line once, last line per id wins, discards honoured, and keeps the file', async () => {
    const dataDir = folder();
    const a = record();
    const b = record();
    const lines = [{ record: a }, { record: b }, { record: { ...a, state: 'sent', updatedAt: a.updatedAt + 5 } }, { discarded: b.uniqueId }];
    const journal = lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
    writeFileSync(join(dataDir, JOURNAL_FILE), journal);
    const store = await openStore(dataDir);
    expect(store.all()).toEqual([{ ...a, state: 'sent', updatedAt: a.updatedAt + 5 }]);
    expect(store.notices).toEqual([]);
    expect(existsSync(join(dataDir, JOURNAL_FILE))).toBe(false);
    expect(readFileSync(join(dataDir, 'withdrawals.imported-2026-03-04T05-06-07-089Z.jsonl'), 'utf8')).toBe(journal);
  });

  it('keeps a corrupt line of an `unknown` withdrawal (and a torn last line) aside, with a notice, instead of dropping it', async () => {
    const dataDir = folder();
    const good = record({ state: 'sent' });
    const unknown = record({ state: 'unknown' });
    const damaged = JSON.stringify({ record: unknown }).replace('"amount":"0.01"', '"amount":0.0\u0000');
    const torn = JSON.stringify({ record: record() }).slice(0, 40);
    writeFileSync(join(dataDir, JOURNAL_FILE), `${JSON.stringify({ record: good })}\n${damaged}\n${torn}`);

    const store = await openStore(dataDir);
    const keptAs = join(dataDir, 'withdrawals.imported-2026-03-04T05-06-07-089Z.jsonl');
    expect(store.all()).toEqual([good]);
    expect(store.notices).toHaveLength(1);
    expect(store.notices[0]).toMatch(/^2 withdrawal records could not be read and were kept aside in .*desk\.sqlite3/);
    expect(store.notices[0]).toContain(keptAs);
    expect(store.notices[0]).toContain("Check the exchange's withdrawal history before sending again.");
    await store.close();

    // Kept verbatim in the database, and still in the renamed journal.
    const database = openDatabase(dataDir);
    try {
      const rows = database.connection.prepare('SELECT line_number AS line, raw, reason FROM quarantined_records ORDER BY line_number').all();
      expect(rows).toEqual([
        { line: 2, raw: damaged, reason: 'not JSON (a torn or damaged line)' },
        { line: 3, raw: torn, reason: 'not JSON (a torn or damaged line)' },
      ]);
    } finally {
      database.close();
    }
    expect(readFileSync(keptAs, 'utf8')).toContain(damaged);

    // The notice stays on later starts while the records are kept aside.
    const again = await openStore(dataDir);
    expect(again.notices[0]).toMatch(/^2 withdrawal records could not be read/);
  });

  it('quarantines a line that parses but is not a valid record', async () => {
    const dataDir = folder();
    const invalid = JSON.stringify({ record: { uniqueId: 'id-x', state: 'unknown' } });
    writeFileSync(join(dataDir, JOURNAL_FILE), `${invalid}\n`);
    const store = await openStore(dataDir);
    expect(store.all()).toEqual([]);
    expect(store.notices[0]).toMatch(/^1 withdrawal record could not be read and was kept aside/);
  });

  it('re-running an import (rename failed) never replaces a newer record with an older line', async () => {
    const dataDir = folder();
    const a = record();
    const store = await openStore(dataDir);
    await store.put({ ...a, state: 'sent', updatedAt: a.updatedAt + 100 });
    await store.close();
    writeFileSync(join(dataDir, JOURNAL_FILE), `${JSON.stringify({ record: a })}\n`);
    const reopened = await openStore(dataDir);
    expect(reopened.get(a.uniqueId)?.state).toBe('sent');
    expect(readdirSync(dataDir).filter((n) => n.startsWith('withdrawals.imported-'))).toHaveLength(1);
  });

  it('never opens a database of its own: with none open it refuses (database_unavailable) and writes nothing', async () => {
    const userData = folder();
    const dataDir = join(userData, 'withdrawals');
    const thrown = await openWithdrawalStore({ dataDir, keepRecent: 10, isFinished }).catch((error: unknown) => error);
    expect(isAppFailure(thrown) && thrown.error.reason).toBe('database_unavailable');
    expect(readdirSync(userData)).toEqual([]);
  });
});
