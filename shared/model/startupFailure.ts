// zod's small build: the startup failure page is read before the app's first paint.
import { z } from 'zod/mini';

/**
 * Why the app did not start, as a code and the values the words need: the launcher prints it and
 * the startup page (renderer) says it in the person's language.
 */
const STARTUP_FAILURES = [
  /** Another app process holds the data folder. */
  'folder_in_use',
  /** The folder's lock file could not be taken although the folder can be written. */
  'lock_refused',
  /** The disk is full. */
  'disk_full',
  /** The database was written by a newer version of the app. */
  'database_too_new',
  /** The data folder cannot be created or written where it must be. */
  'folder_unwritable',
] as const;

export type StartupFailureCode = (typeof STARTUP_FAILURES)[number];

export interface StartupFailure {
  code: StartupFailureCode;
  folder: string;
  /** The file concerned (lock file, database), when there is one. */
  file: string | null;
  /** errno or SQLite code of the cause, when there is one (EACCES, SQLITE_FULL). */
  cause: string | null;
  /** The other process's id (folder_in_use), when known. */
  pid: number | null;
}

/** What the startup page accepts from its address: the launcher's values, checked before any is shown. */
export const startupFailureSchema = z.strictObject({
  code: z.enum(STARTUP_FAILURES),
  folder: z.string().check(z.minLength(1), z.maxLength(4096)),
  file: z.nullable(z.string().check(z.minLength(1), z.maxLength(4096))),
  cause: z.nullable(z.string().check(z.regex(/^[A-Z0-9_]{1,40}$/))),
  pid: z.nullable(z.int().check(z.positive())),
});

/** The hash the startup page is opened with: `#startup-failure=<JSON, URI-encoded>`. */
export const STARTUP_FAILURE_HASH = '#startup-failure=';

export function startupFailureHash(failure: StartupFailure): string {
  return STARTUP_FAILURE_HASH + encodeURIComponent(JSON.stringify(failure));
}

/** Browser mode: the page posts here when it is closed, so the launcher can end. */
export const STARTUP_FAILURE_CLOSED_PATH = '/startup-failure/closed';
