/**
 * Balances as a CSV file: every digit as the exchange gave it. Loaded when someone exports, not
 * with the landing view.
 */
import { downloadCsv } from '../../csv/csv';
import { csvFilename } from '../../csv/filename';
import type { BalanceRow } from './rows';

export function exportBalancesCsv(rows: readonly BalanceRow[], quote: string, accountName: string): void {
  downloadCsv(csvFilename('balances', accountName), balancesCsvRows(rows, quote));
}

export function balancesCsvRows(rows: readonly BalanceRow[], quote: string) {
  return [
    ['Ticker', 'Name', 'Main', 'Trade available', 'Trade frozen', 'Collateral', 'Total', `Price (${quote})`, `Value (${quote})`, '24h change %', 'Share %'],
    ...rows.map((r) => [r.asset, r.name, r.main, r.tradeAvailable, r.tradeFrozen, r.collateral, r.total, r.price ?? 'no price', r.value ?? 'no price', r.change24h ?? '', r.share ?? '']),
  ];
}
