/**
 * The app's one embedded database, `<userDataDir>/desk.sqlite3`, owned by the main process.
 *
 * - WAL: readers never wait for the writer, and a crash never leaves a half-written page in the file.
 * - synchronous=FULL: with WAL, NORMAL may lose the last commits on a power cut. These are money
 *   records (a withdrawal's id must be on disk before the request leaves), so each commit is fsynced.
 * - A file that is not a database or fails quick_check is moved aside with its -wal/-shm (never
 *   deleted), the user is told, and a fresh database is started.
 * - A database written by a newer app version is refused as it is (DatabaseTooNewError).
 */
import Database from 'better-sqlite3';
import { nativeBindingOption } from './native';
import { closeSync, existsSync, mkdirSync, openSync, readSync, realpathSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseTooNewError } from './errors';
import { MIGRATIONS, type Migration } from './migrations';

export const DATABASE_FILE = 'desk.sqlite3';
const SIDE_FILES = ['-wal', '-shm'] as const;

export interface DeskDatabase {
  readonly file: string;
  readonly connection: Database.Database;
  /** What the user must hear about (a corrupt file moved aside, records quarantined). */
  readonly notices: string[];
  close(): void;
}

export interface OpenDatabaseOptions {
  /** The schema history; tests pass their own. */
  migrations?: readonly Migration[];
  now?: () => Date;
}

/**
 * Databases open in this process, by folder: services that open lazily share the core's connection,
 * and opening a folder twice shares (and counts) one connection: SQLite's locks are per process.
 */
const open = new Map<string, { database: DeskDatabase; references: number }>();

function canonical(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
}

export function findOpenDatabase(folder: string): DeskDatabase | undefined {
  return open.get(canonical(folder))?.database;
}

export function openDatabase(folder: string, options: OpenDatabaseOptions = {}): DeskDatabase {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const key = canonical(folder);
  const existing = open.get(key);
  if (existing) return shareOpen(key, existing);
  const file = join(key, DATABASE_FILE);
  const migrations = options.migrations ?? MIGRATIONS;
  const notices: string[] = [];

  const damage = findDamage(file);
  if (damage) {
    const aside = moveAside(key, file, options.now?.() ?? new Date());
    // Our wording.
    notices.push(
      `The app's database could not be read (${damage}) and was moved aside to ${aside}; nothing was deleted. ` +
        "A new, empty database was started. Withdrawals sent before this may be missing here: check the exchange's history before sending again.",
    );
  }
  const connection = connect(file);
  try {
    migrate(connection, file, migrations);
  } catch (error) {
    connection.close();
    throw error;
  }

  const entry = { database: { file, connection, notices, close: () => undefined } as DeskDatabase, references: 0 };
  open.set(key, entry);
  return shareOpen(key, entry);
}

/** A handle whose close() counts down; the last one closes the connection. */
function shareOpen(key: string, entry: { database: DeskDatabase; references: number }): DeskDatabase {
  entry.references++;
  let closed = false;
  const { file, connection, notices } = entry.database;
  return {
    file,
    connection,
    notices,
    close() {
      if (closed) return;
      closed = true;
      entry.references--;
      if (entry.references > 0 || open.get(key) !== entry) return;
      open.delete(key);
      connection.close();
    },
  };
}

/** Negative: a size in KiB, not in pages (SQLite's convention). */
const PAGE_CACHE_KIB = -2_000;

const HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * Why the file cannot be used, or null. Checked before the real connection opens, and through a
 * read-only one: closing a writable connection would checkpoint or delete a -wal we mean to keep.
 */
function findDamage(file: string): string | null {
  if (!existsSync(file) || statSync(file).size === 0) return null;
  const head = Buffer.alloc(HEADER.length);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (!head.equals(HEADER)) return 'not a database';
  let probe: Database.Database | null = null;
  try {
    probe = new Database(file, { readonly: true, fileMustExist: true, timeout: 5_000, ...nativeBindingOption() });
    const check = probe.pragma('quick_check', { simple: true });
    return check === 'ok' ? null : `integrity check: ${String(check)}`;
  } catch (error) {
    if (isCorrupt(error)) return (error as Error).message;
    throw error;
  } finally {
    probe?.close();
  }
}

function connect(file: string): Database.Database {
  // Created 0600 first: SQLite would use the umask, and its -wal/-shm copy the database's mode.
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  const connection = new Database(file, { timeout: 5_000, ...nativeBindingOption() });
  try {
    connection.pragma('journal_mode = WAL');
    connection.pragma('synchronous = FULL');
    connection.pragma('foreign_keys = ON');
    // SQLite's own default page cache (2 MB) instead of better-sqlite3's (16 MB): the cache fills
    // as history grows, so with 16 MB the main process grew for hours (heaptrack, bench:idle: its
    // pages were most of the live native memory added per quarter hour). Reads that miss it are
    // served from the OS's file cache.
    connection.pragma(`cache_size = ${PAGE_CACHE_KIB}`);
  } catch (error) {
    connection.close();
    throw error;
  }
  return connection;
}

function isCorrupt(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT';
}

/** Returns the new name of the database file. */
function moveAside(folder: string, file: string, at: Date): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  const aside = join(folder, `desk.corrupt-${stamp}.sqlite3`);
  renameSync(file, aside);
  for (const suffix of SIDE_FILES) {
    if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
  }
  return aside;
}

function migrate(connection: Database.Database, file: string, migrations: readonly Migration[]): void {
  const current = connection.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) throw new DatabaseTooNewError(file, current, migrations.length);
  for (let version = current; version < migrations.length; version++) {
    const migration = migrations[version]!;
    connection.transaction(() => {
      migration.up(connection);
      connection.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
}
