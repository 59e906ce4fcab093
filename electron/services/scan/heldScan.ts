/**
 * Reading a whole list the exchange serves only in pages (limit/offset, at most 10 000 records of a
 * query) so that a filter the exchange lacks can be applied to all of it, and holding the result
 * briefly so that paging through it and exporting it do not read it again.
 *
 * Used where the exchange has no filter field for what a person filters by: the dates of the
 * deposit/withdrawal history, and every filter of the codes lists.
 */
import { cancelledFailure } from '../exchange/failures';

export interface Unreadable {
  where: string;
  reason: string;
}

/** One page as the exchange answered it. */
export interface ScanPage<R> {
  records: R[];
  unreadable: Unreadable[];
  total: number;
}

export interface ScanSpec<R> {
  /** The exchange's offset + limit ceiling (10 000). */
  window: number;
  /** The largest page the endpoint serves. */
  pageLimit: number;
  read(limit: number, offset: number): Promise<ScanPage<R>>;
  keep(record: R): boolean;
  /** Unix seconds of a record, for the early stop below; null where unknown. */
  timeOf(record: R): number | null;
  /**
   * The start of a date filter. While the list stays newest first, reading stops once records
   * are older than this: nothing further down can match.
   */
  since?: number;
}

export interface Scan<R> {
  at: number;
  /** What `keep` accepted, in the exchange's order. */
  records: R[];
  unreadable: Unreadable[];
  /** More records exist than the exchange lets a query read; the scan stopped at its window. */
  windowLimited: boolean;
}

/** Reads page after page until the list ends, the window is reached, or the dates are passed. */
async function scanWindow<R>(spec: ScanSpec<R>, now: () => number): Promise<Scan<R>> {
  const records: R[] = [];
  const unreadable: Unreadable[] = [];
  let newestFirst = true;
  let previous = Number.POSITIVE_INFINITY;
  for (let offset = 0; offset < spec.window; ) {
    const limit = Math.min(spec.pageLimit, spec.window - offset);
    const page = await spec.read(limit, offset);
    unreadable.push(...page.unreadable);
    let olderThanStart = false;
    for (const record of page.records) {
      const time = spec.timeOf(record);
      if (time !== null) {
        if (time > previous) newestFirst = false;
        previous = time;
        if (spec.since !== undefined && time < spec.since) olderThanStart = true;
      }
      if (spec.keep(record)) records.push(record);
    }
    offset += page.records.length + page.unreadable.length;
    const exhausted = page.records.length + page.unreadable.length < limit || offset >= page.total;
    if (exhausted || (newestFirst && olderThanStart)) return { at: now(), records, unreadable, windowLimited: false };
  }
  return { at: now(), records, unreadable, windowLimited: true };
}

/** The caller stops waiting when its signal aborts; the work itself goes on for others. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(cancelledFailure(signal.reason));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancelledFailure(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export interface HeldScansOptions {
  /** How long a finished scan is reused (paging, export). */
  ttlMs: number;
  now: () => number;
}

/** What a service built on held scans (codes, transactions) is given. */
export interface HeldScanServiceOptions<Client> {
  clientFor: (accountId: string) => Promise<Client>;
  /** How long a filtered scan is reused (paging, export). */
  scanTtlMs?: number;
  now?: () => number;
}

/** One page of a held scan, as the renderer asks for it. */
export interface HeldScanPageRequest<Filter> {
  accountId: string;
  filter: Filter;
  limit: number;
  offset: number;
}

/** The held scans of such a service: each kept half a minute unless the service says otherwise. */
export function heldScansFor<R>(options: Pick<HeldScanServiceOptions<unknown>, 'scanTtlMs' | 'now'>) {
  return createHeldScans<R>({ ttlMs: options.scanTtlMs ?? 30_000, now: options.now ?? Date.now });
}

/**
 * One scan per key at a time, shared by every caller (a page, an export) and held for `ttlMs`
 * after it finishes. It is not tied to any one caller's abort signal: a page that gives up leaves
 * it to the others. A failed scan is forgotten at once, so the next call reads again.
 */
function createHeldScans<R>(options: HeldScansOptions) {
  const scans = new Map<string, Promise<Scan<R>>>();
  return {
    get(key: string, spec: () => ScanSpec<R>, signal?: AbortSignal): Promise<Scan<R>> {
      let running = scans.get(key);
      if (!running) {
        const started = scanWindow(spec(), options.now);
        running = started;
        scans.set(key, started);
        started.then(
          (scan) => setTimeout(() => scans.get(key) === started && scans.delete(key), Math.max(0, scan.at + options.ttlMs - options.now())).unref?.(),
          () => scans.get(key) === started && scans.delete(key),
        );
      }
      return untilAborted(running, signal);
    },
  };
}
