/** Which start-up errors become a typed failure with words for the terminal, and which stay bugs. */
import { describe, expect, it } from 'vitest';
import { DataFolderInUseError, DatabaseTooNewError, InstanceLockError } from '../database';
import { describeStartupFailure, startupFailureOf } from './failure';

const folder = '/home/me/.config/desk';
const errno = (code: string) => Object.assign(new Error(code), { code });

describe('startupFailureOf', () => {
  it('types each failure a person can act on, and the text says what happened, what was kept and what to do', () => {
    const cases = [
      [new DataFolderInUseError(folder, 42, 'browser'), 'folder_in_use', /in use by another WhiteBIT Desk \(pid 42\).*Nothing in the folder was changed/],
      [new InstanceLockError(folder, `${folder}/desk.lock`, 'EACCES'), 'lock_refused', /desk\.lock could not be taken \(EACCES\).*Nothing in .* was changed\. Give your user write access/],
      [new InstanceLockError(folder, `${folder}/desk.lock`, 'SQLITE_FULL'), 'disk_full', /is full \(SQLITE_FULL\).*Nothing in the folder was changed\. Free some space/],
      [new DatabaseTooNewError(`${folder}/desk.sqlite3`, 9, 3), 'database_too_new', /newer WhiteBIT Desk\. It was left as it is\. Update the app/],
      [errno('ENOSPC'), 'disk_full', /is full \(ENOSPC\)/],
      [errno('EACCES'), 'folder_unwritable', /cannot be created or written \(EACCES\).*Nothing was changed/],
    ] as const;
    for (const [error, code, words] of cases) {
      const failure = startupFailureOf(error, folder);
      expect(failure?.code, String(error)).toBe(code);
      expect(describeStartupFailure(failure!)).toMatch(words);
      expect(describeStartupFailure(failure!)).toContain(folder);
    }
  });

  it('leaves anything else to be a bug with its stack trace', () => {
    expect(startupFailureOf(new TypeError('x is undefined'), folder)).toBeNull();
  });
});
