/**
 * CSV export (RFC 4180: CRLF line ends, fields quoted when they hold a comma, quote or line break,
 * quotes doubled). Cells that a spreadsheet would run as a formula (starting with = + - @, or a
 * tab/CR) get a leading apostrophe, so a hostile ticker or code cannot become a formula. A plain
 * signed decimal ("-0.002", "+0.002": the codes history) is a number, not a formula, and is written
 * as it is.
 */

export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const SIGNED_DECIMAL = /^[+-]\d+(?:\.\d+)?$/;

export function csvCell(value: CsvCell): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text) && !SIGNED_DECIMAL.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvCell>>): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Offers the rows as a file download (first row = header). */
export function downloadCsv(filename: string, rows: ReadonlyArray<ReadonlyArray<CsvCell>>): void {
  // The BOM makes spreadsheet programs read UTF-8 names correctly.
  const blob = new Blob(['\uFEFF', toCsv(rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
