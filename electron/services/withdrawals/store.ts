/**
 * Durable storage for withdrawal records: the `withdrawals` table of the app's database
 * (electron/services/database). Records hold no secrets: only what the user typed, the fee and the
 * exchange's answers.
 *
 * Each put/remove is one committed transaction (synchronous=FULL) before its promise resolves, so a
 * uniqueId is on disk before the request leaves and a kill at any moment loses nothing committed.
 * The in-memory map mirrors the table for the service's synchronous reads; the instance lock keeps
 * a second process from writing behind it.
 *
 * The old JSON-lines journal (`withdrawals.jsonl`) is imported once and renamed, never deleted. A line
 * that cannot be read is kept verbatim in `quarantined_records` and reported, never dropped.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { WithdrawalRecord, WithdrawalState } from '../../../shared/model/withdrawals';
import { AppFailure } from '../../../shared/errors';
import { findOpenDatabase, type DeskDatabase } from '../database';
import { createDestinationBook, type DestinationBook } from './destinations';
import { refusal } from './refusals';
import { withDefaults } from './upgrades';

export const JOURNAL_FILE = 'withdrawals.jsonl';
const QUARANTINE_KIND = 'withdrawal';

export interface WithdrawalStore {
  all(): WithdrawalRecord[];
  get(uniqueId: string): WithdrawalRecord | undefined;
  /** Resolves once the record is committed to the database. */
  put(record: WithdrawalRecord): Promise<void>;
  remove(uniqueId: string): Promise<void>;
  /**
   * Moves a record to `sending` in ONE immediate transaction that first re-reads, from the database
   * itself (what every tab, window and process shares): that the record is still in `expected`
   * state, every other record (for `guard`, which throws to refuse), and whether the destination is
   * in the book; then commits the record and remembers the destination. A refusal writes nothing.
   */
  beginSend(
    next: WithdrawalRecord,
    expected: WithdrawalState,
    guard: (context: { others: WithdrawalRecord[]; knownDestination: boolean }) => void,
  ): Promise<void>;
  readonly destinations: DestinationBook;
  close(): Promise<void>;
  /** What the user must hear about: records that could not be read and were kept aside. */
  readonly notices: string[];
}

export interface StoreOptions {
  /** `<userDataDir>/withdrawals`: where an old journal may be. */
  dataDir: string;
  /** Finished records kept besides unfinished ones (newest first). */
  keepRecent: number;
  isFinished: (record: WithdrawalRecord) => boolean;
  /**
   * The app's database. When absent, the one already open for the folder above dataDir (the core's)
   * or for dataDir itself (tests) is used. The store never opens one of its own: a database opened
   * beside an unreadable one would hide the open withdrawals recorded there and let them be paid again.
   */
  database?: DeskDatabase;
  now?: () => Date;
}

