/**
 * Large answers are read in a worker thread (parseWorker.ts): parsing and checking megabytes of
 * JSON on the main thread would stall every other call, event and window for seconds. Small
 * answers (nearly all) are read in place: a round trip to the worker costs more than they do.
 *
 * One worker, started on the first large answer and unref'd (it never keeps the app running). If it
 * dies, its pending reads fail as unreadable answers (reads are retried by the client) and the next
 * large answer starts a new one.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { EndpointName } from '../../../shared/api/endpoints';
import type { Interpretation, RawAnswer } from './classify';
import type { ParseJob, ParseMessage } from './parseWorker';

/** From this many characters an answer is parsed off the main thread (about 5 ms of parsing here). */
const OFF_THREAD_FROM_CHARS = 128 * 1024;

export function isLargeAnswer(answer: RawAnswer): boolean {
  return answer.text.length >= OFF_THREAD_FROM_CHARS;
}

let worker: Worker | null = null;
let nextId = 1;
let reads = 0;

/** How many answers went to the worker in this process (tests, bench). */
export function offThreadReads(): number {
  return reads;
}
interface Pending {
  resolve: (result: Interpretation) => void;
  status: number;
  /** Slices received so far, by top-level key. */
  objects: Map<string, Record<string, unknown>>;
  arrays: Map<string, unknown[]>;
}
const pending = new Map<number, Pending>();

/** Puts one slice in place, or, with the last message, the whole result together. */
function receive(message: ParseMessage): void {
  const job = pending.get(message.id);
  if (!job) return;
  // The next slice in a later turn of the event loop, so other work runs in between.
  if (!('done' in message)) setImmediate(() => worker?.postMessage({ next: message.id }));
  if ('entries' in message) {
    const target = job.objects.get(message.key) ?? {};
    for (const [k, v] of message.entries) target[k] = v;
    job.objects.set(message.key, target);
    return;
  }
  if ('elements' in message) {
    const target = job.arrays.get(message.key) ?? [];
    for (const element of message.elements) target.push(element);
    job.arrays.set(message.key, target);
    return;
  }
  pending.delete(message.id);
  const { done } = message;
  if (!done.ok) return job.resolve(done);
  const data = done.data as Record<string, unknown>;
  for (const { key, kind } of message.collections) data[key] = kind === 'object' ? (job.objects.get(key) ?? {}) : (job.arrays.get(key) ?? []);
  job.resolve({ ok: true, data });
}

/** Built: out/electron/parse-worker.js beside the entry (this module may sit in chunks/). From source: the .ts through tsx. */
function startWorker(): Worker {
  const here = import.meta.url;
  let started: Worker;
  if (here.endsWith('.ts')) {
    const source = new URL('./parseWorker.ts', here).href;
    started = new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(here)}))`, { eval: true });
  } else {
    const built = ['./parse-worker.js', '../parse-worker.js'].map((p) => fileURLToPath(new URL(p, here))).find((p) => existsSync(p));
    if (!built) throw new Error('parse-worker.js is missing from the build');
    started = new Worker(built);
  }
  started.unref();
  started.on('message', receive);
  const fail = () => {
    if (worker === started) worker = null;
    for (const [id, job] of pending) {
      pending.delete(id);
      job.resolve({ ok: false, error: { kind: 'bad_response', status: job.status, message: 'The app could not read a large answer from the exchange.' } });
    }
  };
  started.on('error', fail);
  started.on('exit', fail);
  return started;
}

/** Reads `answer` for endpoint `name` in the worker; the same result interpretAnswer gives in place. */
export function interpretOffThread(name: EndpointName, answer: RawAnswer, nowMs: number): Promise<Interpretation> {
  worker ??= startWorker();
  reads++;
  const id = nextId++;
  const job: ParseJob = { id, name, answer, nowMs };
  return new Promise((resolve) => {
    pending.set(id, { resolve, status: answer.status, objects: new Map(), arrays: new Map() });
    worker!.postMessage(job);
  });
}
