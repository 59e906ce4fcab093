/**
 * The account's deposits and withdrawals as the exchange's history holds them (all of them, not only
 * what this app sent): the filters a person picks and the rows the Transactions view shows.
 */
import { z } from 'zod';
import { FILTER_FIELDS, SINCE_AFTER_UNTIL, sinceBeforeUntil } from './listFilter';
import { HISTORY_LIMIT, HISTORY_OFFSET } from '../api/endpoints';
import type { HistoryRecord } from '../api/schemas';

/**
 * Status codes of the history (docs/exchange-api.md "History") grouped into what they mean for a person. Deposits
 * add 9 (canceled), 22 (uncredited) and 27/28 (held for Travel Rule details).
 */
export const TRANSACTION_PHASES = {
  pending: { words: 'Pending', codes: [1, 2, 6, 10, 11, 12, 13, 14, 15, 16, 17] },
  successful: { words: 'Successful', codes: [3, 7] },
  canceled: { words: 'Canceled', codes: [4, 9] },
  unconfirmed_by_user: { words: 'Waiting for your confirmation', codes: [5] },
  partially_successful: { words: 'Partially successful', codes: [18] },
  aml_frozen: { words: 'Frozen for AML review', codes: [21] },
  uncredited: { words: 'Not credited', codes: [22] },
  travel_rule_hold: { words: 'Held for Travel Rule details', codes: [27, 28] },
} as const;
export type TransactionPhase = keyof typeof TRANSACTION_PHASES;
export const TRANSACTION_PHASE_NAMES = Object.keys(TRANSACTION_PHASES) as TransactionPhase[];

export function transactionPhase(status: number): TransactionPhase | 'unknown' {
  for (const name of TRANSACTION_PHASE_NAMES) if ((TRANSACTION_PHASES[name].codes as readonly number[]).includes(status)) return name;
  return 'unknown';
}

function transactionStatusWords(status: number): string {
  const phase = transactionPhase(status);
  return phase === 'unknown' ? `Status ${status} (not documented)` : TRANSACTION_PHASES[phase].words;
}

export const TransactionKind = z.enum(['all', 'deposit', 'withdrawal']);
export type TransactionKind = z.infer<typeof TransactionKind>;

/** What the person filters by. `since` is included, `until` is not. */
export const TransactionFilter = z
  .object({
    kind: TransactionKind.default('all'),
    ...FILTER_FIELDS,
    phase: z.enum(TRANSACTION_PHASE_NAMES as [TransactionPhase, ...TransactionPhase[]]).optional(),
  })
  .strict()
  .refine(sinceBeforeUntil, SINCE_AFTER_UNTIL);
export type TransactionFilter = z.input<typeof TransactionFilter>;
export type ParsedTransactionFilter = z.output<typeof TransactionFilter>;

/** One page of the filtered list. `offset + limit` stays inside the exchange's 10 000 window. */
export const TRANSACTION_PAGE_FIELDS = {
  filter: TransactionFilter,
  limit: z.number().int().min(HISTORY_LIMIT.min).max(HISTORY_LIMIT.max),
  offset: z.number().int().min(0).max(HISTORY_OFFSET.max),
};
export const HISTORY_WINDOW = HISTORY_OFFSET.max;
export const withinHistoryWindow = (r: { limit: number; offset: number }) => r.offset + r.limit <= HISTORY_WINDOW;

export interface TransactionRow {
  /** Stable within the account: the exchange's transaction id, else the unique id. */
  key: string;
  kind: 'deposit' | 'withdrawal' | 'unknown';
  createdAt: number | null;
  ticker: string | null;
  amount: string;
  fee: string | null;
  network: string | null;
  address: string | null;
  memo: string | null;
  status: number;
  statusWords: string;
  confirmations: HistoryRecord['confirmations'];
  partial: HistoryRecord['partial'];
  transactionHash: string | null;
  uniqueId: string | null;
}

export interface TransactionPage {
  rows: TransactionRow[];
  /** How many records match the filter (within what the exchange lets us read). */
  total: number;
  offset: number;
  limit: number;
  /**
   * The exchange serves at most 10 000 records of a query (offset + limit <= 10 000): more exist
   * than can be read, so the list and the export stop there and say so.
   */
  windowLimited: boolean;
  /** Records that could not be read (named), never hiding the rest. */
  unreadable: Array<{ where: string; reason: string }>;
}

export function transactionRowOf(record: HistoryRecord): TransactionRow {
  return {
    key: record.transactionId ?? record.uniqueId ?? `${record.createdAt ?? 0}:${record.ticker ?? ''}:${record.amount}`,
    kind: record.method === 1 ? 'deposit' : record.method === 2 ? 'withdrawal' : 'unknown',
    createdAt: record.createdAt,
    ticker: record.ticker,
    amount: record.amount,
    fee: record.fee,
    network: record.network,
    address: record.address,
    memo: record.memo,
    status: record.status,
    statusWords: transactionStatusWords(record.status),
    confirmations: record.confirmations,
    partial: record.partial,
    transactionHash: record.transactionHash,
    uniqueId: record.uniqueId,
  };
}
