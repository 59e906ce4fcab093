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
