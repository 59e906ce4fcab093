/**
 * Base58(check) and bech32/bech32m decoding (BIP-173, BIP-350) for address checks, on @scure/base
 * (audited, dependency-free). Only the verdicts are ours: which failure is a wrong character, which
 * a wrong checksum, and which witness programs a segwit address may carry.
 */
import { base58, base58xrp, bech32, bech32m } from '@scure/base';
import { sha256 } from './hashes';

/** Bitcoin's alphabet (Bitcoin, Litecoin, Dogecoin, Tron, Solana…) or Ripple's (XRP). */
export type Base58Alphabet = 'bitcoin' | 'ripple';

const BASE58 = { bitcoin: base58, ripple: base58xrp } as const;

/** Bytes of a base58 string, or null when a character is outside the alphabet. */
export function base58Decode(text: string, alphabet: Base58Alphabet = 'bitcoin'): Uint8Array | null {
  try {
    return BASE58[alphabet].decode(text);
  } catch {
    return null;
  }
}

export type Base58CheckResult = { kind: 'ok'; payload: Uint8Array } | { kind: 'bad_characters' } | { kind: 'bad_checksum' };

/** A base58check string's payload (version byte included), its checksum (double SHA-256) verified. */
export function base58CheckDecode(text: string, alphabet: Base58Alphabet = 'bitcoin'): Base58CheckResult {
  const bytes = base58Decode(text, alphabet);
  if (!bytes) return { kind: 'bad_characters' };
  if (bytes.length < 5) return { kind: 'bad_checksum' };
  const payload = bytes.slice(0, -4);
  const check = sha256(sha256(payload));
  return bytes.slice(-4).every((b, i) => b === check[i]) ? { kind: 'ok', payload } : { kind: 'bad_checksum' };
}

const BECH32_DATA = /^[qpzry9x8gf2tvdw0s3jn54khce6mua7l]*$/;

export type SegwitResult = { kind: 'ok'; version: number; program: Uint8Array } | { kind: 'bad_format'; reason: string } | { kind: 'bad_checksum' };

/** A segwit address for `hrp` (bc, ltc…): checksum (bech32 for v0, bech32m for v1+), version and program. */
export function decodeSegwit(hrp: string, address: string): SegwitResult {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return { kind: 'bad_format', reason: 'it mixes upper and lower case' };
  const text = address.toLowerCase();
  const sep = text.lastIndexOf('1');
  if (text.slice(0, sep) !== hrp) return { kind: 'bad_format', reason: `it does not start with ${hrp}1` };
  if (text.length > 90) return { kind: 'bad_format', reason: 'it is too long' };
  const data = text.slice(sep + 1);
  const stray = [...data].find((c) => !BECH32_DATA.test(c));
  if (stray !== undefined) return { kind: 'bad_format', reason: `it contains "${stray}", which bech32 never uses` };
  // A witness version and the six checksum characters at least.
  if (data.length < 7) return { kind: 'bad_format', reason: 'it is too short' };
  const version = bech32.decodeUnsafe(text)?.words[0] ?? bech32m.decodeUnsafe(text)?.words[0];
  const decoded = version === 0 ? bech32.decodeUnsafe(text) : bech32m.decodeUnsafe(text);
  if (version === undefined || !decoded) return { kind: 'bad_checksum' };
  const program = bech32.fromWordsUnsafe(decoded.words.slice(1));
  if (!program || version > 16 || program.length < 2 || program.length > 40 || (version === 0 && program.length !== 20 && program.length !== 32)) {
    return { kind: 'bad_format', reason: 'its witness program has the wrong length' };
  }
  return { kind: 'ok', version, program };
}
