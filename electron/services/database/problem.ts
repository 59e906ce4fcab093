/** Why the database could not be opened, as a code for the renderer (shared/model/database.ts). */
import { accessSync, constants } from 'node:fs';
import type { DatabaseProblem } from '../../../shared/model/database';
import { DatabaseDamagedError, DatabaseWithoutLockError } from './errors';

export function databaseProblemOf(error: unknown, folder: string): DatabaseProblem {
  if (error instanceof DatabaseDamagedError) return error.problem;
  if (error instanceof DatabaseWithoutLockError) return 'read_only';
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  if (code === 'ENOSPC' || code === 'SQLITE_FULL' || code === 'EDQUOT') return 'disk_full';
  if (!writable(folder)) return 'read_only';
  if (['EACCES', 'EPERM', 'EISDIR', 'ENOTDIR', 'SQLITE_CANTOPEN', 'SQLITE_PERM'].includes(code) || code.startsWith('SQLITE_READONLY')) return 'unreadable';
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') return 'damaged';
  return 'failed';
}

export function writable(folder: string): boolean {
  try {
    accessSync(folder, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
