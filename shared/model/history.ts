/**
 * The account over time: snapshots of the valued balance that the main process keeps in
 * its database, read back as chart series, balances as of a date, and events on the timeline.
 * Money is decimal strings; times are Unix ms. A series is per account and quote currency: values in
 * one quote are never mixed with values in another.
 */
import { z } from 'zod';
import type { WithdrawalPhase } from '../api/endpoints';
import type { AlertKind } from './alerts';
import type { BalanceRow } from './balances';
import type { WithdrawalState } from './withdrawals';
import { FIELD_PROBLEM } from './fieldProblems';

/** The chart's ranges; `all` is everything kept. */
/** The series of every account together (Demo aside): the overview's grand total over time. */
export const ALL_ACCOUNTS_SERIES = 'all-accounts';

export const HISTORY_RANGES = ['1d', '1w', '1m', '1y', 'all'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];
export const HistoryRangeSchema = z.enum(HISTORY_RANGES);

export const RANGE_MS: Record<Exclude<HistoryRange, 'all'>, number> = {
  '1d': 86_400_000,
  '1w': 7 * 86_400_000,
  '1m': 30 * 86_400_000,
  '1y': 365 * 86_400_000,
};

/** The most points a series answer carries: about a wide chart's pixel width. */
export const MAX_SERIES_POINTS = 2_000;
/** An asset ticker as the balance lists it. */
export const HistoryAsset = z.string().regex(/^[A-Za-z0-9._-]{1,32}$/, FIELD_PROBLEM.tickerFormat);
/** Unix ms, within the years the app can have run (2000..2200). */
export const HistoryTime = z.number().int().min(946_684_800_000).max(7_258_118_400_000);

export interface HistoryPoint {
  at: number;
  /** Net worth in the quote; for an asset series, the asset's value (null: it had no price then). */
  value: string | null;
  /** Asset series only: the amount held (main + trade + collateral). */
  amount?: string;
}

export type TimelineEventKind = 'withdrawal_sent' | 'alert_fired';

/**
 * An event on the timeline as codes and values; the renderer words it. A withdrawal carries its
 * record's state and exchange phase as they are now (null when the journal no longer holds it), so
 * a frozen or unconfirmed one never reads as sent.
 */
export type TimelineEvent =
  | {
      at: number;
      kind: 'withdrawal_sent';
      withdrawal: { amount: string; ticker: string; address: string; state: WithdrawalState | null; phase: WithdrawalPhase | null };
    }
  | {
      at: number;
      kind: 'alert_fired';
      /** `kind` null: an alert recorded in words this version cannot read back. */
      alert: { kind: AlertKind | null; market: string; distancePercent: string | null; thresholdPercent: string | null };
    };

export interface HistorySeries {
  accountId: string;
  quote: string;
  range: HistoryRange;
  /** Null: net worth. */
  asset: string | null;
  /** The range's start and end (Unix ms): the chart's time axis. */
  from: number;
  to: number;
  /** Oldest first, at most MAX_SERIES_POINTS (the newest point of each time bucket). */
  points: HistoryPoint[];
  /** Last minus first value of the range, and that as a percentage of the first (null when the first is 0 or unknown). */
  change: { value: string; percent: string | null } | null;
  /** Snapshots the range holds before thinning to points. */
  snapshots: number;
  /** Assets ever held in the range (the asset picker), by name. */
  assets: string[];
  events: TimelineEvent[];
  /** When the first snapshot of this account and quote was taken; null: none yet. */
  firstAt: number | null;
}

/** One asset of a snapshot: its amounts by account part, the price used and the value, as Balances showed them. */
export type SnapshotAsset = Pick<BalanceRow, 'asset' | 'main' | 'tradeAvailable' | 'tradeFrozen' | 'collateral' | 'total' | 'price' | 'value'>;

export interface BalancesAsOf {
  accountId: string;
  quote: string;
  /** The moment asked for. */
  asOf: number;
  /** The snapshot nearest before it; null when there is none that early. */
  snapshot: { takenAt: number; total: string; unpriced: number; assets: SnapshotAsset[] } | null;
}

/** How much disk History takes (bytes), as Settings shows it. */
export interface HistorySpace {
  /** History's tables and indexes. */
  historyBytes: number;
  /** The whole database file (with its write-ahead log), History and the withdrawal journal together. */
  fileBytes: number;
  /** Room inside the file that holds nothing, still to be reused or handed back. */
  freeBytes: number;
}

/** How far back Balances' "what changed" looks. */
export const CHANGE_WINDOW_MS = 86_400_000;
/** How far from a day back the snapshot compared with may lie (the app may not have run just then). */
export const CHANGE_TOLERANCE_MS = 3_600_000;

/** One asset's change: amount now minus amount then, and the same for its value (null: a price missing at either end). */
export interface AssetChange {
  asset: string;
  amount: string;
  value: string | null;
}

/** Each asset held now against the snapshot nearest a day earlier. */
export interface AssetChanges {
  accountId: string;
  quote: string;
  /** When the figures compared were read (Unix ms); null when there are none yet. */
  at: number | null;
  /** When the snapshot compared with was taken; null when there is none. */
  since: number | null;
  /**
   * Why there is no comparison: no snapshot near a day before (`not_enough_history`), no figures
   * read yet (`no_figures`), or History cannot be read at all (`history_unavailable`).
   */
  missing: 'not_enough_history' | 'no_figures' | 'history_unavailable' | null;
  assets: AssetChange[];
}
