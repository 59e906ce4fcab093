/**
 * Rows that tick in place: while the pointer is over a table (or its rows are otherwise held),
 * fresh values keep the order the rows had, so a row does not move away under the pointer; the
 * sort is applied again once the hold ends, or at once when the sort itself changes.
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

export interface StableOrder<T> {
  rows: T[];
  /** Spread onto the element the pointer rests on: holding while it is inside. */
  holdProps: { onPointerEnter: () => void; onPointerLeave: () => void };
}

/**
 * `sorted` as shown: held in the order it had when the pointer came in, sorted afresh otherwise.
 * `sortKey` names the sort in force; a new sort (a click on a header) always applies.
 */
export function useStableOrder<T>(sorted: readonly T[], keyOf: (row: T) => string, sortKey: string): StableOrder<T> {
  const [hold, setHold] = useState<{ keys: string[]; sortKey: string } | null>(null);
  const rows = hold !== null && hold.sortKey === sortKey ? keepOrder(sorted, hold.keys, keyOf) : [...sorted];
  // A new sort under the pointer: its order is the one held from now on.
  if (hold !== null && hold.sortKey !== sortKey) setHold({ keys: rows.map(keyOf), sortKey });
  const holdProps = {
    onPointerEnter: () => setHold({ keys: rows.map(keyOf), sortKey }),
    onPointerLeave: () => setHold(null),
  };
  return { rows, holdProps };
}
