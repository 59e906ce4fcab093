/**
 * Two processes on one user-data folder. Real child processes take the lock on
 * one folder: the second is refused with the message, and a SIGKILLed holder leaves nothing stale.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireInstanceLock, holdsInstanceLock } from '../lock';
import { DataFolderInUseError, EXIT_DATA_FOLDER_IN_USE } from '../errors';
import { spawnScript, type Child } from './children';

const children: Child[] = [];
const folders: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'desk-lock-'));
  folders.push(dir);
  return dir;
}
function start(dir: string): Child {
  const child = spawnScript('hold-lock.ts', [dir]);
  children.push(child);
  return child;
}
afterEach(() => {
  for (const child of children.splice(0)) child.process.kill('SIGKILL');
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('instance lock across processes', () => {
  it('refuses a second process on the same folder, naming the holder, and changes no file', async () => {
    const dir = folder();
    const first = start(dir);
    const holder = await first.firstLine;
    expect(holder).toEqual({ locked: first.process.pid });
    const before = readdirSync(dir).sort();

    const second = start(dir);
    expect(await second.firstLine).toEqual({
      refused: `The data folder ${dir} is in use by another WhiteBIT Desk (pid ${first.process.pid}). Close it first, or start with --user-data-dir <another folder>.`,
    });
    expect(await second.exited).toBe(EXIT_DATA_FOLDER_IN_USE);
    expect(readdirSync(dir).sort()).toEqual(before);
  });

  it('is released by the OS when the holder is killed: a third process starts', async () => {
    const dir = folder();
    const first = start(dir);
    await first.firstLine;
    first.process.kill('SIGKILL');
    await first.exited;
    const third = start(dir);
    expect(await third.firstLine).toEqual({ locked: third.process.pid });
  });

  it('another folder is not affected', async () => {
    const first = start(folder());
    await first.firstLine;
    const other = start(folder());
    expect(await other.firstLine).toEqual({ locked: other.process.pid });
  });

  it('refuses this process while a child holds the folder, and takes it after the child ends', async () => {
    const dir = folder();
    const child = start(dir);
    await child.firstLine;
    expect(() => acquireInstanceLock(dir)).toThrow(DataFolderInUseError);
    expect(holdsInstanceLock(dir)).toBe(false);
    child.process.kill('SIGTERM');
    await child.exited;
    const lock = acquireInstanceLock(dir);
    expect(holdsInstanceLock(dir)).toBe(true);
    lock.release();
    expect(holdsInstanceLock(dir)).toBe(false);
  });
});

describe('instance lock within one process', () => {
  it('is shared and counted: the folder unlocks at the last release', async () => {
    const dir = folder();
    const outer = acquireInstanceLock(dir);
    const inner = acquireInstanceLock(dir);
    inner.release();
    inner.release();
    const blocked = start(dir);
    expect(await blocked.firstLine).toMatchObject({ refused: expect.stringContaining(`pid ${process.pid}`) });
    outer.release();
    const next = start(dir);
    expect(await next.firstLine).toEqual({ locked: next.process.pid });
  });

  it('creates a missing folder 0700', () => {
    const dir = join(folder(), 'new', 'user-data');
    const lock = acquireInstanceLock(dir);
    try {
      if (process.platform !== 'win32') expect(statSync(dir).mode & 0o777).toBe(0o700);
    } finally {
      lock.release();
    }
  });
});
