/**
 * The app's one embedded database, `<userDataDir>/desk.sqlite3`, owned by the main process.
 *
 * - WAL: readers never wait for the writer, and a crash never leaves a half-written page in the file.
 * - synchronous=FULL: with WAL, NORMAL may lose the last commits on a power cut. These are money
 *   records (a withdrawal's id must be on disk before the request leaves), so each commit is fsynced.
 * - A new database is built under a temporary name and renamed into place once its schema is
 *   committed, so the app never leaves an empty `desk.sqlite3` behind: an empty one was emptied
 *   after the fact (truncated), not a fresh install.
 * - A file that is empty, is not a database or fails quick_check is refused as it is
 *   (DatabaseDamagedError): never moved, replaced or written, because a fresh database in its place
 *   would hide the records in it, an open withdrawal among them, and let it be paid again.
 * - A database written by a newer app version is refused as it is (DatabaseTooNewError).
 */
import Database from 'better-sqlite3';
import { nativeBindingOption } from './native';
import { closeSync, existsSync, mkdirSync, openSync, readSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseDamagedError, DatabaseTooNewError } from './errors';
import { MIGRATIONS, type Migration } from './migrations';
import { enableIncrementalVacuum } from './space';

export const DATABASE_FILE = 'desk.sqlite3';
/** Pages in use up to this are copied by a VACUUM in well under a second. */
const QUICK_VACUUM_BYTES = 16 * 1_048_576;
/** Where a new database is built before it is renamed into place. */
const CREATING_SUFFIX = '.creating';

export interface DeskDatabase {
  readonly file: string;
  readonly connection: Database.Database;
  /** What the user must hear about (records quarantined). */
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

  if (existsSync(file)) {
    const damage = findDamage(file, migrations.length);
    if (damage) throw damage;
  } else {
    create(file, migrations);
  }
  const connection = connect(file);
  try {
    migrate(connection, file, migrations);
  } catch (error) {
    connection.close();
    throw error;
  }
  try {
    // A database from before auto_vacuum=INCREMENTAL takes it on here when that is quick; a larger
    // one does once retention has thinned it (the history service), or when History is thinned now.
    enableIncrementalVacuum(connection, QUICK_VACUUM_BYTES);
  } catch {
    // Not taken on (a full disk): the database is as it was, and freed pages are still reused.
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
function findDamage(file: string, knownVersion: number): DatabaseDamagedError | null {
  if (statSync(file).size === 0) return new DatabaseDamagedError(file, 'emptied', 'the file is empty');
  const head = Buffer.alloc(HEADER.length);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (!head.equals(HEADER)) return new DatabaseDamagedError(file, 'damaged', 'not a database');
  let probe: Database.Database | null = null;
  try {
    probe = new Database(file, { readonly: true, fileMustExist: true, timeout: 5_000, ...nativeBindingOption() });
    // Before anything writes to it (switching to WAL rewrites its header): a newer app's file stays as it is.
    const version = probe.pragma('user_version', { simple: true }) as number;
    if (version > knownVersion) throw new DatabaseTooNewError(file, version, knownVersion);
    const check = probe.pragma('quick_check', { simple: true });
    return check === 'ok' ? null : new DatabaseDamagedError(file, 'damaged', `integrity check: ${String(check)}`);
  } catch (error) {
    if (isCorrupt(error)) return new DatabaseDamagedError(file, 'damaged', (error as Error).message);
    throw error;
  } finally {
    probe?.close();
  }
}

/** A new database with the whole schema, renamed into place only once it is committed. */
function create(file: string, migrations: readonly Migration[]): void {
  const building = file + CREATING_SUFFIX;
  // A leftover of a start that crashed while building: it never held a record.
  rmSync(building, { force: true });
  rmSync(`${building}-journal`, { force: true });
  // Created 0600 first: SQLite would use the umask.
  closeSync(openSync(building, 'wx', 0o600));
  const connection = new Database(building, { timeout: 5_000, ...nativeBindingOption() });
  try {
    connection.pragma('synchronous = FULL');
    // Before the first table: freed pages can then be handed back without a VACUUM (space.ts).
    connection.pragma('auto_vacuum = INCREMENTAL');
    migrate(connection, file, migrations);
  } catch (error) {
    connection.close();
    rmSync(building, { force: true });
    throw error;
  }
  connection.close();
  renameSync(building, file);
}

function connect(file: string): Database.Database {
  // fileMustExist: it was checked or created above; its -wal/-shm copy its 0600 mode.
  const connection = new Database(file, { timeout: 5_000, fileMustExist: true, ...nativeBindingOption() });
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
