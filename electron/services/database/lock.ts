/**
 * One process per user-data folder, in every mode (Electron and browser).
 *
 * The lock is an OS file lock, not a pid file: `<userDataDir>/desk.lock` is a tiny SQLite file opened
 * with `locking_mode=EXCLUSIVE` and written once, so SQLite keeps an exclusive lock on it (fcntl on
 * POSIX, LockFileEx on Windows) until the connection closes. The OS drops that lock when the process
 * dies, even on SIGKILL or a power cut, so a crash can never leave the folder locked. `desk.pid` only
 * names the holder in the message: it is never trusted as the lock itself.
 *
 * Within one process the lock is shared (counted): the entry point takes it before anything else
 * touches the folder, and the core takes it again; SQLite would refuse a second connection here.
 */
import Database from 'better-sqlite3';
import { nativeBindingOption } from './native';
import { closeSync, mkdirSync, openSync, readFileSync, realpathSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataFolderInUseError, InstanceLockError } from './errors';
import { writable } from './problem';

export const LOCK_FILE = 'desk.lock';
const PID_FILE = 'desk.pid';

export interface InstanceLock {
  readonly folder: string;
  /**
   * False when the folder cannot be written (read-only disk or permissions): no lock can be taken
   * there, and none is needed to protect files nobody can write. The app then runs read-only.
   */
  readonly locked: boolean;
  /** Idempotent. The last release in this process unlocks the folder. */
  release(): void;
}

interface Held {
  connection: Database.Database | null;
  references: number;
}

const held = new Map<string, Held>();

function canonical(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
}

export function holdsInstanceLock(folder: string): boolean {
  return held.has(canonical(folder));
}

/**
 * Takes the folder for this process, creating it (0700) if needed. Throws DataFolderInUseError,
 * without changing any file, when another process holds it, and InstanceLockError when the lock
 * cannot be taken in a folder that can be written.
 */
export function acquireInstanceLock(folder: string, mode: string = 'browser'): InstanceLock {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const key = canonical(folder);
  let entry = held.get(key);
  if (entry) {
    entry.references++;
  } else {
    entry = { connection: lockFolder(key, folder, mode), references: 1 };
    held.set(key, entry);
  }
  const current = entry;
  let released = false;
  return {
    folder: key,
    locked: current.connection !== null,
    release() {
      if (released) return;
      released = true;
      current.references--;
      if (current.references > 0) return;
      held.delete(key);
      if (!current.connection) return;
      forgetPid(key);
      current.connection.close();
    },
  };
}

/**
 * Only a folder that cannot be written runs unlocked (read-only). Any other failure to take the lock
 * (desk.lock not writable or owned by another user, a full disk) refuses the start: running on
 * without it would let a second process pay what this one still has open.
 */
function lockFolder(key: string, shownFolder: string, mode: string): Database.Database | null {
  const path = join(key, LOCK_FILE);
  const refuse = (error: unknown): never => {
    throw new InstanceLockError(shownFolder, join(shownFolder, LOCK_FILE), String((error as { code?: unknown }).code ?? (error as Error).message));
  };
  if (!writable(key)) return null;
  try {
    // Created 0600 before SQLite opens it (SQLite would use the umask).
    closeSync(openSync(path, 'a', 0o600));
  } catch (error) {
    if (isReadOnly(error) && !writable(key)) return null;
    refuse(error);
  }
  let connection: Database.Database;
  try {
    // timeout 0: the lock is either free now or held by a live process; waiting would not help.
    connection = new Database(path, { timeout: 0, ...nativeBindingOption() });
  } catch (error) {
    return refuse(error);
  }
  try {
    connection.pragma('locking_mode = EXCLUSIVE');
    // The first write takes the exclusive lock; in EXCLUSIVE locking mode SQLite keeps it after COMMIT.
    connection.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS holder (pid INTEGER); DELETE FROM holder; INSERT INTO holder VALUES (' + process.pid + '); COMMIT;');
  } catch (error) {
    connection.close();
    if (isBusy(error)) {
      const holder = readHolder(key);
      throw new DataFolderInUseError(shownFolder, holder.pid, holder.mode);
    }
    refuse(error);
  }
  try {
    writeFileSync(join(key, PID_FILE), `${JSON.stringify({ pid: process.pid, mode })}\n`, { mode: 0o600 });
  } catch {
    // Only the message loses the pid; the lock holds.
  }
  return connection;
}

function isReadOnly(error: unknown): boolean {
  const code = String((error as { code?: unknown }).code);
  return ['EACCES', 'EPERM', 'EROFS'].includes(code) || code === 'SQLITE_CANTOPEN' || code.startsWith('SQLITE_READONLY');
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

function readHolder(folder: string): { pid: number | null; mode: string | null } {
  try {
    const parsed = JSON.parse(readFileSync(join(folder, PID_FILE), 'utf8')) as { pid?: unknown; mode?: unknown };
    return {
      pid: Number.isSafeInteger(parsed.pid) ? (parsed.pid as number) : null,
      mode: typeof parsed.mode === 'string' ? parsed.mode : null,
    };
  } catch {
    // The holder may not have written it yet: the message then names no pid.
    return { pid: null, mode: null };
  }
}

function forgetPid(folder: string): void {
  try {
    if (readHolder(folder).pid === process.pid) unlinkSync(join(folder, PID_FILE));
  } catch {
    // A leftover pid file is harmless: only the OS lock counts.
  }
}
