/**
 * Errors of the embedded database and the instance lock. Their wording is ours (not the exchange's):
 * the launcher and the Electron entry print them as they are.
 */

/** Exit code of a second process started on a data folder another one holds (launch.ts, main.ts). */
export const EXIT_DATA_FOLDER_IN_USE = 3;

export class DataFolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly holderPid: number | null,
    /** How the holder runs: a second Electron app may hand over to an Electron holder instead. */
    readonly holderMode: string | null,
  ) {
    const who = holderPid === null ? 'another WhiteBIT Desk' : `another WhiteBIT Desk (pid ${holderPid})`;
    super(`The data folder ${folder} is in use by ${who}. Close it first, or start with --user-data-dir <another folder>.`);
    this.name = 'DataFolderInUseError';
  }
}

export class DatabaseTooNewError extends Error {
  constructor(
    readonly file: string,
    readonly fileVersion: number,
    readonly knownVersion: number,
  ) {
    super(
      `The database ${file} was written by a newer WhiteBIT Desk (format ${fileVersion}; this version knows up to ${knownVersion}). ` +
        'Update the app, or start with --user-data-dir <another folder>. The file was left as it is.',
    );
    this.name = 'DatabaseTooNewError';
  }
}

/**
 * The database file is there but cannot be used as it is: not a database, pages that fail the
 * integrity check, or emptied (0 bytes). It is never moved, replaced or written: the records in it
 * (an open withdrawal among them) must come back as they were once the file is restored.
 */
export class DatabaseDamagedError extends Error {
  constructor(
    readonly file: string,
    readonly problem: 'damaged' | 'emptied',
    readonly detail: string,
  ) {
    super(`The database ${file} cannot be used (${detail}). It was left as it is.`);
    this.name = 'DatabaseDamagedError';
  }
}

/**
 * The instance lock could not be taken on a folder that can be written (desk.lock not writable,
 * owned by another user, a full disk...). Running without it could let two processes pay from one
 * folder, so the app does not start.
 */
export class InstanceLockError extends Error {
  constructor(
    readonly folder: string,
    readonly lockFile: string,
    /** errno or SQLite code of the cause, e.g. EACCES, SQLITE_FULL. */
    readonly code: string,
  ) {
    super(`The lock file ${lockFile} in the data folder ${folder} could not be taken (${code}), so the app did not start. Nothing in the folder was changed.`);
    this.name = 'InstanceLockError';
  }
}

/**
 * The folder is held without a lock (it cannot be written, so none could be taken: lock.ts), yet its
 * database files may still be writable. No lock, no writing: a second process could open them too,
 * and each would send what the other has open. The app runs read-only and says why.
 */
export class DatabaseWithoutLockError extends Error {
  constructor(readonly folder: string) {
    super(`The data folder ${folder} cannot be written, so it could not be locked; the database was not opened for writing.`);
    this.name = 'DatabaseWithoutLockError';
  }
}
