/**
 * Start-up failures a person can act on, as codes (shared/model/startupFailure.ts), and their
 * one-paragraph text for the terminal the app was started from. Anything else is a bug and keeps its
 * stack trace.
 */
import { join } from 'node:path';
import type { StartupFailure } from '../../../shared/model/startupFailure';
import { DATABASE_FILE, DataFolderInUseError, DatabaseTooNewError, InstanceLockError } from '../database';
import { LOCK_FILE } from '../database/lock';

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);
const UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST']);

export function startupFailureOf(error: unknown, folder: string): StartupFailure | null {
  const base = { folder, file: null, cause: null, pid: null };
  if (error instanceof DataFolderInUseError) return { ...base, code: 'folder_in_use', pid: error.holderPid };
  if (error instanceof DatabaseTooNewError) return { ...base, code: 'database_too_new', file: error.file };
  if (error instanceof InstanceLockError) {
    return { ...base, code: DISK_FULL.has(error.code) ? 'disk_full' : 'lock_refused', file: error.lockFile, cause: error.code };
  }
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  if (DISK_FULL.has(code)) return { ...base, code: 'disk_full', cause: code };
  // Creating the folder or the lock file beside it failed before any lock could be taken.
  if (UNWRITABLE.has(code)) return { ...base, code: 'folder_unwritable', cause: code };
  return null;
}

/** The terminal's words: what happened, what was kept untouched, what to do. */
export function describeStartupFailure(failure: StartupFailure): string {
  const { folder } = failure;
  switch (failure.code) {
    case 'folder_in_use':
      return `The data folder ${folder} is in use by another WhiteBIT Desk${failure.pid === null ? '' : ` (pid ${failure.pid})`}. Close it first, or start with --user-data-dir <another folder>. Nothing in the folder was changed.`;
    case 'lock_refused':
      return `The lock file ${failure.file ?? join(folder, LOCK_FILE)} could not be taken (${failure.cause ?? 'error'}), so the app did not start: without it a second app could use the same folder. Nothing in ${folder} was changed. Give your user write access to the lock file (or remove it while no WhiteBIT Desk runs), then start again.`;
    case 'disk_full':
      return `The disk that holds ${folder} is full (${failure.cause ?? 'no space'}), so the app did not start. Nothing in the folder was changed. Free some space, then start again.`;
    case 'database_too_new':
      return `The database ${failure.file ?? join(folder, DATABASE_FILE)} was written by a newer WhiteBIT Desk. It was left as it is. Update the app, or start with --user-data-dir <another folder>.`;
    case 'folder_unwritable':
      return `The data folder ${folder} cannot be created or written (${failure.cause ?? 'error'}), so the app did not start. Nothing was changed. Check the folder's permissions, or start with --user-data-dir <another folder>.`;
  }
}

/** Exit code for a start refused for a reason the person can act on (besides EXIT_DATA_FOLDER_IN_USE). */
export const EXIT_STARTUP_FAILED = 4;
