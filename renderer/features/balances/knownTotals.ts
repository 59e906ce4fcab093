import type { AccountPart, BalancesOverview } from '../../../shared/model/balances';

/** A total the page may show, or null when the answer says part of what it adds up was not read. */
export interface KnownTotals {
  value: string | null;
  main: string | null;
  trade: string | null;
  collateral: string | null;
  /** The total's 24 h move at today's amounts; null when the total or a price's move is not known. */
  change24h: { value: string; percent: string } | null;
}

/**
 * The totals a person can rely on. The main process adds up what it could read; a part it could not
 * read (or prices it could not read) counts there as nothing, so that sum is not the account's
 * worth: the page shows "not known" instead of a figure that only looks like one. A part the region
 * does not offer is an answer (it holds nothing), not a gap.
 */
export function knownTotals(overview: BalancesOverview): KnownTotals {
  const missing = new Set<AccountPart>();
  let wholeMissing = false;
  for (const note of overview.notes) {
    if (note.kind === 'prices_unavailable') wholeMissing = true;
    if (note.kind !== 'part_unavailable') continue;
    if (note.part === 'main' || note.part === 'trade' || note.part === 'collateral') missing.add(note.part);
    // An account that could not be reached at all: every part of the sum lacks it.
    else if (note.part === undefined) wholeMissing = true;
  }
  const pricesMissing = overview.pricedAt === null && overview.rows.length > 0;
  const partOf = (part: AccountPart) => (wholeMissing || pricesMissing || missing.has(part) ? null : overview.totals[part]);
  const value = wholeMissing || pricesMissing || missing.size > 0 ? null : overview.totals.value;
  return {
    value,
    change24h: value === null ? null : overview.totals.change24h,
    main: partOf('main'),
    trade: partOf('trade'),
    collateral: partOf('collateral'),
  };
}
