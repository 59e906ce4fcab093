/**
 * The account's deposits and withdrawals, read from the exchange's history (`/main-account/history`),
 * every record and not only those this app sent.
 *
 * Type, asset and status are the exchange's own filters, so a page of the list is one request.
 * The exchange has no date filter: with dates set, the service reads the whole window the exchange
 * serves (at most 10 000 records, 500 a request, from the history bucket of 200 per 10 s), keeps
 * what falls between the dates, and holds that result briefly so paging and export do not read it
 * again (services/scan/heldScan.ts). History is newest first; while it stays so, reading stops once records are older than
 * the start date.
 */
import type { ExchangeClient } from '../exchange/client';
import { heldScansFor, type HeldScanPageRequest, type HeldScanServiceOptions } from '../scan/heldScan';
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

export type TransactionServiceOptions = HeldScanServiceOptions<TransactionsClient>;

export type TransactionPageRequest = HeldScanPageRequest<ParsedTransactionFilter>;

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
  const scans = heldScansFor<HistoryRecord>(options);

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
      const query = exchangeQuery(filter);
      const scan = await scans.get(
        JSON.stringify([req.accountId, filter]),
        () => ({
          window: HISTORY_WINDOW,
          pageLimit: HISTORY_LIMIT.max,
          read: (pageLimit, pageOffset) => client.history({ ...query, limit: pageLimit, offset: pageOffset }),
          keep: (record) => inDates(record, filter),
          timeOf: (record) => record.createdAt,
          ...(filter.since !== undefined ? { since: filter.since } : {}),
        }),
        signal,
      );
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
