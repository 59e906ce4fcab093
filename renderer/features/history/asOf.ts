import type { BalancesAsOf } from '../../../shared/model/history';
import type { CsvCell } from '../../csv/csv';

/** The last millisecond of a local calendar day ("2026-12-31"), or null when it is not a date. */
export function endOfLocalDay(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const next = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1);
  const ms = next.getTime() - 1;
  return Number.isNaN(ms) || ms < Date.UTC(2000, 0, 1) || ms > Date.UTC(2199, 11, 31) ? null : ms;
}

/** Today as the date input writes it. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The snapshot as CSV rows: one per asset with its amounts by account part, price and value (the
 * exact strings the snapshot holds), then the total. The first row is the header.
 */
export function asOfCsvRows(asOf: BalancesAsOf): CsvCell[][] {
  const q = asOf.quote;
  const header = ['Taken at (UTC)', 'Asset', 'Main', 'Trade available', 'Trade frozen', 'Collateral', 'Total', `Price (${q})`, `Value (${q})`];
  const snapshot = asOf.snapshot;
  if (!snapshot) return [header];
  const at = new Date(snapshot.takenAt).toISOString();
  return [
    header,
    ...snapshot.assets.map((a) => [at, a.asset, a.main, a.tradeAvailable, a.tradeFrozen, a.collateral, a.total, a.price ?? '', a.value ?? '']),
    [at, 'Total', '', '', '', '', '', '', snapshot.total],
  ];
}
