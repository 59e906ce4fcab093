/** The app settings the page may read and change (accounts have their own channels). */
import { z } from 'zod';
import { Requests } from '../api/endpoints';
import { QuoteCurrency } from './balances';

import { REFRESH_INTERVALS_MS } from './choices';

export { REFRESH_INTERVALS_MS };
export const ThemeChoice = z.enum(['system', 'light', 'dark']);
/** The page's language: the OS's (the first of its languages the app has) unless one is picked. */
export const LanguageChoice = z.enum(['system', 'en', 'uk']);
export type LanguageChoice = z.infer<typeof LanguageChoice>;

export const SettingsPatch = z
  .object({
    refreshIntervalMs: z.union(REFRESH_INTERVALS_MS.map((v) => z.literal(v)) as [z.ZodLiteral<0>, ...z.ZodLiteral<number>[]]).optional(),
    hideSmallBelow: Requests.flexInvest.shape.amount.or(z.literal('0')).optional(),
    theme: ThemeChoice.optional(),
    language: LanguageChoice.optional(),
    quote: QuoteCurrency.optional(),
  })
  .strict();

export interface Settings {
  refreshIntervalMs: (typeof REFRESH_INTERVALS_MS)[number];
  /** Display only: balances below this are hidden when the user asks. Decimal string. */
  hideSmallBelow: string;
  theme: z.infer<typeof ThemeChoice>;
  language: LanguageChoice;
  /** The currency balances are valued in (USDT unless the user picks another). */
  quote: string;
}
