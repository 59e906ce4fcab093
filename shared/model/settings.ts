/** The app settings the page may read and change (accounts have their own channels). */
import { z } from 'zod';
import { Requests } from '../api/endpoints';
import { QuoteCurrency } from './balances';

import { REFRESH_INTERVALS_MS } from './choices';

export { REFRESH_INTERVALS_MS };
export const ThemeChoice = z.enum(['system', 'light', 'dark']);

export const SettingsPatch = z
  .object({
    refreshIntervalMs: z.union(REFRESH_INTERVALS_MS.map((v) => z.literal(v)) as [z.ZodLiteral<0>, ...z.ZodLiteral<number>[]]).optional(),
    hideSmallBelow: Requests.flexInvest.shape.amount.or(z.literal('0')).optional(),
    theme: ThemeChoice.optional(),
    quote: QuoteCurrency.optional(),
  })
  .strict();

export interface Settings {
  refreshIntervalMs: (typeof REFRESH_INTERVALS_MS)[number];
  /** Display only: balances below this are hidden when the user asks. Decimal string. */
  hideSmallBelow: string;
  theme: z.infer<typeof ThemeChoice>;
  /** The currency balances are valued in (USDT unless the user picks another). */
  quote: string;
}
