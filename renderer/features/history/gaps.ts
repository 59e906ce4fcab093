/**
 * Where the History chart breaks its line: between two snapshots much further apart than the
 * snapshots around them (the app was closed, or the exchange could not be reached), nothing is
 * known, so the line must not be drawn straight across as if it were.
 */

/** The app takes a snapshot at least every 5 minutes while it runs; twice that apart is a gap whatever the spacing. */
const LEAST_GAP_MS = 10 * 60_000;
/** Spacing this many times the usual one is a gap (older history is kept hourly, then daily). */
const GAP_FACTOR = 3;

/** One x position on the chart: a snapshot (its index in the points) or a break in the line (null). */
export interface ChartSlot {
  at: number;
  point: number | null;
}

/** The snapshots' times with a break (a slot without a point) inserted in every gap. Times ascending. */
export function slotsWithGaps(times: readonly number[]): ChartSlot[] {
  const steps = times.slice(1).map((at, i) => at - times[i]!);
  const usual = median(steps);
  const gap = Math.max(LEAST_GAP_MS, GAP_FACTOR * usual);
  const slots: ChartSlot[] = [];
  times.forEach((at, i) => {
    if (i > 0 && at - times[i - 1]! > gap) slots.push({ at: (at + times[i - 1]!) / 2, point: null });
    slots.push({ at, point: i });
  });
  return slots;
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
