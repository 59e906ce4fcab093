/** The app in browser mode (the built out/), for the benchmarks that drive it from Chromium. */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { BROWSER_MODE_NODE_FLAGS } from '../../electron/browser/node-flags';

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * Starts browser mode on a random loopback port; resolves with its launch URL once it is ready.
 * With Node's flags as `npm start` gives them; `nodeArgs` go to node after those (bench:idle's inspector port).
 */
export async function startBrowserMode(userDataDir: string, stderr: 'inherit' | 'ignore' = 'inherit', nodeArgs: readonly string[] = []): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [...BROWSER_MODE_NODE_FLAGS, ...nodeArgs, 'out/electron/launch.js', '--browser', '--port', '0', '--no-open', '--user-data-dir', userDataDir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', stderr],
  });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error('browser mode did not print its ready line within 30 s')), 30_000);
    lines.on('line', (line) => {
      try {
        const event = JSON.parse(line) as { event?: string; url?: string };
        if (event.event === 'ready' && event.url) {
          clearTimeout(timer);
          done(event.url);
        }
      } catch {
        /* not the ready line */
      }
    });
    child.once('exit', (code) => fail(new Error(`browser mode exited early (${code})`)));
  });
  return { url, child };
}

/** Ends a benchmark's run: the browser, the app and its throw-away data folder. */
export async function stopAll(browser: { close(): Promise<void> }, child: ChildProcess, userDataDir: string): Promise<void> {
  await browser.close();
  child.kill('SIGTERM');
  rmSync(userDataDir, { recursive: true, force: true });
}

/** Runs a benchmark's main; a failure prints its message and exits 1. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

/** Stops the app and waits until it has exited (its database and folder lock released). */
export async function stopApp(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/** Where browser mode takes channel calls, and the headers it wants with them (token from the launch URL, the app's own origin). */
export function appApi(url: string): { endpoint: string; headers: Record<string, string> } {
  const { origin, searchParams } = new URL(url);
  const token = searchParams.get('token') ?? '';
  return { endpoint: `${origin}/api/invoke`, headers: { 'Content-Type': 'application/json', 'X-Desk-Token': token, Origin: origin } };
}

/** One channel call through browser mode's HTTP API, as the page makes it. */
export async function invokeApp<T>(url: string, channel: string, payload: unknown): Promise<T> {
  const { endpoint, headers } = appApi(url);
  const answer = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify({ channel, payload }) });
  const envelope = (await answer.json()) as { ok: boolean; data?: T; error?: { message?: string } };
  if (!envelope.ok) throw new Error(`${channel} failed: ${envelope.error?.message ?? answer.status}`);
  return envelope.data as T;
}
