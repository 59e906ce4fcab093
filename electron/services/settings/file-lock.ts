/**
 * A short advisory lock between processes that share one settings folder (two browser-mode copies
 * of the app, say): a lock file created with O_EXCL and removed afterwards. Holders keep it for a
 * few milliseconds (read, change, write), so a lock older than `staleAfterMs` was left by a process
 * that died holding it and is taken over.
 *
 * Known limit: two waiters that both find the same stale lock may both remove it, and the second
 * removal can hit the lock the first just took. That needs a crash and a three-way race in the same
 * few milliseconds; the single-instance lock of the app is the main defence, this one is the backup.
 */
import { closeSync, openSync, rmSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export interface FileLockOptions {
  staleAfterMs?: number;
  /** How often to look again while another process holds the lock. */
  pollMs?: number;
  /** Told when a stale lock is taken over. */
  onStale?: (ageMs: number) => void;
}

/** Takes the lock and returns its release; throws the file system's error when the lock cannot be created at all. */
export async function acquireFileLock(lockPath: string, options: FileLockOptions = {}): Promise<() => void> {
  const staleAfterMs = options.staleAfterMs ?? 5_000;
  const pollMs = options.pollMs ?? 20;
  // A clock jump (a lock dated in the future) must not make us wait forever.
  const giveUpWaitingAt = Date.now() + 2 * staleAfterMs;
  for (;;) {
    try {
      closeSync(openSync(lockPath, 'wx', 0o600));
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let ageMs: number;
    try {
      ageMs = Date.now() - statSync(lockPath).mtimeMs;
    } catch {
      continue; // Released between our two calls: try again at once.
    }
    if (ageMs > staleAfterMs || Date.now() > giveUpWaitingAt) {
      options.onStale?.(ageMs);
      rmSync(lockPath, { force: true });
      continue;
    }
    await sleep(pollMs);
  }
}
