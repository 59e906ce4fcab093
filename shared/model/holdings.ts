/**
 * Holdings everywhere: one row per asset across the accounts in view and, on request, their
 * sub-accounts, with the amount each of them holds. Every figure is an exact decimal string added in
 * the main process; the page only lays it out.
 */

/** An account, or one sub-account of an account's key. */
export interface Holder {
  /** `accountId`, or `accountId/subAccountId`. */
  key: string;
  accountId: string;
  subAccountId: string | null;
  /** The account's name, or the sub-account's alias. */
  name: string;
}

export interface HoldingRow {
  asset: string;
  /** What each holder holds of the asset, in the order of `holders` ("0" for none). */
  amounts: string[];
  /** The sum of `amounts`. */
  total: string;
  /** One unit in the quote; null: no price. */
  price: string | null;
  /** total × price; null: no price. */
  value: string | null;
}

/** A holder that could not be read, and why; its holdings are in no row. */
export interface HolderLeftOut {
  accountId: string;
  name: string;
  reason: 'unreadable' | 'unconfirmed' | 'no_permission';
}

export interface Holdings {
  quote: string;
  holders: Holder[];
  /** Most valuable first, unpriced last. */
  rows: HoldingRow[];
  /** Each holder's priced value, in the order of `holders`, and their sum. */
  totals: { values: string[]; value: string };
  leftOut: HolderLeftOut[];
  /** Accounts whose key may not list sub-accounts (asked for, none included). */
  subAccountsHidden: string[];
  /** More sub-accounts exist than the app reads. */
  truncated: boolean;
}
