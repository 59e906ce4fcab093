import type { CodeRecord } from '../../../shared/api/schemas';
import type { CsvCell } from '../../csv';
import { isoFromUnixSeconds } from '../../format';

/** In the CSV, codes the person has not revealed on screen are written as this. */
export const HIDDEN_IN_CSV = '(hidden)';

/**
 * The current page as CSV rows. A code is bearer value, and a CSV file ends up in Downloads, sync
 * folders and mail: the export never widens exposure beyond what the person chose to see, so only
 * revealed codes are written; the rest keep their amount, status and ids.
 */
export function codesCsvRows(rows: readonly CodeRecord[], isRevealed: (row: CodeRecord) => boolean): CsvCell[][] {
  return [
    ['Code', 'Amount', 'Ticker', 'Status', 'Created (UTC)', 'External ID'],
    ...rows.map((row) => [isRevealed(row) ? row.code : HIDDEN_IN_CSV, row.amount, row.ticker, row.status, isoFromUnixSeconds(row.date), row.external_id]),
  ];
}