export async function openWithdrawalStore(options: StoreOptions): Promise<WithdrawalStore> {
  const database = options.database ?? findOpenDatabase(dirname(options.dataDir)) ?? findOpenDatabase(options.dataDir);
  if (!database) {
    throw new AppFailure({ kind: 'internal', reason: 'database_unavailable', message: "The app's database is not open, so withdrawals are off. Nothing was written." });
  }
  const { connection } = database;
  importJournal(database, options.dataDir, options.now?.() ?? new Date());
  const records = loadRecords(database);
  refreshFinishedAndPrune(database, records, options);

  const upsert = connection.prepare(
    `INSERT INTO withdrawals (unique_id, account_id, state, updated_at, finished, record) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (unique_id) DO UPDATE SET account_id = excluded.account_id, state = excluded.state,
       updated_at = excluded.updated_at, finished = excluded.finished, record = excluded.record`,
  );
  const remove = connection.prepare('DELETE FROM withdrawals WHERE unique_id = ?');
  const readAll = connection.prepare('SELECT unique_id, record FROM withdrawals');
  const destinations = createDestinationBook(connection);
  let closed = false;
  const open = () => {
    if (closed) throw new Error('withdrawal store is closed');
  };
  const notice = quarantineNotice(database);

  return {
    all: () => [...records.values()],
    get: (uniqueId) => records.get(uniqueId),
    async put(record) {
      open();
      // One statement = one transaction, committed and fsynced when run() returns.
      upsert.run(record.uniqueId, record.accountId, record.state, record.updatedAt, options.isFinished(record) ? 1 : 0, JSON.stringify(record));
      records.set(record.uniqueId, record);
    },
    async remove(uniqueId) {
      open();
      remove.run(uniqueId);
      records.delete(uniqueId);
    },
    async beginSend(next, expected, guard) {
      open();
      connection.transaction(() => {
        const onDisk = new Map<string, WithdrawalRecord>();
        for (const row of readAll.all() as Array<{ unique_id: string; record: string }>) {
          const parsed = readRecord(row.record);
          if (parsed && parsed.uniqueId === row.unique_id) onDisk.set(row.unique_id, parsed);
        }
        const current = onDisk.get(next.uniqueId);
        if (!current) throw refusal('withdrawal_unknown', { uniqueId: next.uniqueId });
        if (current.state !== expected || current.discardedAt !== null) {
          throw refusal('withdrawal_state', { uniqueId: next.uniqueId, state: current.discardedAt !== null ? 'discarded' : current.state });
        }
        onDisk.delete(next.uniqueId);
        guard({ others: [...onDisk.values()], knownDestination: destinations.isKnown(next) });
        upsert.run(next.uniqueId, next.accountId, next.state, next.updatedAt, options.isFinished(next) ? 1 : 0, JSON.stringify(next));
        destinations.remember(next, next.lastSentAt ?? next.updatedAt);
      }).immediate();
      records.set(next.uniqueId, next);
    },
    destinations,
    async close() {
      closed = true;
    },
    notices: notice ? [notice] : [],
  };
}

type JournalLine = { record: WithdrawalRecord } | { discarded: string };
interface Quarantined {
  lineNumber: number;
  raw: string;
  reason: string;
}

/**
 * Imports `<dataDir>/withdrawals.jsonl` once, in one transaction, then renames it (kept). Safe to run
 * again if the rename failed: a journal record never replaces a newer one, quarantined lines are keyed
 * by file and line. The core runs this at start so its notice is known at once; the store runs it too.
 */
