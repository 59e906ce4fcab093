/**
 * Reads the settings file without ever reading more than SETTINGS_MAX_BYTES, and says exactly what
 * went wrong when it cannot: missing (a first start), unreadable (permissions, a folder in its
 * place, too large, a disk error: the file may be fine, so nobody may overwrite it), or readable
 * but not valid settings (damaged: it can be moved aside).
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { describeFsProblem, isPermissionProblem } from '../logging';
import { SettingsFile } from './schema';

/** Settings are a few kilobytes (100 accounts at most); anything past this is not read at all. */
export const SETTINGS_MAX_BYTES = 1024 * 1024;

export type SettingsRead =
  | { kind: 'missing' }
  | { kind: 'valid'; settings: SettingsFile }
  | { kind: 'damaged'; problem: string }
  | {
      kind: 'unreadable';
      /** Why, in plain words that name the file, e.g. "permission denied on /x/settings.json". */
      cause: string;
      /** What the user can do about it. */
      advice: string;
      /** The file can be opened, so a copy of it can be kept aside. */
      copyable: boolean;
    };

export function readSettingsFile(filePath: string): SettingsRead {
  let fd: number;
  try {
    fd = openSync(filePath, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    return unreadable(error, filePath, false);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) {
      return { kind: 'unreadable', cause: `${filePath} is not a file`, advice: 'Move it out of the way and restart.', copyable: false };
    }
    if (stat.size > SETTINGS_MAX_BYTES) return tooLarge(filePath, stat.size);
    // One byte more than allowed tells a file that grew since fstat from one that fits.
    const buffer = Buffer.alloc(SETTINGS_MAX_BYTES + 1);
    let length = 0;
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length > SETTINGS_MAX_BYTES) return tooLarge(filePath, length);
    }
    return parse(buffer.subarray(0, length).toString('utf8'));
  } catch (error) {
    return unreadable(error, filePath, true);
  } finally {
    closeSync(fd);
  }
}

function parse(text: string): SettingsRead {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { kind: 'damaged', problem: `not valid JSON (${(error as Error).message})` };
  }
  const parsed = SettingsFile.safeParse(json);
  if (parsed.success) return { kind: 'valid', settings: parsed.data };
  const problem = parsed.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`)
    .join('; ');
  return { kind: 'damaged', problem };
}

function tooLarge(filePath: string, bytes: number): SettingsRead {
  return {
    kind: 'unreadable',
    cause: `${filePath} is too large: ${bytes} bytes, larger than the 1 MiB settings can be`,
    advice: 'Move the file away and restart to start with fresh settings.',
    copyable: true,
  };
}

function unreadable(error: unknown, filePath: string, copyable: boolean): SettingsRead {
  return {
    kind: 'unreadable',
    cause: `${describeFsProblem(error)} on ${filePath}`,
    advice: isPermissionProblem(error) ? "Fix the file's permissions and restart." : 'Check the disk and the file, then restart.',
    copyable,
  };
}
