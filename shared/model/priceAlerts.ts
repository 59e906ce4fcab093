/**
 * Alerts a person sets in the Alerts view, as both processes and the database see them: a
 * market's last price above or below a line, the smallest distance to liquidation of an account's
 * positions (one market's, or any) below a percentage, or an account's margin fraction above or
 * below a value. Each belongs to an account: its exchange (region, Demo) gives the prices, its
 * positions the distances. Values are decimal strings; comparisons go through shared/money/decimal.
 */
import { z } from 'zod';
import { MarketName } from '../api/schemas/common';
import { compare, isDecimalString } from '../money/decimal';
import { AccountId } from './accounts';
import { AlertThreshold } from './alerts';
import { FIELD_PROBLEM } from './fieldProblems';

export const PriceAlertDirection = z.enum(['above', 'below']);
export type PriceAlertDirection = z.infer<typeof PriceAlertDirection>;

/** A positive plain decimal (no sign, no exponent), at most 30 characters. */
export const PositiveDecimal = z
  .string()
  .trim()
  .max(30)
  .refine((v) => isDecimalString(v) && !v.startsWith('-') && compare(v, '0') > 0, { message: FIELD_PROBLEM.positiveNumber });

export const PriceAlertRule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('price'), accountId: AccountId, market: MarketName, direction: PriceAlertDirection, threshold: PositiveDecimal }).strict(),
  /** `market` null: any of the account's positions (the nearest to liquidation counts). */
  z.object({ kind: z.literal('distance'), accountId: AccountId, market: MarketName.nullable(), direction: z.literal('below'), threshold: AlertThreshold }).strict(),
  z.object({ kind: z.literal('marginFraction'), accountId: AccountId, direction: PriceAlertDirection, threshold: PositiveDecimal }).strict(),
]);
export type PriceAlertRule = z.infer<typeof PriceAlertRule>;
export type PriceAlertKind = PriceAlertRule['kind'];

/** once: fires one time, then waits for the person's re-arm; every: re-arms itself past the band. */
export const PriceAlertRearm = z.enum(['once', 'every']);
export type PriceAlertRearm = z.infer<typeof PriceAlertRearm>;

export const PriceAlertState = z.enum(['armed', 'fired']);
export type PriceAlertState = z.infer<typeof PriceAlertState>;

export const PriceAlertId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'is not a valid alert id');

/** What the database keeps for one alert. */
export const PriceAlert = z
  .object({
    id: PriceAlertId,
    rule: PriceAlertRule,
    rearm: PriceAlertRearm,
    state: PriceAlertState,
    /** Unix ms. */
    createdAt: z.number().int().nonnegative(),
    lastFiredAt: z.number().int().nonnegative().nullable(),
  })
  .strict();
export type PriceAlert = z.infer<typeof PriceAlert>;

/** An alert as the Alerts view lists it: with the value it watches as last seen (null: not yet). */
export interface PriceAlertView extends PriceAlert {
  current: { value: string; at: number; market: string | null } | null;
}

/** A stored alert that could not be read: kept as it is, named so the person can delete it. */
export interface UnreadablePriceAlert {
  id: string;
  reason: string;
}

export interface PriceAlertList {
  alerts: PriceAlertView[];
  unreadable: UnreadablePriceAlert[];
  /** False when the database is not open: nothing can be kept, the view says so. */
  available: boolean;
}

/** A market the account's exchange lists, with its last price (from the public ticker). */
export interface PriceAlertMarket {
  name: string;
  lastPrice: string;
}

/** Field codes a refused create or update carries in `fields` (the renderer words them). */
export const PRICE_ALERT_FIELD_CODES = ['unknown_market', 'markets_unavailable', 'unknown_account', 'unreadable_alert', 'too_many_alerts'] as const;

/**
 * The most alerts one account may keep. Each price pass evaluates an account's alerts of the moved
 * market; past this, a person's list is no longer readable and a storm of crossings no longer cheap.
 */
export const MAX_PRICE_ALERTS_PER_ACCOUNT = 1000;
export type PriceAlertFieldCode = (typeof PRICE_ALERT_FIELD_CODES)[number];
