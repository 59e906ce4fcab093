/**
 * Replaces a file so that a reader (or the next start after a power cut) sees either the old
 * content or the new, never half of each: write a temp file beside it, fsync it, rename it over
 * the target (atomic on one file system), then fsync the folder so the rename itself is durable.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export function writeFileAtomic(target: string, content: string): void {
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let fd: number | null = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
    closeSync(fd);
    fd = null;
    renameSync(temp, target);
  } catch (error) {
    if (fd !== null) closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  syncDirectory(dirname(target));
}

function syncDirectory(dir: string): void {
  // Windows cannot open a folder for fsync; there the rename is as durable as it gets.
  if (process.platform === 'win32') return;
  let fd: number | null = null;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some file systems refuse fsync on folders; the data itself is already synced.
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
