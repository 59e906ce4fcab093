/**
 * Child process for the lock tests: takes the instance lock on argv[2], prints one JSON line
 * ({"locked":pid} or {"refused":message}) and, when locked, stays alive until killed.
 */
import { acquireInstanceLock } from '../lock';
import { DataFolderInUseError, EXIT_DATA_FOLDER_IN_USE } from '../errors';

const folder = process.argv[2];
if (!folder) throw new Error('usage: hold-lock.ts <folder>');
try {
  acquireInstanceLock(folder);
  process.stdout.write(`${JSON.stringify({ locked: process.pid })}\n`);
  setInterval(() => undefined, 60_000);
} catch (error) {
  if (!(error instanceof DataFolderInUseError)) throw error;
  process.stdout.write(`${JSON.stringify({ refused: error.message })}\n`);
  process.exit(EXIT_DATA_FOLDER_IN_USE);
}
