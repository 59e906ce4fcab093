/**
 * Chromium driven over the DevTools protocol directly, for bench:idle's soaks: a page that nothing
 * watches, as a user's page is.
 *
 * Why not Playwright here: Playwright enables the DevTools Network domain on every page it knows
 * (it needs it for its request events), and with it Chromium keeps every response body in the page's
 * process for a later Network.getResponseBody, up to a cap an hour of refreshes never reaches. A page asking for the overview
 * every 10 s then grows by one body per refresh: measured with Chromium's memory-infra dumps, the
 * page's 32 KB buffer bucket grew 0.5 -> 3.1 MB in 16 minutes under Playwright, and the by-hand
 * page grew as much, which had made the growth look like Chromium's own. Over this pipe the bench
 * sends only what it asks (open a tab, evaluate an expression, collect garbage, read the heap) and
 * no domain is ever enabled, so nothing is recorded.
 *
 * Written here rather than taken from a library: the protocol over --remote-debugging-pipe is JSON
 * messages ended by a NUL byte on two file descriptors, which takes a few lines; the CDP clients on
 * npm speak it over a WebSocket port, which any local process could reach during the soak.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';

/** A tab of this Chromium, attached for the bench's own questions only. */
export interface RawPage {
  /** The value of a JS expression evaluated in the page (returned by value). */
  evaluate<T>(expression: string): Promise<T>;
  /** Resolves once `expression` is truthy in the page; fails after `timeoutMs`. */
  waitFor(expression: string, timeoutMs?: number): Promise<void>;
  /** The page's JS heap in use after a full garbage collection, bytes. */
  heapAfterGc(): Promise<number>;
  close(): Promise<void>;
}

export interface RawChromium {
  /** The browser process: the page's processes descend from it. */
  pid: number;
  newPage(url: string, viewport: { width: number; height: number }): Promise<RawPage>;
  close(): Promise<void>;
}

interface Pending {
  done: (result: Record<string, unknown>) => void;
  fail: (error: Error) => void;
}

export async function launchRawChromium(): Promise<RawChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'desk-raw-chromium-'));
  // As Playwright starts it (headless, the shared flags), minus Playwright's own connection.
  const child: ChildProcess = spawn(CHROMIUM_PATH, [...CHROMIUM_ARGS, '--headless', '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
  });
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let unread = '';
  fromBrowser.on('data', (chunk: Buffer) => {
    unread += chunk.toString('utf8');
    for (let end = unread.indexOf('\0'); end !== -1; end = unread.indexOf('\0')) {
      const message = JSON.parse(unread.slice(0, end)) as { id?: number; result?: Record<string, unknown>; error?: { message: string } };
      unread = unread.slice(end + 1);
      // Events are not asked for (no domain is enabled); the few that come anyway are dropped.
      const waiting = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiting) continue;
      pending.delete(message.id!);
      if (message.error) waiting.fail(new Error(message.error.message));
      else waiting.done(message.result ?? {});
    }
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  void exited.then(() => {
    for (const waiting of pending.values()) waiting.fail(new Error('Chromium exited'));
    pending.clear();
  });

  const send = <T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string): Promise<T> =>
    new Promise<T>((done, fail) => {
      const id = nextId++;
      pending.set(id, { done: done as Pending['done'], fail });
      toBrowser.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });

  // The tab Chromium opens with itself would count as a second page: it goes once the first page is open.
  const { targetInfos } = await send<{ targetInfos: Array<{ targetId: string; type: string }> }>('Target.getTargets');
  let blankTabs = targetInfos.filter((target) => target.type === 'page').map((target) => target.targetId);

  return {
    pid: child.pid!,
    async newPage(url, viewport) {
      const { targetId } = await send<{ targetId: string }>('Target.createTarget', { url, newWindow: true, ...viewport });
      const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
      for (const blank of blankTabs) await send('Target.closeTarget', { targetId: blank });
      blankTabs = [];
      const evaluate = async <T>(expression: string): Promise<T> => {
        const { result, exceptionDetails } = await send<{ result: { value: T }; exceptionDetails?: { text: string } }>(
          'Runtime.evaluate',
          { expression, returnByValue: true, awaitPromise: true },
          sessionId,
        );
        if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.text}`);
        return result.value;
      };
      return {
        evaluate,
        async waitFor(expression, timeoutMs = 60_000) {
          const deadline = Date.now() + timeoutMs;
          // The page may still be navigating: an evaluation that fails meanwhile is asked again.
          while (!(await evaluate<boolean>(`Boolean(${expression})`).catch(() => false))) {
            if (Date.now() > deadline) throw new Error(`the page did not show ${expression} within ${timeoutMs / 1000} s`);
            await sleep(250);
          }
        },
        async heapAfterGc() {
          await send('HeapProfiler.collectGarbage', {}, sessionId);
          const { usedSize } = await send<{ usedSize: number }>('Runtime.getHeapUsage', {}, sessionId);
          return usedSize;
        },
        async close() {
          await send('Target.closeTarget', { targetId });
        },
      };
    },
    async close() {
      await send('Browser.close').catch(() => undefined);
      await Promise.race([exited, sleep(5_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
