/** The app in browser mode (the built out/), for the benchmarks that drive it from Chromium. */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * Starts browser mode on a random loopback port; resolves with its launch URL once it is ready.
 * `nodeArgs` go to node before the launcher.
 */
export async function startBrowserMode(userDataDir: string, stderr: 'inherit' | 'ignore' = 'inherit', nodeArgs: readonly string[] = []): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [...nodeArgs, 'out/electron/launch.js', '--browser', '--port', '0', '--no-open', '--user-data-dir', userDataDir], {
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

/** One channel call through browser mode's HTTP API, as the page makes it. */
export async function invokeApp<T>(url: string, channel: string, payload: unknown): Promise<T> {
  // The token from the launch URL and the app's own origin, as the page sends them.
  const { origin, searchParams } = new URL(url);
  const endpoint = `${origin}/api/invoke`;
  const headers = { 'Content-Type': 'application/json', 'X-Desk-Token': searchParams.get('token') ?? '', Origin: origin };
  const answer = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify({ channel, payload }) });
  const envelope = (await answer.json()) as { ok: boolean; data?: T; error?: { message?: string } };
  if (!envelope.ok) throw new Error(`${channel} failed: ${envelope.error?.message ?? answer.status}`);
  return envelope.data as T;
}