export function importJournal(database: DeskDatabase, dataDir: string, at: Date = new Date()): void {
  const path = join(dataDir, JOURNAL_FILE);
  if (!existsSync(path)) return;
  const text = readFileSync(path, 'utf8');
  const latest = new Map<string, WithdrawalRecord | null>();
  const quarantined: Quarantined[] = [];
  text.split('\n').forEach((raw, index) => {
    if (!raw.trim()) return;
    const line = parseLine(raw);
    if (typeof line === 'string') quarantined.push({ lineNumber: index + 1, raw, reason: line });
    else if ('discarded' in line) latest.set(line.discarded, null);
    else latest.set(line.record.uniqueId, line.record);
  });
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  const keptAs = join(dataDir, `withdrawals.imported-${stamp}.jsonl`);
  const { connection } = database;
  const upsert = connection.prepare(
    `INSERT INTO withdrawals (unique_id, account_id, state, updated_at, finished, record) VALUES (?, ?, ?, ?, 0, ?)
     ON CONFLICT (unique_id) DO UPDATE SET account_id = excluded.account_id, state = excluded.state,
       updated_at = excluded.updated_at, record = excluded.record
     WHERE excluded.updated_at >= withdrawals.updated_at`,
  );
  const remove = connection.prepare('DELETE FROM withdrawals WHERE unique_id = ?');
  const quarantine = connection.prepare(
    `INSERT OR IGNORE INTO quarantined_records (kind, source, line_number, raw, reason, quarantined_at) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  connection.transaction(() => {
    for (const [uniqueId, record] of latest) {
      if (record) upsert.run(uniqueId, record.accountId, record.state, record.updatedAt, JSON.stringify(record));
      else remove.run(uniqueId);
    }
    // `source` names the file the line now lives in, so the user can find it there too.
    for (const line of quarantined) quarantine.run(QUARANTINE_KIND, keptAs, line.lineNumber, line.raw, line.reason, at.getTime());
  }).immediate();
  renameSync(path, keptAs);
}

/** A valid line, or why it is not one. */
function parseLine(raw: string): JournalLine | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return 'not JSON (a torn or damaged line)';
  }
  if (typeof parsed !== 'object' || parsed === null) return 'not a journal entry';
  if ('discarded' in parsed) return typeof parsed.discarded === 'string' && parsed.discarded ? { discarded: parsed.discarded } : 'discarded id missing';
  if (!('record' in parsed)) return 'not a journal entry';
  return isRecord(parsed.record) ? { record: parsed.record } : 'not a valid withdrawal record';
}

function isRecord(value: unknown): value is WithdrawalRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.uniqueId === 'string' &&
    r.uniqueId !== '' &&
    typeof r.accountId === 'string' &&
    typeof r.state === 'string' &&
    typeof r.ticker === 'string' &&
    typeof r.amount === 'string' &&
    Number.isFinite(r.updatedAt) &&
    Number.isFinite(r.createdAt)
  );
}

function readRecord(text: string): WithdrawalRecord | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? withDefaults(parsed) : null;
  } catch {
    return null;
  }
}

function loadRecords(database: DeskDatabase): Map<string, WithdrawalRecord> {
  const { connection } = database;
  const rows = connection.prepare('SELECT rowid, unique_id, record FROM withdrawals').all() as Array<{ rowid: number; unique_id: string; record: string }>;
  const records = new Map<string, WithdrawalRecord>();
  const unreadable: typeof rows = [];
  for (const row of rows) {
    let record: unknown;
    try {
      record = JSON.parse(row.record);
    } catch {
      record = null;
    }
    if (isRecord(record) && record.uniqueId === row.unique_id) records.set(row.unique_id, record);
    else unreadable.push(row);
  }
  if (unreadable.length) {
    // Should not happen (we wrote them); if it does, keep them aside rather than fail or drop them.
    const now = Date.now();
    const quarantine = connection.prepare(
      'INSERT OR IGNORE INTO quarantined_records (kind, source, line_number, raw, reason, quarantined_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const remove = connection.prepare('DELETE FROM withdrawals WHERE unique_id = ?');
    connection.transaction(() => {
      for (const row of unreadable) {
        quarantine.run(QUARANTINE_KIND, `${database.file} withdrawals ${now}`, row.rowid, row.record, 'not a valid withdrawal record', now);
        remove.run(row.unique_id);
      }
    }).immediate();
  }
  return records;
}

/** Finished flags follow the current definition; finished records beyond keepRecent go, in SQL. */
function refreshFinishedAndPrune(database: DeskDatabase, records: Map<string, WithdrawalRecord>, options: StoreOptions): void {
  const { connection } = database;
  const mark = connection.prepare('UPDATE withdrawals SET finished = ? WHERE unique_id = ? AND finished <> ?');
  const prune = connection.prepare(
    `DELETE FROM withdrawals WHERE finished = 1 AND unique_id NOT IN
       (SELECT unique_id FROM withdrawals WHERE finished = 1 ORDER BY updated_at DESC LIMIT ?) RETURNING unique_id`,
  );
  const pruned = connection.transaction(() => {
    for (const record of records.values()) {
      const finished = options.isFinished(record) ? 1 : 0;
      mark.run(finished, record.uniqueId, finished);
    }
    return prune.pluck().all(options.keepRecent) as string[];
  }).immediate();
  for (const uniqueId of pruned) records.delete(uniqueId);
}

/** The notice for quarantined withdrawal records, or null; shown on every start while any are kept. */
export function quarantineNotice(database: DeskDatabase): string | null {
  const rows = database.connection
    .prepare('SELECT DISTINCT source FROM quarantined_records WHERE kind = ? ORDER BY source')
    .pluck()
    .all(QUARANTINE_KIND) as string[];
  if (rows.length === 0) return null;
  const count = database.connection.prepare('SELECT count(*) FROM quarantined_records WHERE kind = ?').pluck().get(QUARANTINE_KIND) as number;
  const what = count === 1 ? '1 withdrawal record could not be read and was' : `${count} withdrawal records could not be read and were`;
  // Our wording.
  return (
    `${what} kept aside in ${database.file} (table quarantined_records; the original lines are in ${rows.join(', ')}). ` +
    "Check the exchange's withdrawal history before sending again."
  );
}

/** Every account id the database keeps withdrawal records or known destinations of. */
export function accountIdsWithRecords(database: DeskDatabase): string[] {
  return database.connection.prepare('SELECT account_id FROM withdrawals UNION SELECT account_id FROM destinations').pluck().all() as string[];
}
