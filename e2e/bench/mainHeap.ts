/**
 * The main process's JS heap after a full collection, for bench:idle: what the app's own code keeps
 * alive, which tells a leak from allocator and heap-capacity growth that RSS also counts (a 22-minute
 * soak grew main RSS by megabytes while the live heap stayed at 18.4 MB).
 *
 * Read through Node's inspector, which the app does not run: SIGUSR1 opens it on the port given at
 * launch (`inspectPortArgs`), one session forces the collection and reads the heap, and the inspector
 * is closed again, so the CPU windows measure the app as people run it. Linux and macOS only
 * (there is no SIGUSR1 on Windows); bench:idle is Linux only anyway.
 */
import { createServer } from 'node:net';
import WebSocket from 'ws';

/** A free loopback port for the app's inspector (taken and released at once). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  if (address === null || typeof address === 'string') throw new Error('no port for the inspector');
  return address.port;
}

/** The node flag that says where the inspector listens once SIGUSR1 opens it; it does not open it. */
export function inspectPortArgs(port: number): string[] {
  return [`--inspect-port=127.0.0.1:${port}`];
}

async function inspectorUrl(port: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ webSocketDebuggerUrl?: string }>;
      const url = targets[0]?.webSocketDebuggerUrl;
      if (url) return url;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the main process's inspector did not open on port ${port}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** process.memoryUsage() of the main process, bytes: the heap in use and reserved, and memory outside it. */
export interface MainMemory {
  heapUsed: number;
  heapTotal: number;
  /** C++ objects bound to JS ones (Buffers and other array buffers included). */
  external: number;
  arrayBuffers: number;
}

/** Collects garbage in the main process (pid) and returns its memory as process.memoryUsage() sees it then. */
export async function mainMemoryAfterGc(pid: number, port: number): Promise<MainMemory> {
  process.kill(pid, 'SIGUSR1');
  const socket = new WebSocket(await inspectorUrl(port));
  await new Promise((done, fail) => {
    socket.once('open', done);
    socket.once('error', fail);
  });
  let nextId = 0;
  const waiting = new Map<number, (message: { result?: unknown; error?: { message: string } }) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: { message: string } };
    if (message.id !== undefined) waiting.get(message.id)?.(message);
  });
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((done, fail) => {
      const id = ++nextId;
      waiting.set(id, (message) => (message.error ? fail(new Error(`${method}: ${message.error.message}`)) : done(message.result)));
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    const answer = (await call('Runtime.evaluate', {
      expression: '(({ heapUsed, heapTotal, external, arrayBuffers }) => ({ heapUsed, heapTotal, external, arrayBuffers }))(process.memoryUsage())',
      returnByValue: true,
    })) as { result: { value: MainMemory } };
    // inspector.close() waits for open sessions to end, so it runs once this one has gone.
    await call('Runtime.evaluate', { expression: "setTimeout(() => process.getBuiltinModule('node:inspector').close(), 200)" });
    return answer.result.value;
  } finally {
    socket.close();
  }
}
