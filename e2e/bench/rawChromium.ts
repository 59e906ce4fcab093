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
 * sends only what it asks (open a tab, evaluate an expression, collect garbage, read the heap, take
 * one memory dump) and no domain is ever enabled, so nothing is recorded.
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
  /**
   * Each process's memory as Chromium's own accounting (memory-infra) has it, by process id: the
   * top-level allocators (v8, blink_gc, malloc, partition_alloc, cc, shared_memory, ...) and the
   * private footprint, bytes. Taken after a garbage collection in every process (a deterministic
   * dump), so what it shows is memory held, not garbage waiting.
   */
  memoryByAllocator(): Promise<Map<number, Record<string, number>>>;
  close(): Promise<void>;
}

/** One process's memory dump in a trace: allocator sizes and process totals are hexadecimal strings. */
interface MemoryDumpEvent {
  ph?: string;
  pid?: number;
  args?: { dumps?: { allocators?: Record<string, { attrs?: { size?: { value?: string } } }>; process_totals?: Record<string, string> } };
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
  /** One-shot waiters for the few events the bench asks for (a trace's end), by method. */
  const awaitedEvents = new Map<string, (params: Record<string, unknown>) => void>();
  let nextId = 1;
  let unread = '';
  fromBrowser.on('data', (chunk: Buffer) => {
    unread += chunk.toString('utf8');
    for (let end = unread.indexOf('\0'); end !== -1; end = unread.indexOf('\0')) {
      const message = JSON.parse(unread.slice(0, end)) as { id?: number; method?: string; params?: Record<string, unknown>; result?: Record<string, unknown>; error?: { message: string } };
      unread = unread.slice(end + 1);
      // No domain is enabled, so events come only for what was asked (a trace's end); others are dropped.
      if (message.method !== undefined) {
        const awaited = awaitedEvents.get(message.method);
        awaitedEvents.delete(message.method);
        awaited?.(message.params ?? {});
        continue;
      }
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

  const nextEvent = (method: string) => new Promise<Record<string, unknown>>((done) => awaitedEvents.set(method, done));

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
    async memoryByAllocator() {
      // Only memory-infra is traced, and only the one dump asked for here is in it.
      await send('Tracing.start', {
        transferMode: 'ReturnAsStream',
        traceConfig: { includedCategories: ['disabled-by-default-memory-infra'], excludedCategories: ['*'], memoryDumpConfig: { triggers: [] } },
      });
      await send('Tracing.requestMemoryDump', { deterministic: true, levelOfDetail: 'detailed' });
      const complete = nextEvent('Tracing.tracingComplete');
      await send('Tracing.end');
      const { stream } = (await complete) as { stream: string };
      let text = '';
      for (;;) {
        const chunk = await send<{ data: string; base64Encoded?: boolean; eof: boolean }>('IO.read', { handle: stream, size: 1 << 20 });
        text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
        if (chunk.eof) break;
      }
      await send('IO.close', { handle: stream });
      const trace = JSON.parse(text) as MemoryDumpEvent[] | { traceEvents: MemoryDumpEvent[] };
      const byProcess = new Map<number, Record<string, number>>();
      for (const event of Array.isArray(trace) ? trace : trace.traceEvents) {
        const dumps = event.args?.dumps;
        if (event.ph !== 'v' || event.pid === undefined || !dumps) continue;
        const sizes: Record<string, number> = byProcess.get(event.pid) ?? {};
        for (const [name, dump] of Object.entries(dumps.allocators ?? {})) {
          const size = dump.attrs?.size?.value;
          if (!name.includes('/') && size !== undefined) sizes[name] = parseInt(size, 16);
        }
        const footprint = dumps.process_totals?.private_footprint_bytes;
        if (footprint !== undefined) sizes.private_footprint = parseInt(footprint, 16);
        byProcess.set(event.pid, sizes);
      }
      return byProcess;
    },
    async close() {
      await send('Browser.close').catch(() => undefined);
      await Promise.race([exited, sleep(5_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
