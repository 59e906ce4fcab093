/**
 * Accounts as both processes see them: the validated values a person types (name, key, base URL),
 * what the page may know of an account (never its secret), and the key test report.
 */
import { z } from 'zod';
import { isAllowedExchangeUrl } from '../api/baseUrl';

export const AccountId = z.string().regex(/^[a-z0-9-]{1,64}$/, 'is not a valid account id');
export const DEMO_ACCOUNT_ID = 'demo';

export const RegionName = z.enum(['global', 'eu', 'custom']);
export type RegionName = z.infer<typeof RegionName>;

export const AccountName = z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters');
export const ApiKey = z.string().trim().min(8, 'looks too short').max(256).regex(/^[\x21-\x7e]+$/, 'must not contain spaces');
export const ApiSecret = z.string().trim().min(8, 'looks too short').max(256).regex(/^[\x21-\x7e]+$/, 'must not contain spaces');
/** https, or http only to this computer (a local simulator); anything else (file:, javascript:) is refused. */
export const BaseUrl = z
  .string()
  .max(512)
  .url()
  .refine(isAllowedExchangeUrl, { message: 'must start with https:// (http:// only for this computer, e.g. a local simulator)' });

export type AreaStatus = 'ok' | 'no_permission' | 'failed';
export interface AreaResult {
  status: AreaStatus;
  message?: string;
}
/** What a key can reach, like a "test connection" report. */
export interface PermissionReport {
  balance: AreaResult;
  codes: AreaResult;
  positions: AreaResult;
  flex: AreaResult;
  testedAt: number;
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
  /** Opt-in: a desktop notification when a position enters margin_call or liquidation. */
  notifyPositions: boolean;
  /**
   * The exchange account is in the EEA: its crypto withdrawals need Travel Rule data (API.md).
   * Default: on for the EU region, off otherwise, until the user sets it on the account card.
   */
  eea: boolean;
}

export function maskApiKey(apiKey: string): string {
  if (apiKey.length <= 8) return '•'.repeat(apiKey.length);
  return `${apiKey.slice(0, 4)}…${apiKey.slice(-4)}`;
}
