import { Ticker } from '../../../shared/api/schemas';

export type TickerFilterCheck = { ok: true; ticker: string | undefined } | { ok: false; message: string };

/** The plans filter, checked with the request schema's Ticker rule; tickers are upper-cased. */
export function checkTickerFilter(input: string): TickerFilterCheck {
  const ticker = input.trim().toUpperCase();
  if (ticker === '') return { ok: true, ticker: undefined };
  const parsed = Ticker.safeParse(ticker);
  if (!parsed.success) return { ok: false, message: `The ticker ${parsed.error.issues[0]?.message ?? 'is not valid'}.` };
  return { ok: true, ticker: parsed.data };
}

