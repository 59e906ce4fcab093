/**
 * Scenario for lock.test.ts, run as a user that file modes apply to (electron/test/unprivileged.ts):
 * takes the instance lock on argv[2] and prints what happened as one JSON line.
 */
import { acquireInstanceLock } from '../lock';
import { InstanceLockError } from '../errors';

const folder = process.argv[2];
if (!folder) throw new Error('usage: take-lock.scenario.ts <folder>');
try {
  const lock = acquireInstanceLock(folder);
  process.stdout.write(`${JSON.stringify({ taken: true, locked: lock.locked })}\n`);
  lock.release();
} catch (error) {
  if (!(error instanceof InstanceLockError)) throw error;
  process.stdout.write(`${JSON.stringify({ taken: false, name: error.name, code: error.code, folder: error.folder, message: error.message })}\n`);
}
