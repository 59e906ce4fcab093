/** Spawns the test scripts beside this file as real Node processes (through tsx) and reads their JSON lines. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface Child {
  process: ChildProcess;
  /** The first JSON line the child prints. */
  firstLine: Promise<Record<string, unknown>>;
  exited: Promise<number | null>;
  stderr(): string;
}

export function spawnScript(script: string, args: string[]): Child {
  const path = fileURLToPath(new URL(`./${script}`, import.meta.url));
  // node --import tsx (not the tsx binary): the pid we kill is then the process holding the lock.
  const child = spawn(process.execPath, ['--import', 'tsx', path, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const firstLine = new Promise<Record<string, unknown>>((resolve, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const end = out.indexOf('\n');
      if (end >= 0) resolve(JSON.parse(out.slice(0, end)) as Record<string, unknown>);
    });
    void exited.then((code) => reject(new Error(`${script} exited ${code} before a line; stderr: ${err}`)));
  });
  return { process: child, firstLine, exited, stderr: () => err };
}
