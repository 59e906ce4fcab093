/**
 * The one way the app opens its database: only under a lock this process really holds. A folder
 * held without a lock (lock.ts: it cannot be written) gets no database, even when SQLite could open
 * its files for writing, because nothing would then stop a second process doing the same.
 */
import { DatabaseWithoutLockError } from './errors';
import type { InstanceLock } from './lock';
import { openDatabase, type DeskDatabase, type OpenDatabaseOptions } from './open';

export function openDatabaseUnderLock(lock: InstanceLock, options?: OpenDatabaseOptions): DeskDatabase {
  if (!lock.locked) throw new DatabaseWithoutLockError(lock.folder);
  return openDatabase(lock.folder, options);
}
