/**
 * Reads what the withdrawal store committed, from outside the store: a separate read-only SQLite
 * connection (what another process would see after a crash), and a write log kept by a temporary
 * trigger on the store's own connection (the order in which states were committed).
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { WithdrawalRecord } from '../../../../shared/model/withdrawals';
import { DATABASE_FILE, findOpenDatabase } from '../../database';

/** The committed records of the database in `folder`, read through a connection of its own. */
export function storedRecords(folder: string): WithdrawalRecord[] {
  const reader = new Database(join(folder, DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    return (reader.prepare('SELECT record FROM withdrawals ORDER BY updated_at, unique_id').pluck().all() as string[]).map(
      (text) => JSON.parse(text) as WithdrawalRecord,
    );
  } finally {
    reader.close();
  }
}

/** Starts logging every record written to the open database of `folder`; returns the log so far. */
export function logWrites(folder: string): () => WithdrawalRecord[] {
  const database = findOpenDatabase(folder);
  if (!database) throw new Error(`no database open for ${folder}`);
  const { connection } = database;
  connection.exec(`
    CREATE TEMP TABLE IF NOT EXISTS write_log (id INTEGER PRIMARY KEY, record TEXT NOT NULL);
    CREATE TEMP TRIGGER IF NOT EXISTS log_insert AFTER INSERT ON main.withdrawals BEGIN INSERT INTO write_log (record) VALUES (NEW.record); END;
    CREATE TEMP TRIGGER IF NOT EXISTS log_update AFTER UPDATE ON main.withdrawals BEGIN INSERT INTO write_log (record) VALUES (NEW.record); END;
  `);
  return () => (connection.prepare('SELECT record FROM temp.write_log ORDER BY id').pluck().all() as string[]).map((t) => JSON.parse(t) as WithdrawalRecord);
}
