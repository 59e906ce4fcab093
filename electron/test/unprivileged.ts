/**
 * Runs a test scenario as a user that file modes apply to. Root ignores permission bits, so a
 * test about EACCES that runs as root proves nothing: as root (here and in CI) the scenario is
 * started as `nobody` through setpriv (or runuser); as any other user it simply runs as that user.
 * The scenario is a .ts file run through the project's tsx; it prints one JSON line as its result.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ScenarioResult<T> {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The last stdout line parsed as JSON, or null when there was none. */
  result: T | null;
}

export interface UnprivilegedRunner {
  /** Who the scenario runs as, for messages. */
  readonly user: string;
  /** Makes a path (recursively) owned by the scenario's user; a no-op when it is us already. */
  handOver(path: string): void;
  /** Program and arguments that run `node <nodeArgs>` as the scenario's user. */
  nodeCommand(nodeArgs: readonly string[]): { program: string; args: string[] };
  run<T>(script: string, args: readonly string[], options?: { env?: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<ScenarioResult<T>>;
}

function commandExists(command: string, args: string[]): boolean {
  const probe = spawnSync(command, args, { stdio: 'ignore' });
  return probe.error === undefined && probe.status === 0;
}

function idOf(flag: '-u' | '-g', user: string): number | null {
  const answer = spawnSync('id', [flag, user], { encoding: 'utf8' });
  const value = Number.parseInt(answer.stdout ?? '', 10);
  return answer.status === 0 && Number.isInteger(value) ? value : null;
}

function chownTree(path: string, uid: number, gid: number): void {
  chownSync(path, uid, gid);
  if (!lstatSync(path).isDirectory()) return;
  for (const entry of readdirSync(path)) chownTree(join(path, entry), uid, gid);
}

function lastJsonLine<T>(stdout: string): T | null {
  const last = stdout.trim().split('\n').pop() ?? '';
  try {
    return last ? (JSON.parse(last) as T) : null;
  } catch {
    return null;
  }
}

/** The runner, or the reason this machine cannot run a scenario without root's privileges. */
export function unprivilegedRunner(): UnprivilegedRunner | { skip: string } {
  const uid = process.getuid?.();
  if (uid === undefined) return { skip: 'this platform has no POSIX users and file modes' };
  let prefix: string[] = [];
  let user = `uid ${uid}`;
  let owner: { uid: number; gid: number } | null = null;
  if (uid === 0) {
    const nobodyUid = idOf('-u', 'nobody');
    const nobodyGid = idOf('-g', 'nobody');
    if (nobodyUid === null || nobodyGid === null) return { skip: 'running as root and there is no "nobody" user to drop to' };
    if (commandExists('setpriv', ['--version'])) {
      prefix = ['setpriv', `--reuid=${nobodyUid}`, `--regid=${nobodyGid}`, '--clear-groups'];
    } else if (commandExists('runuser', ['--version'])) {
      prefix = ['runuser', '-u', 'nobody', '--'];
    } else {
      return { skip: 'running as root, and neither setpriv nor runuser exists to drop privileges' };
    }
    user = 'nobody';
    owner = { uid: nobodyUid, gid: nobodyGid };
    // The scenario runs this checkout's code as "nobody": a private parent folder (a clone under
    // `mktemp -d`, which is 0700) makes that impossible, which is a fact about the machine, not the app.
    const probe = spawnSync(prefix[0]!, [...prefix.slice(1), process.execPath, '--import', 'tsx', '-e', '0'], { encoding: 'utf8', timeout: 20_000 });
    if (probe.status !== 0) return { skip: 'the "nobody" user cannot read this checkout (a parent folder is private, e.g. a clone under mktemp -d); make the path readable to run it' };
  }
  const nodeCommand = (nodeArgs: readonly string[]) => {
    const [program = process.execPath, ...args] = [...prefix, process.execPath, ...nodeArgs];
    return { program, args };
  };
  return {
    user,
    nodeCommand,
    handOver(path) {
      if (owner) chownTree(path, owner.uid, owner.gid);
    },
    run<T>(script: string, args: readonly string[], options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}) {
      const command = nodeCommand(['--import', 'tsx', script, ...args]);
      return new Promise<ScenarioResult<T>>((resolve, reject) => {
        const child = spawn(command.program, command.args, {
          cwd: PROJECT_ROOT,
          // No session bus: the scenario's user could not reach ours anyway, and keytar fails fast without one.
          env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/desk-test-bus', ...options.env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
        child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
        const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 25_000);
        child.on('error', reject);
        child.on('close', (code) => {
          clearTimeout(timer);
          resolve({ code, stdout, stderr, result: lastJsonLine<T>(stdout) });
        });
      });
    },
  };
}
