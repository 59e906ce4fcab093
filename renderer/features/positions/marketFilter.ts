import { MarketName } from '../../../shared/api/schemas';

export type MarketFilterCheck = { ok: true; market: string | undefined } | { ok: false; message: string };

/**
 * What a person typed into the market filter, checked with the same MarketName rule the request
 * schema uses, so an invalid market never reaches the exchange (which would answer code 30).
 * Lower case is accepted and upper-cased, since markets are always written in capitals.
 */
export function checkMarketFilter(input: string): MarketFilterCheck {
  const market = input.trim().toUpperCase();
  if (market === '') return { ok: true, market: undefined };
  const parsed = MarketName.safeParse(market);
  if (!parsed.success) return { ok: false, message: `The market ${parsed.error.issues[0]?.message ?? 'is not valid'}.` };
  return { ok: true, market: parsed.data };
}
