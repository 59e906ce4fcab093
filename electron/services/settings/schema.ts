/**
 * The settings file: everything the app remembers except secrets. Versioned so that a later
 * release can migrate it; validated on every read, because it lives in a folder the user (or a
 * sync tool, or a crash mid-write on an old version) can change.
 */
import { z } from 'zod';
import { AccountId, DEMO_ACCOUNT_ID, RegionName } from '../../../shared/model/accounts';
import { QuoteCurrency } from '../../../shared/model/balances';
import { AlertThreshold } from '../../../shared/model/alerts';
import { LanguageChoice, LastView, REFRESH_INTERVALS_MS, ThemeChoice } from '../../../shared/model/settings';
import { isLooseDecimalString } from '../../../shared/money/decimal';

const SETTINGS_VERSION = 1;
export const SETTINGS_FILE_NAME = 'settings.json';

export const StoredAccount = z
  .object({
    id: AccountId.refine((id) => id !== DEMO_ACCOUNT_ID, { message: 'is reserved for the demo account' }),
    name: z.string().min(1).max(64),
    region: RegionName,
    /** The effective base URL (a region's address, or the custom one). */
    baseUrl: z.string().max(512).regex(/^https?:\/\/[^\s]+$/),
    /** The public half of the key pair. Not a secret, but only its masked form leaves the main process. */
    apiKey: z.string().min(1).max(256),
    /**
     * Position alerts as the person chose them. Absent = never chosen: on (effectiveNotifyPositions),
     * so an account with open positions is watched; one with none raises nothing anyway.
     */
    notifyPositions: z.boolean().optional(),
    /** Alert when a position's distance to liquidation falls below this percent; absent = no distance alert. */
    alertThresholdPercent: AlertThreshold.optional(),
    /** EEA account (Travel Rule). Absent = not chosen yet: on for the EU region, off otherwise (effectiveEea). */
    eea: z.boolean().optional(),
    /** What the last key test or the last refused withdrawal said about withdrawing with this key. */
    withdrawAccess: z
      .object({
        status: z.enum(['ok', 'no_permission', 'failed', 'not_tested']),
        /** The refusal's code (shared/failures.ts); a code this version does not know is kept, and worded generically. */
        reason: z.string().max(64).optional(),
        exchangeSaid: z.string().max(1000).optional(),
        /** Older versions kept an English sentence here; it is read, kept and never shown. */
        message: z.string().max(1000).optional(),
        learnedAt: z.number().int().nonnegative(),
        source: z.enum(['key_test', 'withdrawal']),
      })
      .strict()
      .optional(),
    createdAt: z.number().int().nonnegative(),
  })
  .strict();
export type StoredAccount = z.infer<typeof StoredAccount>;

export const SettingsFile = z
  .object({
    version: z.literal(SETTINGS_VERSION),
    accounts: z.array(StoredAccount).max(100),
    activeAccountId: AccountId,
    refreshIntervalMs: z.union(REFRESH_INTERVALS_MS.map((v) => z.literal(v)) as [z.ZodLiteral<0>, ...z.ZodLiteral<number>[]]),
    theme: ThemeChoice,
    hideSmallBelow: z.string().refine(isLooseDecimalString),
    /** Valuation currency; absent in files written before it existed (then USDT). */
    quote: QuoteCurrency.optional(),
    /** Absent in files written before these existed: the OS language, and Balances. */
    language: LanguageChoice.optional(),
    lastView: LastView.optional(),
    demo: z.object({ notifyPositions: z.boolean(), alertThresholdPercent: AlertThreshold.optional(), eea: z.boolean().optional() }).strict(),
  })
  .strict()
  .refine((s) => new Set(s.accounts.map((a) => a.id)).size === s.accounts.length, { message: 'account ids must be unique' });
export type SettingsFile = z.infer<typeof SettingsFile>;

/** Position alerts as the person chose them, else on: the watcher reads the account's positions. */
export function effectiveNotifyPositions(account: { notifyPositions?: boolean | undefined }): boolean {
  return account.notifyPositions ?? true;
}

/** The account's EEA flag as the user set it, else the region's default (on for `eu`). */
export function effectiveEea(account: { region: string; eea?: boolean | undefined }): boolean {
  return account.eea ?? account.region === 'eu';
}

export function defaultSettings(): SettingsFile {
  return {
    version: SETTINGS_VERSION,
    accounts: [],
    activeAccountId: DEMO_ACCOUNT_ID,
    refreshIntervalMs: 30_000,
    theme: 'system',
    hideSmallBelow: '0',
    demo: { notifyPositions: false },
  };
}
