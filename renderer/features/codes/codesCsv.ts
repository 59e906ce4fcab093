import type { CodeRecord } from '../../../shared/api/schemas';
import { codeStatusWords, type CodeList } from '../../../shared/model/codes';
import type { CsvCell } from '../../csv/csv';
import { isoFromUnixSeconds } from '../../format/format';

/** In the CSV, codes the person has not revealed on screen are written as this. */
export const HIDDEN_IN_CSV = '(hidden)';

/**
 * Codes as CSV rows: the status in words beside the word the exchange sent, amounts exact (signed in
 * the history). A code is bearer value, and a CSV file ends up in Downloads, sync folders and mail:
 * the export never widens exposure beyond what the person chose to see, so only revealed codes are
 * written; the rest keep their amount, status and ids.
 */
export function codesCsvRows(rows: readonly CodeRecord[], isRevealed: (row: CodeRecord) => boolean, list: CodeList = 'my'): CsvCell[][] {
  return [
    ['Code', 'Amount', 'Ticker', 'Status', 'Status (as sent)', list === 'my' ? 'Created (UTC)' : 'Date (UTC)', 'External ID'],
    ...rows.map((row) => [
      isRevealed(row) ? row.code : HIDDEN_IN_CSV,
      row.amount,
      row.ticker,
      codeStatusWords(row.status),
      row.status,
      isoFromUnixSeconds(row.date),
      row.external_id,
    ]),
  ];
}
