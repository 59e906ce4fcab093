/**
 * Temp files that writeFileAtomic (atomic-write.ts) leaves behind when its process dies between
 * writing and renaming: `.<name>.<pid>.<hex>.tmp`. Removed at start when their writer is gone; they
 * never hold the only copy of anything (the rename had not happened, so the real file is as before).
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Returns the names removed. Never throws: a folder that cannot be listed or written keeps them. */
export function removeStaleTempFiles(dir: string, target: string): string[] {
  const pattern = new RegExp(`^\\.${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(\\d+)\\.[0-9a-f]+\\.tmp$`);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = pattern.exec(name);
    if (!match || writerAlive(Number(match[1]))) continue;
    try {
      rmSync(join(dir, name), { force: true });
      removed.push(name);
    } catch {
      // Read-only folder: left for a start that can remove it.
    }
  }
  return removed;
}

function writerAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
