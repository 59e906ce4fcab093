/**
 * The balances table as data: rows built once per answer, then sorted, then filtered. Amounts stay
 * the exchange's decimal strings; order and thresholds compare them as decimals parsed once per row.
 */
import { dec, type Decimal } from '../../../shared/money/decimal';
import type { AssetStatus } from '../../../shared/api/schemas';
import type { BalanceRow as OverviewRow } from '../../../shared/model/balances';
import type { BalancesUi } from '../../state/ui';

export interface BalanceRow extends OverviewRow {
  name: string;
  /** Lower-cased "ticker name", what the search box matches against. */
  haystack: string;
  /** The figures the table sorts and filters by, parsed once per row rather than in every comparison. */
  parsed: { total: Decimal; value: Decimal | null; change: Decimal | null };
}

/**
 * Rows built before, by the answer's row they came from. A refresh keeps the objects of rows that
 * did not change (TanStack Query shares them with the previous answer), so looking them up here
 * hands the table the very same rows and their memoised views skip rendering; only rows whose
 * figures moved are built and rendered again. Valid for one set of asset names.
 */
export interface RowCache {
  assets: Readonly<Record<string, AssetStatus>> | undefined;
  built: WeakMap<OverviewRow, BalanceRow>;
}

export function buildRows(rows: readonly OverviewRow[], assets: Readonly<Record<string, AssetStatus>> | undefined, cache?: RowCache): BalanceRow[] {
  const reuse = cache && cache.assets === assets ? cache.built : new WeakMap<OverviewRow, BalanceRow>();
  if (cache) {
    cache.assets = assets;
    cache.built = reuse;
  }
  return rows.map((row) => {
    const known = reuse.get(row);
    if (known) return known;
    const name = assets?.[row.asset]?.name ?? '';
    const parsed = {
      total: dec(row.total),
      value: row.value === null ? null : dec(row.value),
      change: row.change24h === null ? null : dec(row.change24h),
    };
    const built = { ...row, name, haystack: `${row.asset} ${name}`.toLowerCase(), parsed };
    reuse.set(row, built);
    return built;
  });
}

const byTicker = (a: BalanceRow, b: BalanceRow) => (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0);

/** Decimal order, both directions; rows without the figure (no price) always last. */
function byNullable(pick: (row: BalanceRow) => Decimal | null, sign: number) {
  return (a: BalanceRow, b: BalanceRow) => {
    const x = pick(a);
    const y = pick(b);
    if (x === null || y === null) return x === y ? byTicker(a, b) : x === null ? 1 : -1;
    const order = x.comparedTo(y);
    return order !== 0 ? sign * order : byTicker(a, b);
  };
}

/**
 * `changeOf`: an asset's value change over 24 hours (History's, not the row's own), which the
 * "change" sort orders by; without it that sort falls back to tickers.
 */
export function sortRows(rows: readonly BalanceRow[], sortBy: BalancesUi['sortBy'], direction: BalancesUi['sortDirection'], changeOf?: (asset: string) => Decimal | null): BalanceRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  switch (sortBy) {
    case 'ticker':
      return [...rows].sort((a, b) => sign * byTicker(a, b));
    case 'amount':
      return [...rows].sort(byNullable((r) => r.parsed.total, sign));
    case 'change':
      return [...rows].sort(byNullable((r) => changeOf?.(r.asset) ?? null, sign));
    case 'value':
      return [...rows].sort(byNullable((r) => r.parsed.value, sign));
  }
}

/**
 * Search by ticker or name (case-insensitive); optionally hide what is worth less than `hideBelow`
 * (a decimal string) in the quote. An asset without a price is never hidden as "small": its worth is unknown.
 */
export function filterRows(rows: readonly BalanceRow[], search: string, hideBelow: string | null): { rows: BalanceRow[]; hiddenSmall: number } {
  const needle = search.trim().toLowerCase();
  const matching = needle ? rows.filter((row) => row.haystack.includes(needle)) : (rows as BalanceRow[]);
  if (!hideBelow) return { rows: matching, hiddenSmall: 0 };
  const below = dec(hideBelow);
  const shown = matching.filter((row) => row.parsed.value === null || row.parsed.value.greaterThanOrEqualTo(below));
  return { rows: shown, hiddenSmall: matching.length - shown.length };
}
