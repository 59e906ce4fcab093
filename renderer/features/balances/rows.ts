/**
 * The balances table as data: rows built once per answer (amount parsed to a Decimal once, so
 * sorting and the small-balance filter never re-parse), then sorted, then filtered.
 */
import { dec, type Decimal } from '../../../shared/money/decimal';
import type { AssetStatus, BalanceEntry } from '../../../shared/api/schemas';
import type { BalancesUi } from '../../state/ui';

export interface BalanceRow {
  ticker: string;
  name: string;
  amount: string;
  amountValue: Decimal;
  /** Lower-cased "ticker name", what the search box matches against. */
  haystack: string;
}

export function buildRows(balance: Readonly<Record<string, BalanceEntry>>, assets: Readonly<Record<string, AssetStatus>> | undefined): BalanceRow[] {
  return Object.entries(balance).map(([ticker, entry]) => {
    const name = assets?.[ticker]?.name ?? '';
    return { ticker, name, amount: entry.main_balance, amountValue: dec(entry.main_balance), haystack: `${ticker} ${name}`.toLowerCase() };
  });
}

/** Rows with a non-zero amount, and how many zero rows were left out. */
export function withoutZeroRows(rows: readonly BalanceRow[]): { rows: BalanceRow[]; hiddenZero: number } {
  const nonZero = rows.filter((row) => !row.amountValue.isZero());
  return { rows: nonZero, hiddenZero: rows.length - nonZero.length };
}

export function sortRows(rows: readonly BalanceRow[], sortBy: BalancesUi['sortBy'], direction: BalancesUi['sortDirection']): BalanceRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  const byTicker = (a: BalanceRow, b: BalanceRow) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0);
  return [...rows].sort((a, b) => {
    if (sortBy === 'amount') {
      // Decimal comparison: "10" > "9" and 40-digit amounts compare exactly.
      const order = a.amountValue.comparedTo(b.amountValue);
      return order !== 0 ? sign * order : byTicker(a, b);
    }
    return sign * byTicker(a, b);
  });
}

/** Search by ticker or name (case-insensitive); optionally hide amounts below `hideBelow`. */
export function filterRows(rows: readonly BalanceRow[], search: string, hideBelow: Decimal | null): BalanceRow[] {
  const needle = search.trim().toLowerCase();
  if (!needle && !hideBelow) return rows as BalanceRow[];
  return rows.filter((row) => (!needle || row.haystack.includes(needle)) && (!hideBelow || !row.amountValue.lessThan(hideBelow)));
}
