/**
 * Settings values the page's first chunk needs, in a module without zod: the schemas
 * that check them (shared/model/settings.ts, balances.ts) run in the main process and re-export these.
 */

/** The auto-refresh choices, in ms; 0 is off. */
export const REFRESH_INTERVALS_MS = [0, 10_000, 30_000, 60_000, 300_000] as const;

/** The currency balances are valued in unless the user picks another. */
export const DEFAULT_QUOTE = 'USDT';

/** Quote currencies offered; the exchange must have a market to value in the chosen one. */
export const QUOTE_CHOICES = ['USDT', 'USDC', 'BTC', 'ETH', 'EUR', 'USD', 'UAH'] as const;

/** The two lists of exchange codes: the ones this account created, and its codes history. */
export const CODE_LISTS = ['my', 'history'] as const;
