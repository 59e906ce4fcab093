/**
 * The database's schema history, oldest first. `PRAGMA user_version` holds how many have run; each
 * runs in its own transaction together with the version bump, so a crash leaves the database at a
 * whole version. Never edit a migration that has shipped: add the next one.
 */
import type Database from 'better-sqlite3';

export interface Migration {
  /** What it is for, for the log and for readers. */
  name: string;
  up(connection: Database.Database): void;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    name: 'withdrawal journal and quarantined records',
    up(connection) {
      connection.exec(`
        CREATE TABLE withdrawals (
          unique_id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL,
          state TEXT NOT NULL,
          updated_at INTEGER NOT NULL,
          -- 1 when nothing about it can change any more; only these are pruned.
          finished INTEGER NOT NULL DEFAULT 0,
          record TEXT NOT NULL
        ) STRICT;
        CREATE INDEX withdrawals_finished_updated ON withdrawals (finished, updated_at);
        -- Records that could not be read, kept verbatim so nothing is lost silently.
        CREATE TABLE quarantined_records (
          id INTEGER PRIMARY KEY,
          kind TEXT NOT NULL,
          source TEXT NOT NULL,
          line_number INTEGER NOT NULL,
          raw TEXT NOT NULL,
          reason TEXT NOT NULL,
          quarantined_at INTEGER NOT NULL,
          UNIQUE (source, line_number)
        ) STRICT;
      `);
    },
  },
];

export const SCHEMA_VERSION = MIGRATIONS.length;
