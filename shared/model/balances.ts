/**
 * The whole-account picture the balances and positions channels carry: every asset across the
 * main, trade and collateral accounts valued in one quote currency, and open positions as risk.
 * Amounts, prices, values and percentages are decimal strings; null means "not known" (no price,
 * no liquidation price), never zero.
 */
import { z } from 'zod';
import type { AppError } from '../errors';
import { FIELD_PROBLEM } from './fieldProblems';

/** A quote currency the user values in: a ticker such as USDT (default), BTC, EUR or UAH. */
export const QuoteCurrency = z.string().regex(/^[A-Z0-9]{2,16}$/, FIELD_PROBLEM.currencyFormat);
export { DEFAULT_QUOTE } from './choices';

/** The parts of an exchange account the overview adds up. */
export type AccountPart = 'main' | 'trade' | 'collateral';

/** Something the overview could not include; what it does include stays. */
/**
 * What an overview could not show, as a code and values (the renderer words it): `part` says what
 * is missing (none: the prices, or with an account name the whole account), `count` how many
 * entries were unreadable, `quote` the currency without a market, `markets` those without a price,
 * and `error` the failure behind an `*_unavailable` note.
 */
export interface OverviewNote {
  kind: 'prices_unavailable' | 'part_unavailable' | 'region_unavailable' | 'unreadable' | 'quote_without_market' | 'price_missing';
  /** Set when the note is about one account (or one part of it). */
  accountId?: string;
  accountName?: string;
  part?: AccountPart | 'futures' | 'summary' | 'positions';
  count?: number;
  quote?: string;
  markets?: string[];
  error?: AppError;
}

export interface BalanceRow {
  asset: string;
  main: string;
  tradeAvailable: string;
  tradeFrozen: string;
  collateral: string;
  /** main + trade (available and frozen) + collateral. */
  total: string;
  /** One unit in the quote; null: no price. */
  price: string | null;
  /** total × price; null: no price. */
  value: string | null;
  /** The 24 h change (percent) of the asset's market against the quote or the first hop; null when unknown. */
  change24h: string | null;
  /** value as a percentage of the priced total; null without a price. */
  share: string | null;
}

/** One slice of the allocation picture: a holding's share of the priced total, in percent. */
export interface AllocationPart {
  /** The asset; null for everything past the largest few, taken together ("Other"). */
  asset: string | null;
  /** Percent of totals.value, 4 decimal places (the page rounds it for display). */
  share: string;
}

/** One account's part of an overview of several: its own total, valued at the overview's prices. */
export interface AccountTotal {
  id: string;
  name: string;
  /** Every priced value of the parts that could be read; null when no part could be read. */
  value: string | null;
  /** Percent of `grandTotal`, 2 decimal places; null when unknown or the grand total is zero. */
  share: string | null;
  /** Assets held without a price (left out of `value`). */
  unpriced: number;
  /** Parts (main, trade, collateral) that could not be read; the account itself when `value` is null. */
  failedParts: AccountPart[];
}

export interface BalancesOverview {
  quote: string;
  /** The accounts summed (one, or every configured account). */
  accounts: { id: string; name: string }[];
  /** Each account's own total, in the order of `accounts`. */
  byAccount: AccountTotal[];
  /** The sum of `byAccount` values, exactly (each account valued on its own, then added). */
  grandTotal: string;
  /** Assets held (total not zero), most valuable first, unpriced last. */
  rows: BalanceRow[];
  totals: {
    /** Every priced value. */
    value: string;
    /** The same total split by account part. */
    main: string;
    trade: string;
    collateral: string;
    /**
     * How `value` moved in 24 h at today's amounts (prices only: deposits and withdrawals are not
     * in it), `value` in the quote and `percent` of the value 24 h ago; null when not known.
     */
    change24h: { value: string; percent: string } | null;
  };
  /**
   * The largest holdings by value (at most ALLOCATION_TOP) and the rest as one part; empty when
   * nothing priced is worth anything. Computed here, with the totals, so the page does no arithmetic.
   */
  allocation: AllocationPart[];
  /** Assets held without a price (left out of the totals). */
  unpriced: number;
  /** Assets the exchange listed at zero in every part (the real exchange lists every asset): not rows. */
  zeroAssets: number;
  notes: OverviewNote[];
  /** When the prices were read (Unix ms); null without prices. */
  pricedAt: number | null;
}

/** How many holdings the allocation picture names before "Other". */
export const ALLOCATION_TOP = 5;

export type RiskState = 'liquidation' | 'margin_call' | null;

export interface PositionRisk {
  positionId: number;
  market: string;
  side: 'LONG' | 'SHORT' | 'BOTH' | null;
  amount: string | null;
  basePrice: string | null;
  liquidationPrice: string | null;
  liquidationState: RiskState;
  /** Last price for margin markets; index price (or last) for _PERP futures; null when unknown. */
  currentPrice: string | null;
  priceSource: 'last' | 'index' | null;
  /** Signed: room left to liquidation in percent of the current price, negative once past it (liquidationDistance.ts); null when unknown. */
  distancePercent: string | null;
  /** The position's unrealized P&L (unrealizedPnl, else pnl); null when the exchange sends none. */
  unrealizedPnl: string | null;
  leverage: string | null;
  margin: string;
}

export interface CollateralSummary {
  equity: string;
  margin: string;
  freeMargin: string;
  unrealizedFunding: string;
  pnl: string;
  leverage: string;
  marginFraction: string;
}

export interface PositionsOverview {
  accountId: string;
  /** Riskiest first: liquidation, margin call, then the smallest distance (unknown last). */
  positions: PositionRisk[];
  /** Null when it could not be read (a note says why). */
  summary: CollateralSummary | null;
  /** Positions the exchange sent that could not be read. */
  unreadable: number;
  notes: OverviewNote[];
}
