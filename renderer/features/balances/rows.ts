/**
 * The balances table as data: rows built once per answer (amounts and values parsed to Decimals
 * once, so sorting and the small-balance filter never re-parse), then sorted, then filtered.
 */
import { dec, ZERO, type Decimal } from '../../decimal';
import type { AssetStatus } from '../../../shared/api/schemas';
import type { BalanceRow as OverviewRow } from '../../../shared/model/balances';
import type { BalancesUi } from '../../state/ui';

export interface BalanceRow extends OverviewRow {
  name: string;
  totalValue: Decimal;
  /** The value in the quote; null: no price (never treated as zero). */
  valueDec: Decimal | null;
  changeDec: Decimal | null;
  /** Lower-cased "ticker name", what the search box matches against. */
  haystack: string;
}

export function buildRows(rows: readonly OverviewRow[], assets: Readonly<Record<string, AssetStatus>> | undefined): BalanceRow[] {
  return rows.map((row) => {
    const name = assets?.[row.asset]?.name ?? '';
    return {
      ...row,
      name,
      totalValue: dec(row.total),
      valueDec: row.value === null ? null : dec(row.value),
      changeDec: row.change24h === null ? null : dec(row.change24h),
      haystack: `${row.asset} ${name}`.toLowerCase(),
    };
  });
}

const HUNDRED = dec('100');

const byTicker = (a: BalanceRow, b: BalanceRow) => (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0);

/** Decimal order, both directions; rows without the figure (no price) always last. */
function byNullable(pick: (row: BalanceRow) => Decimal | null, sign: number) {
  return (a: BalanceRow, b: BalanceRow) => {
    const x = pick(a);
    const y = pick(b);
    if (x === null || y === null) return x === y ? byTicker(a, b) : x === null ? 1 : -1;
    const order = x.cmp(y);
    return order !== 0 ? sign * order : byTicker(a, b);
  };
}

export function sortRows(rows: readonly BalanceRow[], sortBy: BalancesUi['sortBy'], direction: BalancesUi['sortDirection']): BalanceRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  switch (sortBy) {
    case 'ticker':
      return [...rows].sort((a, b) => sign * byTicker(a, b));
    case 'amount':
      return [...rows].sort(byNullable((r) => r.totalValue, sign));
    case 'change':
      return [...rows].sort(byNullable((r) => r.changeDec, sign));
    case 'value':
      return [...rows].sort(byNullable((r) => r.valueDec, sign));
  }
}

/**
 * Search by ticker or name (case-insensitive); optionally hide what is worth less than `hideBelow`
 * in the quote. An asset without a price is never hidden as "small": its worth is unknown.
 */
export function filterRows(rows: readonly BalanceRow[], search: string, hideBelow: Decimal | null): { rows: BalanceRow[]; hiddenSmall: number } {
  const needle = search.trim().toLowerCase();
  const matching = needle ? rows.filter((row) => row.haystack.includes(needle)) : (rows as BalanceRow[]);
  if (!hideBelow) return { rows: matching, hiddenSmall: 0 };
  const shown = matching.filter((row) => row.valueDec === null || !row.valueDec.lt(hideBelow));
  return { rows: shown, hiddenSmall: matching.length - shown.length };
}

/** The allocation picture: the largest holdings by value and everything else as "Other". */
export function allocation(rows: readonly BalanceRow[], total: string, top = 5): Array<{ label: string; share: Decimal }> {
  const totalDec = dec(total);
  if (totalDec.eq(ZERO)) return [];
  const priced = rows.filter((r) => r.valueDec !== null && r.valueDec.gt(ZERO)).sort(byNullable((r) => r.valueDec, -1));
  const parts = priced.slice(0, top).map((r) => ({ label: r.asset, share: (r.valueDec as Decimal).div(totalDec).times(HUNDRED) }));
  const rest = priced.slice(top).reduce((acc, r) => acc.plus(r.valueDec as Decimal), ZERO);
  if (!rest.eq(ZERO)) parts.push({ label: 'Other', share: rest.div(totalDec).times(HUNDRED) });
  return parts;
}
