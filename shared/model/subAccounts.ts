/**
 * Sub-accounts of a master key as the page shows them: a page of the list, and one sub-account's
 * balances valued in the quote. "Cannot see" is a state, never an empty list: a key without the
 * permission says so, and so does a sub-account the exchange has not confirmed.
 */
export interface SubAccountItem {
  id: string;
  alias: string;
  /** Masked by the exchange. */
  email: string | null;
  status: string | null;
}

export interface SubAccountPage {
  /** `no_permission`: the key may not list sub-accounts (no list at all, not an empty one). */
  access: 'ok' | 'no_permission';
  items: SubAccountItem[];
  offset: number;
  limit: number;
  /** The exchange gives no total: a full page may have a next one. */
  hasMore: boolean;
  /** Entries of the page that could not be read (left out). */
  unreadable: number;
}

export interface SubAccountBalanceLine {
  asset: string;
  main: string;
  spot: string;
  collateral: string;
  total: string;
  /** How many rows the exchange sent for this asset (they are added up). */
  rows: number;
  price: string | null;
  value: string | null;
}

export interface SubAccountBalances {
  id: string;
  /** `unconfirmed`: the exchange answered "Account is not confirmed"; `no_permission`: the key may not read it. */
  state: 'ok' | 'unconfirmed' | 'no_permission';
  quote: string;
  /** Assets held, most valuable first. */
  lines: SubAccountBalanceLine[];
  /** Every priced value. */
  total: string;
  unpriced: number;
  /** Assets whose entry could not be read (left out). */
  unreadable: number;
  /** Assets that came as more than one row and were added up. */
  summed: number;
}

/** Every sub-account of a master key valued together, to add to the account's own total on request. */
export interface SubAccountsTotal {
  accountId: string;
  quote: string;
  /** `no_permission`: the key may not list sub-accounts; nothing is included. */
  access: 'ok' | 'no_permission';
  /** The priced value of every sub-account that could be read. */
  total: string;
  /** Sub-accounts whose balances are in `total`. */
  included: number;
  /** Sub-accounts left out, and why (not confirmed, no permission, could not be read). */
  excluded: { id: string; alias: string; reason: 'unconfirmed' | 'no_permission' | 'unreadable' }[];
  /** Assets held in sub-accounts that have no price in `quote` (not in `total`). */
  unpriced: number;
  /** The list stopped at the app's limit: more sub-accounts exist than were read. */
  truncated: boolean;
}
