/**
 * Rows that tick in place: fresh values never move a row by themselves. The order shown changes
 * only when the person sorts (a header, a sort choice, a new filter) or asks for it (`resort`);
 * until then the table says how many rows the fresh values would put elsewhere (`moved`).
 * Rows that appear join at the end, in their sorted order; rows that disappear go.
 */
import { useState } from 'react';

/** `sorted` put in the order of `previous` keys; rows new since then follow, in their sorted order. */
export function keepOrder<T>(sorted: readonly T[], previous: readonly string[], keyOf: (row: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const row of sorted) if (!byKey.has(keyOf(row))) byKey.set(keyOf(row), row);
  const kept: T[] = [];
  const placed = new Set<string>();
  for (const key of previous) {
    const row = byKey.get(key);
    if (row !== undefined && !placed.has(key)) {
      kept.push(row);
      placed.add(key);
    }
  }
  for (const row of sorted) if (!placed.has(keyOf(row))) kept.push(row);
  return kept;
}

/**
 * How many rows would have to move to turn `shown` into `sorted`: every row outside the longest run
 * already in sorted order. One row jumping to the top counts as one, not as every row it passes.
 */
export function rowsOutOfPlace(shown: readonly string[], sorted: readonly string[]): number {
  const rank = new Map<string, number>();
  sorted.forEach((key, i) => rank.set(key, i));
  // Patience sorting: tails[k] is the smallest last rank of an increasing run of length k + 1.
  const tails: number[] = [];
  for (const key of shown) {
    const r = rank.get(key);
    if (r === undefined) continue;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (tails[mid]! < r) low = mid + 1;
      else high = mid;
    }
    tails[low] = r;
  }
  return shown.length - tails.length;
}

export interface StableOrder<T> {
  /** The rows in the order shown. */
  rows: T[];
  /** Rows the fresh values would put elsewhere; 0 when the order shown is the sorted one. */
  moved: number;
  /** Takes the sorted order as the one shown (the person asked). */
  resort(): void;
}

const sameKeys = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((key, i) => key === b[i]);

/**
 * `sorted` as shown: in the order it had when last sorted. `sortKey` names the sort in force; a new
 * one (a click on a header, a new filter) applies at once.
 */
export function useStableOrder<T>(sorted: readonly T[], keyOf: (row: T) => string, sortKey: string): StableOrder<T> {
  const [held, setHeld] = useState<{ keys: string[]; sortKey: string }>(() => ({ keys: sorted.map(keyOf), sortKey }));
  const sortedKeys = sorted.map(keyOf);
  const rows = held.sortKey === sortKey ? keepOrder(sorted, held.keys, keyOf) : [...sorted];
  const shownKeys = rows.map(keyOf);
  // What is shown becomes what is held: rows that came join it at the end, rows that went leave
  // it, a new sort replaces it. (State set while rendering: React renders again before painting.)
  if (held.sortKey !== sortKey || !sameKeys(held.keys, shownKeys)) setHeld({ keys: shownKeys, sortKey });
  return { rows, moved: rowsOutOfPlace(shownKeys, sortedKeys), resort: () => setHeld({ keys: sortedKeys, sortKey }) };
}
