/**
 * Whether the app's database can be used, as codes the renderer turns into words. Withdrawals need
 * it: without it no record of an open payment could be seen, so none is made.
 */
export const DATABASE_PROBLEMS = [
  /** The file exists but cannot be opened or read (permissions, a folder in its place). */
  'unreadable',
  /** The file is not a database, or its pages fail SQLite's integrity check. */
  'damaged',
  /** The file is empty although the app never leaves an empty database behind: it was truncated. */
  'emptied',
  /** The user-data folder cannot be written: the app runs read-only. */
  'read_only',
  /** The disk is full. */
  'disk_full',
  /** Any other failure to open it. */
  'failed',
] as const;

export type DatabaseProblem = (typeof DATABASE_PROBLEMS)[number];

export type DatabaseStatus =
  | { available: true; file: string }
  | {
      available: false;
      problem: DatabaseProblem;
      /** The database file the problem is about. */
      file: string;
      /** The user-data folder. */
      folder: string;
    };
