import type { TransactionRow } from '../../../shared/model/transactions';
import type { CsvCell } from '../../csv/csv';
import { isoFromUnixSeconds } from '../../format/format';

const HEADER = ['Date (UTC)', 'Type', 'Asset', 'Amount', 'Fee', 'Network', 'Address', 'Memo', 'Status', 'Status code', 'Confirmations', 'Transaction hash', 'Withdrawal id'];

/** Rows as the exchange sent them (exact amounts, raw status code beside its words). */
export function transactionsCsvRows(rows: readonly TransactionRow[]): CsvCell[][] {
  return [
    HEADER,
    ...rows.map((row) => [
      row.createdAt === null ? '' : isoFromUnixSeconds(row.createdAt),
      row.kind,
      row.ticker ?? '',
      row.amount,
      row.fee ?? '',
      row.network ?? '',
      row.address ?? '',
      row.memo ?? '',
      row.statusWords,
      row.status,
      row.confirmations ? `${row.confirmations.actual}/${row.confirmations.required}` : '',
      row.transactionHash ?? '',
      row.uniqueId ?? '',
    ]),
  ];
}
