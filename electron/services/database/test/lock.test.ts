/**
 * Two processes on one user-data folder. Real child processes take the lock on
 * one folder: the second is refused with the message, and a SIGKILLed holder leaves nothing stale.
 */
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireInstanceLock, holdsInstanceLock } from '../lock';
import { DataFolderInUseError, EXIT_DATA_FOLDER_IN_USE } from '../errors';
import { fileURLToPath } from 'node:url';
import { unprivilegedRunner } from '../../../test/unprivileged';
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

describe('a lock that cannot be taken in a writable folder refuses the start (as a non-root user)', () => {
  const scenario = fileURLToPath(new URL('./take-lock.scenario.ts', import.meta.url));
  type Seen = { taken: boolean; locked?: boolean; name?: string; code?: string; folder?: string; message?: string };

  /** A folder the scenario's user owns and may write, holding a desk.lock prepared by `prepare`. */
  async function runWith(prepare: (lockFile: string) => void | string): Promise<{ seen: Seen | null; dir: string; lockBytes: Buffer } | { skip: string }> {
    const runner = unprivilegedRunner();
    if ('skip' in runner) return { skip: runner.skip };
    const parent = folder();
    const dir = join(parent, 'user-data');
    mkdirSync(dir, { mode: 0o700 });
    const lockFile = join(dir, 'desk.lock');
    writeFileSync(lockFile, '');
    runner.handOver(parent);
    const skip = prepare(lockFile);
    if (typeof skip === 'string') return { skip };
    const lockBytes = readFileSync(lockFile);
    const run = await runner.run<Seen>(scenario, [dir]);
    return { seen: run.result, dir, lockBytes };
  }

  it('desk.lock mode 0444: refused, naming the folder and the cause; the lock file is not changed', async (context) => {
    const outcome = await runWith((lockFile) => chmodSync(lockFile, 0o444));
    if ('skip' in outcome) return context.skip(outcome.skip);
    expect(outcome.seen).toMatchObject({ taken: false, name: 'InstanceLockError', folder: outcome.dir, code: expect.stringMatching(/^(EACCES|SQLITE_READONLY|SQLITE_CANTOPEN)/) });
    expect(outcome.seen?.message).toContain(outcome.dir);
    expect(readFileSync(join(outcome.dir, 'desk.lock')).equals(outcome.lockBytes)).toBe(true);
  });

  it('desk.lock owned by another user: refused, naming the folder and the cause', async (context) => {
    const outcome = await runWith((lockFile) => {
      if (process.getuid?.() !== 0) return 'giving the lock file to another user needs root';
      chownSync(lockFile, 0, 0);
      chmodSync(lockFile, 0o600);
    });
    if ('skip' in outcome) return context.skip(outcome.skip);
    expect(outcome.seen).toMatchObject({ taken: false, name: 'InstanceLockError', folder: outcome.dir, code: 'EACCES' });
  });

  it('a folder that cannot be written runs read-only, unlocked', async (context) => {
    const outcome = await runWith((lockFile) => chmodSync(join(lockFile, '..'), 0o500));
    if ('skip' in outcome) return context.skip(outcome.skip);
    chmodSync(outcome.dir, 0o700);
    expect(outcome.seen).toEqual({ taken: true, locked: false });
  });
});
