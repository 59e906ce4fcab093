/**
 * One destination, whatever its spelling. Two withdrawals to `0xabc…` and `0xABC…` pay the same
 * account, so everything that asks "is this the same destination?" (the twin rule, the
 * known-destinations book, the first-payment step, the "sent recently" warning) compares these keys.
 * What the person typed is still what is stored, shown and sent.
 */
import { canonicalAddress } from './addressFormat';

export interface DestinationSpelling {
  ticker: string;
  network: string | null;
  /** Set for fiat withdrawals (the payment provider); the address is then a payout account. */
  provider?: string | null;
  address: string;
  memo: string | null;
}

export interface CanonicalDestination {
  address: string;
  /** Null when there is no memo (an empty or blank memo is none). */
  memo: string | null;
}

export function canonicalDestination(destination: DestinationSpelling): CanonicalDestination {
  const address = destination.provider ? canonicalFiatAddress(destination.address) : canonicalAddress(destination.network ?? destination.ticker, destination.address);
  return { address, memo: canonicalMemo(destination.memo) };
}

/** Same destination on the same network or provider, whatever the spelling. */
export function sameDestination(a: DestinationSpelling, b: DestinationSpelling): boolean {
  if ((a.network ?? null) !== (b.network ?? null) || (a.provider ?? null) !== (b.provider ?? null)) return false;
  const left = canonicalDestination(a);
  const right = canonicalDestination(b);
  return left.address === right.address && left.memo === right.memo;
}

/**
 * Memos and destination tags are sent trimmed (the withdrawal's validation trims them before it is
 * recorded), so leading or trailing blanks never make another destination. Their case is kept: a
 * memo is free text the receiving exchange matches as it is.
 */
export function canonicalMemo(memo: string | null | undefined): string | null {
  const trimmed = memo?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * A fiat payout account (card number, IBAN, account number) is often written in groups: spaces and
 * hyphens between groups are dropped and the rest compared in upper case, as banks read it. Anything
 * else (an e-mail or a token) is only trimmed: its other characters may matter.
 */
export function canonicalFiatAddress(address: string): string {
  const compact = address.trim().replace(/[\s-]+/g, '');
  return /^[A-Za-z0-9]+$/.test(compact) ? compact.toUpperCase() : address.trim();
}
