/** The app settings the page may read and change (accounts have their own channels). */
import { z } from 'zod';
import { Requests } from '../api/endpoints';
import { QuoteCurrency } from './balances';

import { QUOTE_CHOICES, REFRESH_INTERVALS_MS } from './choices';

export { QUOTE_CHOICES, REFRESH_INTERVALS_MS };
export const ThemeChoice = z.enum(['system', 'light', 'dark']);
/** The page's language: the OS's (the first of its languages the app has, else English) unless one is picked. */
export const LanguageChoice = z.enum(['system', 'en', 'uk']);
export type LanguageChoice = z.infer<typeof LanguageChoice>;
export const DEFAULT_LANGUAGE = 'system' satisfies LanguageChoice;
/**
 * The view open when the app was last used, restored on the next start. Checked here only for
 * shape: the page knows its views and falls back to the first one for a name it does not know
 * (a view a later release removed, say), so adding a view needs no change to this schema.
 */
export const LastView = z.string().regex(/^[a-z][a-z0-9-]{0,31}$/);

export const SettingsPatch = z
  .object({
    refreshIntervalMs: z.union(REFRESH_INTERVALS_MS.map((v) => z.literal(v)) as [z.ZodLiteral<0>, ...z.ZodLiteral<number>[]]).optional(),
    hideSmallBelow: Requests.flexInvest.shape.amount.or(z.literal('0')).optional(),
    theme: ThemeChoice.optional(),
    quote: QuoteCurrency.optional(),
    language: LanguageChoice.optional(),
    lastView: LastView.optional(),
  })
  .strict();

export interface Settings {
  refreshIntervalMs: (typeof REFRESH_INTERVALS_MS)[number];
  /** Display only: balances below this are hidden when the user asks. Decimal string. */
  hideSmallBelow: string;
  theme: z.infer<typeof ThemeChoice>;
  /** The currency balances are valued in (USDT unless the user picks another). */
  quote: string;
  language: LanguageChoice;
  /** Empty until a view was opened once. */
  lastView: string;
}
