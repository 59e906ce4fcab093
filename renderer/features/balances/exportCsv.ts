/**
 * Balances as a CSV file: every digit as the exchange gave it. Loaded when someone exports, not
 * with the landing view.
 */
import { downloadCsv } from '../../csv/csv';
import { csvFilename } from '../../csv/filename';
import type { AssetChange } from '../../../shared/model/history';
import type { BalanceRow } from './rows';

export function exportBalancesCsv(rows: readonly BalanceRow[], quote: string, accountName: string, changes: ReadonlyMap<string, AssetChange>): void {
  downloadCsv(csvFilename('balances', accountName), balancesCsvRows(rows, quote, changes));
}

/** `changes`: each asset's 24 h change from History; an asset without one has empty cells. */
export function balancesCsvRows(rows: readonly BalanceRow[], quote: string, changes: ReadonlyMap<string, AssetChange> = new Map()) {
  return [
    ['Ticker', 'Name', 'Main', 'Trade available', 'Trade frozen', 'Collateral', 'Total', `Price (${quote})`, `Value (${quote})`, '24h price change %', 'Amount change 24h', `Value change 24h (${quote})`, 'Share %'],
    ...rows.map((r) => {
      const change = changes.get(r.asset);
      return [r.asset, r.name, r.main, r.tradeAvailable, r.tradeFrozen, r.collateral, r.total, r.price ?? 'no price', r.value ?? 'no price', r.change24h ?? '', change?.amount ?? '', change?.value ?? '', r.share ?? ''];
    }),
  ];
}
