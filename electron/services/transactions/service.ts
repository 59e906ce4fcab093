/**
 * The account's deposits and withdrawals, read from the exchange's history (`/main-account/history`),
 * every record and not only those this app sent.
 *
 * Type, asset and status are the exchange's own filters, so a page of the list is one request.
 * The exchange has no date filter: with dates set, the service reads the whole window the exchange
 * serves (at most 10 000 records, 500 a request, from the history bucket of 200 per 10 s), keeps
 * what falls between the dates, and holds that result briefly so paging and export do not read it
 * again. History is newest first; while it stays so, reading stops once records are older than
 * the start date.
 */
import type { ExchangeClient } from '../exchange/client';
import { cancelledFailure } from '../exchange/failures';
import { HISTORY_LIMIT } from '../../../shared/api/endpoints';
import type { HistoryRecord } from '../../../shared/api/schemas';
import {
  HISTORY_WINDOW,
  TRANSACTION_PHASES,
  transactionRowOf,
  type ParsedTransactionFilter,
  type TransactionPage,
} from '../../../shared/model/transactions';

export type TransactionsClient = Pick<ExchangeClient, 'history'>;

export interface TransactionServiceOptions {
  clientFor: (accountId: string) => Promise<TransactionsClient>;
  /** How long a date-filtered scan is reused (paging, export). */
  scanTtlMs?: number;
  now?: () => number;
}

export interface TransactionPageRequest {
  accountId: string;
  filter: ParsedTransactionFilter;
  limit: number;
  offset: number;
}

interface Scan {
  at: number;
  records: HistoryRecord[];
  unreadable: TransactionPage['unreadable'];
  windowLimited: boolean;
}

const DEFAULT_SCAN_TTL_MS = 30_000;

/** The caller stops waiting when its signal aborts; the work itself goes on for others. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(cancelledFailure(signal.reason));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancelledFailure(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The exchange's own filters for a person's filter. */
function exchangeQuery(filter: ParsedTransactionFilter) {
  return {
    ...(filter.kind === 'deposit' ? { transactionMethod: 1 as const } : filter.kind === 'withdrawal' ? { transactionMethod: 2 as const } : {}),
    ...(filter.ticker ? { ticker: filter.ticker } : {}),
    ...(filter.phase ? { status: [...TRANSACTION_PHASES[filter.phase].codes] } : {}),
  };
}

function inDates(record: HistoryRecord, filter: ParsedTransactionFilter): boolean {
  if (record.createdAt === null) return false;
  if (filter.since !== undefined && record.createdAt < filter.since) return false;
  if (filter.until !== undefined && record.createdAt >= filter.until) return false;
  return true;
}

export function createTransactionService(options: TransactionServiceOptions) {
  const scanTtlMs = options.scanTtlMs ?? DEFAULT_SCAN_TTL_MS;
  const now = options.now ?? Date.now;
  const scans = new Map<string, Promise<Scan>>();

  async function scanWindow(client: TransactionsClient, filter: ParsedTransactionFilter): Promise<Scan> {
    const query = exchangeQuery(filter);
    const records: HistoryRecord[] = [];
    const unreadable: Scan['unreadable'] = [];
    let newestFirst = true;
    let previous = Number.POSITIVE_INFINITY;
    for (let offset = 0; offset < HISTORY_WINDOW; ) {
      const limit = Math.min(HISTORY_LIMIT.max, HISTORY_WINDOW - offset);
      const page = await client.history({ ...query, limit, offset });
      unreadable.push(...page.unreadable);
      let olderThanStart = false;
      for (const record of page.records) {
        if (record.createdAt !== null) {
          if (record.createdAt > previous) newestFirst = false;
          previous = record.createdAt;
          if (filter.since !== undefined && record.createdAt < filter.since) olderThanStart = true;
        }
        if (inDates(record, filter)) records.push(record);
      }
      offset += page.records.length + page.unreadable.length;
      const exhausted = page.records.length + page.unreadable.length < limit || offset >= page.total;
      if (exhausted || (newestFirst && olderThanStart)) return { at: now(), records, unreadable, windowLimited: false };
    }
    return { at: now(), records, unreadable, windowLimited: true };
  }

  /**
   * One scan per account and filter at a time, shared by every caller (the page, an export). It is
   * not tied to any one caller's abort signal: a page that gives up leaves it to the others.
   */
  function scanFor(accountId: string, client: TransactionsClient, filter: ParsedTransactionFilter): Promise<Scan> {
    const key = JSON.stringify([accountId, filter]);
    const cached = scans.get(key);
    if (cached) return cached;
    const running = scanWindow(client, filter);
    scans.set(key, running);
    running.then(
      (scan) => setTimeout(() => scans.get(key) === running && scans.delete(key), Math.max(0, scan.at + scanTtlMs - now())).unref?.(),
      () => scans.get(key) === running && scans.delete(key),
    );
    return running;
  }

  return {
    async page(req: TransactionPageRequest, signal?: AbortSignal): Promise<TransactionPage> {
      const client = await options.clientFor(req.accountId);
      const { filter, limit, offset } = req;
      if (filter.since === undefined && filter.until === undefined) {
        const page = await client.history({ ...exchangeQuery(filter), limit, offset }, { signal });
        return {
          rows: page.records.map(transactionRowOf),
          total: Math.min(page.total, HISTORY_WINDOW),
          offset,
          limit,
          windowLimited: page.total > HISTORY_WINDOW,
          unreadable: page.unreadable,
        };
      }
      const scan = await untilAborted(scanFor(req.accountId, client, filter), signal);
      return {
        rows: scan.records.slice(offset, offset + limit).map(transactionRowOf),
        total: scan.records.length,
        offset,
        limit,
        windowLimited: scan.windowLimited,
        unreadable: scan.unreadable,
      };
    },
  };
}
export type TransactionService = ReturnType<typeof createTransactionService>;
