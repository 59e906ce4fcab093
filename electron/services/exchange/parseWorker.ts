/**
 * The parse worker (worker_threads): reads a large answer (lossless JSON, then the endpoint's
 * schema) off the main thread, so the app stays responsive while megabytes are parsed. Started and
 * fed by parseOffThread.ts; built to out/electron/parse-worker.js.
 *
 * The result goes back in slices: the main thread rebuilds each message's objects in one go, so a
 * big collection (a record of assets, a page of records) is sent a few hundred entries at a time,
 * and the next slice only when the main thread asks for it: Node delivers queued messages in one
 * run of the event loop, which would rebuild them all at once again.
 */
import { parentPort } from 'node:worker_threads';
import { ENDPOINTS, type EndpointName } from '../../../shared/api/endpoints';
import { interpretAnswer, type Interpretation, type RawAnswer } from './classify';

export interface ParseJob {
  id: number;
  name: EndpointName;
  answer: RawAnswer;
  nowMs: number;
}

/** A slice of the top-level collection `key`: entries of an object, or elements of an array. */
export type ParseMessage =
  | { id: number; key: string; entries: Array<[string, unknown]> }
  | { id: number; key: string; elements: unknown[] }
  | { id: number; done: Interpretation; collections: Array<{ key: string; kind: 'object' | 'array' }> };

const SLICE = 300;

function interpret(job: ParseJob): Interpretation {
  try {
    return interpretAnswer(job.answer, ENDPOINTS[job.name].response, job.nowMs);
  } catch {
    return { ok: false, error: { kind: 'bad_response', status: job.answer.status, message: 'The exchange sent an answer the app could not read.' } };
  }
}

/** Slices not yet asked for, by job. */
const queued = new Map<number, ParseMessage[]>();

function sendNext(id: number): void {
  const messages = queued.get(id);
  const next = messages?.shift();
  if (!next) return;
  if (messages!.length === 0) queued.delete(id);
  parentPort?.postMessage(next);
}

parentPort?.on('message', (message: ParseJob | { next: number }) => {
  if ('next' in message) return sendNext(message.next);
  const outgoing: ParseMessage[] = [];
  for (const part of slices(message)) outgoing.push(part);
  queued.set(message.id, outgoing);
  sendNext(message.id);
});

function* slices(job: ParseJob): Generator<ParseMessage> {
  const result = interpret(job);
  if (!result.ok || typeof result.data !== 'object' || result.data === null || Array.isArray(result.data)) {
    yield { id: job.id, done: result, collections: [] };
    return;
  }
  const rest: Record<string, unknown> = { ...(result.data as Record<string, unknown>) };
  const collections: Array<{ key: string; kind: 'object' | 'array' }> = [];
  for (const [key, value] of Object.entries(rest)) {
    if (Array.isArray(value) && value.length > SLICE) {
      for (let at = 0; at < value.length; at += SLICE) yield { id: job.id, key, elements: value.slice(at, at + SLICE) };
      collections.push({ key, kind: 'array' });
      delete rest[key];
    } else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const entries = Object.entries(value);
      if (entries.length <= SLICE) continue;
      for (let at = 0; at < entries.length; at += SLICE) yield { id: job.id, key, entries: entries.slice(at, at + SLICE) };
      collections.push({ key, kind: 'object' });
      delete rest[key];
    }
  }
  yield { id: job.id, done: { ok: true, data: rest }, collections };
}
