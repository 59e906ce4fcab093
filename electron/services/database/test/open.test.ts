/** openDatabase on real files: pragmas, modes, migrations, a damaged, emptied or newer file refused as it is. */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseDamagedError, DatabaseTooNewError } from '../errors';
import { MIGRATIONS, type Migration } from '../migrations';
import { DATABASE_FILE, findOpenDatabase, openDatabase, type DeskDatabase } from '../open';

const folders: string[] = [];
const opened: DeskDatabase[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'desk-db-'));
  folders.push(dir);
  return dir;
}
function openIn(dir: string, migrations?: readonly Migration[]): DeskDatabase {
  const database = openDatabase(dir, { migrations, now: () => new Date('2026-01-02T03:04:05.678Z') });
  opened.push(database);
  return database;
}
afterEach(() => {
  for (const database of opened.splice(0)) database.close();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('openDatabase', () => {
  it('uses WAL, synchronous=FULL and a 2 MB page cache, in a 0600 file inside a 0700 folder', () => {
    const dir = join(folder(), 'user-data');
    const database = openIn(dir);
    expect(database.connection.pragma('journal_mode', { simple: true })).toBe('wal');
    // 2 = FULL
    expect(database.connection.pragma('synchronous', { simple: true })).toBe(2);
    // 2 MB of page cache (SQLite's stock default), not better-sqlite3's 16 MB: the main process's memory stops following the history file's size.
    expect(database.connection.pragma('cache_size', { simple: true })).toBe(-2_000);
    expect(database.notices).toEqual([]);
    if (process.platform !== 'win32') {
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(statSync(join(dir, DATABASE_FILE)).mode & 0o777).toBe(0o600);
    }
    expect(findOpenDatabase(dir)?.connection).toBe(database.connection);
    database.close();
    expect(findOpenDatabase(dir)).toBeUndefined();
  });

  it('runs the migrations in order once and records the version', () => {
    const dir = folder();
    const database = openIn(dir);
    expect(database.connection.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    const tables = database.connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
    expect(tables).toEqual(['account_keys', 'destinations', 'history_series', 'holdings', 'price_alerts', 'prices', 'quarantined_records', 'snapshots', 'timeline_events', 'withdrawals']);
    database.close();

    const calls: string[] = [];
    const more: Migration[] = [...MIGRATIONS, { name: 'second', up: (c) => (calls.push('second'), c.exec('CREATE TABLE second (x)')) }];
    const again = openIn(dir, more);
    const twice = openIn(folder(), more);
    expect(calls).toEqual(['second', 'second']);
    expect(again.connection.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length + 1);
    expect(twice.connection.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length + 1);
  });

  it('rolls a failed migration back whole: the version stays and nothing of it remains', () => {
    const dir = folder();
    openIn(dir).close();
    const failing: Migration[] = [
      ...MIGRATIONS,
      {
        name: 'fails half way',
        up(c) {
          c.exec('CREATE TABLE half (x)');
          throw new Error('boom');
        },
      },
    ];
    expect(() => openIn(dir, failing)).toThrow('boom');
    const raw = new Database(join(dir, DATABASE_FILE));
    expect(raw.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(raw.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'half'").pluck().get()).toBe(0);
    raw.close();
  });

  it('leaves no database at all when building a new one fails', () => {
    const dir = folder();
    const failing: Migration[] = [{ name: 'fails', up: () => { throw new Error('boom'); } }];
    expect(() => openIn(dir, failing)).toThrow('boom');
    expect(readdirSync(dir).filter((n) => n.startsWith(DATABASE_FILE))).toEqual([]);
  });

  it('refuses a database from a newer app and leaves it untouched', () => {
    const dir = folder();
    openIn(dir).close();
    const raw = new Database(join(dir, DATABASE_FILE));
    raw.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    raw.close();
    const before = readFileSync(join(dir, DATABASE_FILE));
    expect(() => openIn(dir)).toThrow(DatabaseTooNewError);
    expect(readFileSync(join(dir, DATABASE_FILE)).equals(before)).toBe(true);
    expect(readdirSync(dir).filter((n) => n.includes('corrupt'))).toEqual([]);
  });

  it('refuses a file that is not a database, with its -wal and -shm, and changes none of them', () => {
    const dir = folder();
    const garbage = 'this is not a database '.repeat(100);
    writeFileSync(join(dir, DATABASE_FILE), garbage);
    writeFileSync(join(dir, `${DATABASE_FILE}-wal`), 'wal bytes');
    writeFileSync(join(dir, `${DATABASE_FILE}-shm`), 'shm bytes');
    const before = readdirSync(dir).sort();
    expect(() => openIn(dir)).toThrow(expect.objectContaining({ name: 'DatabaseDamagedError', problem: 'damaged', detail: 'not a database' }));
    expect(readdirSync(dir).sort()).toEqual(before);
    expect(readFileSync(join(dir, DATABASE_FILE), 'utf8')).toBe(garbage);
    expect(readFileSync(join(dir, `${DATABASE_FILE}-wal`), 'utf8')).toBe('wal bytes');
    expect(readFileSync(join(dir, `${DATABASE_FILE}-shm`), 'utf8')).toBe('shm bytes');
    expect(findOpenDatabase(dir)).toBeUndefined();
  });

  it('refuses a database whose pages are damaged (quick_check fails) and leaves it as it is', () => {
    const dir = folder();
    const first = openIn(dir);
    first.connection.exec('CREATE TABLE filler (x TEXT)');
    const insert = first.connection.prepare('INSERT INTO filler VALUES (?)');
    for (let i = 0; i < 500; i++) insert.run('x'.repeat(200));
    first.connection.pragma('wal_checkpoint(TRUNCATE)');
    first.close();
    const file = join(dir, DATABASE_FILE);
    const bytes = readFileSync(file);
    // Keep the header (page 1) and scribble over the b-tree pages after it.
    bytes.fill(0xa5, 4096 * 2, 4096 * 6);
    writeFileSync(file, bytes);
    expect(() => openIn(dir)).toThrow(DatabaseDamagedError);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('never leaves an empty database: a new one appears whole, so a 0-byte file is refused as emptied, not replaced', () => {
    const dir = folder();
    const database = openIn(dir);
    database.connection.prepare("INSERT INTO withdrawals (unique_id, account_id, state, updated_at, record) VALUES ('u1', 'a', 'unknown', 1, '{}')").run();
    database.close();
    const file = join(dir, DATABASE_FILE);
    expect(statSync(file).size).toBeGreaterThan(0);
    expect(readdirSync(dir).filter((n) => n.includes('.creating'))).toEqual([]);
    // Truncated behind the app's back (a crash of a copy tool, a sync client): the open withdrawal's record is gone.
    writeFileSync(file, '');
    const walBefore = existsSync(`${file}-wal`) ? readFileSync(`${file}-wal`) : null;
    expect(() => openIn(dir)).toThrow(expect.objectContaining({ name: 'DatabaseDamagedError', problem: 'emptied' }));
    expect(statSync(file).size).toBe(0);
    expect(existsSync(`${file}-wal`) ? readFileSync(`${file}-wal`) : null).toEqual(walBefore);
  });

  it('builds a new database under a temporary name: a leftover of a crashed build is replaced, the real file never is', () => {
    const dir = folder();
    writeFileSync(join(dir, `${DATABASE_FILE}.creating`), 'half built');
    const database = openIn(dir);
    expect(database.connection.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(existsSync(join(dir, `${DATABASE_FILE}.creating`))).toBe(false);
    if (process.platform !== 'win32') expect(statSync(join(dir, DATABASE_FILE)).mode & 0o777).toBe(0o600);
  });

  it('shares one connection when a folder is opened twice in a process; the last close closes it', () => {
    const dir = folder();
    const first = openDatabase(dir);
    const second = openDatabase(dir);
    expect(second.connection).toBe(first.connection);
    first.close();
    first.close();
    expect(second.connection.open).toBe(true);
    second.close();
    expect(first.connection.open).toBe(false);
    expect(findOpenDatabase(dir)).toBeUndefined();
  });
});
