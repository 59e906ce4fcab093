/**
 * The built app in browser mode as the fault harness drives it: its HTTP API called as the page
 * calls it (token header, loopback Host), stopped with `kill -9` and started again on the same
 * user-data folder. Requires `npm run build`.
 */
import type { ChildProcess } from 'node:child_process';
import { BROWSER_MODE, type Channel, type RequestOf, type ResponseOf } from '../../shared/ipc';
import type { AppError, Envelope } from '../../shared/errors';
import { spawnBrowserMode } from '../fixtures';

export class AppRefusal extends Error {
  constructor(readonly error: AppError) {
    super(`${error.kind}: ${error.message}`);
  }
}

export interface DeskProcess {
  invoke<C extends Channel>(channel: C, payload: RequestOf<C>): Promise<ResponseOf<C>>;
  /** SIGKILL, as a crash or a power cut: no clean-up runs. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

export async function startDesk(userDataDir: string): Promise<DeskProcess> {
  const { url, child } = await spawnBrowserMode(userDataDir);
  const launch = new URL(url);
  const token = launch.searchParams.get('token') ?? '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    async invoke(channel, payload) {
      const response = await fetch(`${launch.origin}/api/invoke`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [BROWSER_MODE.tokenHeader]: token },
        body: JSON.stringify({ channel, payload }),
      });
      if (!response.ok) throw new Error(`${channel}: HTTP ${response.status} ${await response.text()}`);
      const envelope = (await response.json()) as Envelope<ResponseOf<typeof channel>>;
      if (!envelope.ok) throw new AppRefusal(envelope.error);
      return envelope.data;
    },
    async kill9() {
      if (!isRunning(child)) return;
      child.kill('SIGKILL');
      await exited;
    },
    /** SIGTERM, as closing the app: waits until it has exited and released its folder. */
    async stop() {
      if (!isRunning(child)) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}
