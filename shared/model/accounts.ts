/**
 * Accounts as both processes see them: the validated values a person types (name, key, base URL),
 * what the page may know of an account (never its secret), and the key test report.
 */
import { z } from 'zod';
import { hasApiPath, isAllowedExchangeUrl } from '../api/baseUrl';
import type { AppError, ErrorReason } from '../errors';
import { FIELD_PROBLEM } from './fieldProblems';

export const AccountId = z.string().regex(/^[a-z0-9-]{1,64}$/, FIELD_PROBLEM.accountId);
export const DEMO_ACCOUNT_ID = 'demo';

export const RegionName = z.enum(['global', 'eu', 'custom']);
export type RegionName = z.infer<typeof RegionName>;

export const AccountName = z.string().trim().min(1, FIELD_PROBLEM.required).max(64, FIELD_PROBLEM.nameTooLong);
/**
 * One rule for a key and a secret, with one message per mistake: an empty field says it is
 * required (not "must not contain spaces"), a short one that it looks too short.
 */
const KeyText = () =>
  z
    .string()
    .trim()
    .min(1, FIELD_PROBLEM.required)
    .max(256, FIELD_PROBLEM.keyTooLong)
    .superRefine((value, ctx) => {
      if (value.length === 0) return;
      if (!/^[\x21-\x7e]+$/.test(value)) ctx.addIssue({ code: 'custom', message: FIELD_PROBLEM.hasSpaces });
      else if (value.length < 8) ctx.addIssue({ code: 'custom', message: FIELD_PROBLEM.tooShort });
    });
export const ApiKey = KeyText();
export const ApiSecret = KeyText();
/**
 * https, or http only to this computer (a local simulator); anything else (file:, javascript:) is
 * refused, and so is an address that already ends in the API's path (the app adds it).
 */
export const BaseUrl = z
  .string()
  .max(512)
  .url()
  .refine(isAllowedExchangeUrl, { message: FIELD_PROBLEM.urlNotAllowed })
  .refine((value) => !hasApiPath(value), { message: FIELD_PROBLEM.urlHasApiPath });

/** `not_tested`: no safe way to ask (or the exchange did not answer the question); said plainly. */
export type AreaStatus = 'ok' | 'no_permission' | 'failed' | 'not_tested';
export interface AreaResult {
  status: AreaStatus;
  /** Why it is not ok: the failure as a code and values (the page words it), with the exchange's own words. */
  failure?: AppError;
  /** Withdrawals only: ok because the exchange refused the empty request's fields, which only a key allowed to withdraw reaches. */
  checkedBy?: 'fields_refused';
}
/** What a key can reach, like a "test connection" report. */
export interface PermissionReport {
  balance: AreaResult;
  codes: AreaResult;
  positions: AreaResult;
  flex: AreaResult;
  /**
   * Withdrawals, probed with a request that names no asset, amount or address, so it can never move
   * money: the exchange refuses the key (no permission) or the request's fields (the key may withdraw).
   */
  withdraw: AreaResult;
  testedAt: number;
}

/**
 * What the app knows of a key's withdrawal access: from its last key test, or from the exchange's
 * refusal of a real withdrawal, whichever came last.
 */
export interface WithdrawAccess {
  status: AreaStatus;
  /** The refusal's code, when it had one (shared/failures.ts). */
  reason?: ErrorReason;
  /** What the exchange itself said, shown as its words. */
  exchangeSaid?: string;
  /** When it was learned (ms since the epoch), and how. */
  learnedAt: number;
  source: 'key_test' | 'withdrawal';
}

export interface AccountSummary {
  id: string;
  name: string;
  region: RegionName;
  baseUrl: string;
  isDemo: boolean;
  /** First 4 and last 4 characters of the public key, e.g. "ab12…yz89"; null when no key is stored. */
  apiKeyMasked: string | null;
  /** True when the keychain holds a secret for this account. */
  hasSecret: boolean;
  /** A desktop notification when a position enters margin_call or liquidation (the effective setting). */
  notifyPositions: boolean;
  /** True while the person never chose: alerts are on by default (an account without positions raises nothing). */
  notifyPositionsByDefault?: boolean;
  /** With notifyPositions: also alert when a position's distance to liquidation falls below this percent; null = off. */
  alertThresholdPercent: string | null;
  /**
   * The exchange account is in the EEA: its crypto withdrawals need Travel Rule data (docs/exchange-api.md).
   * Default: on for the EU region, off otherwise, until the user sets it on the account card.
   */
  eea: boolean;
  /** Absent until a key test or a refused withdrawal has said something about it. */
  withdrawAccess?: WithdrawAccess;
}

export function maskApiKey(apiKey: string): string {
  if (apiKey.length <= 8) return '•'.repeat(apiKey.length);
  return `${apiKey.slice(0, 4)}…${apiKey.slice(-4)}`;
}
