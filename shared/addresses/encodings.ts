/** Base58(check) and bech32/bech32m decoding (BIP-173, BIP-350), for address checks. */
import { sha256 } from './hashes';

export const BITCOIN_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export const RIPPLE_ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';

/** Bytes of a base58 string, or null when a character is outside the alphabet. */
export function base58Decode(text: string, alphabet = BITCOIN_ALPHABET): Uint8Array | null {
  let value = 0n;
  for (const char of text) {
    const digit = alphabet.indexOf(char);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  // Each leading "zero digit" stands for one leading zero byte.
  for (const char of text) {
    if (char !== alphabet[0]) break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

export function base58Encode(bytes: Uint8Array, alphabet = BITCOIN_ALPHABET): string {
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  let text = '';
  while (value > 0n) {
    text = alphabet[Number(value % 58n)]! + text;
    value /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    text = alphabet[0]! + text;
  }
  return text;
}

/** The first four bytes of SHA-256(SHA-256(payload)). */
export function base58Checksum(payload: Uint8Array): Uint8Array {
  return sha256(sha256(payload)).slice(0, 4);
}

export type Base58CheckResult = { kind: 'ok'; payload: Uint8Array } | { kind: 'bad_characters' } | { kind: 'bad_checksum' };

/** A base58check string's payload (version byte included), checksum verified. */
export function base58CheckDecode(text: string, alphabet = BITCOIN_ALPHABET): Base58CheckResult {
  const bytes = base58Decode(text, alphabet);
  if (!bytes) return { kind: 'bad_characters' };
  if (bytes.length < 5) return { kind: 'bad_checksum' };
  const payload = bytes.slice(0, -4);
  const check = base58Checksum(payload);
  return bytes.slice(-4).every((b, i) => b === check[i]) ? { kind: 'ok', payload } : { kind: 'bad_checksum' };
}

export function base58CheckEncode(payload: Uint8Array, alphabet = BITCOIN_ALPHABET): string {
  const full = new Uint8Array(payload.length + 4);
  full.set(payload);
  full.set(base58Checksum(payload), payload.length);
  return base58Encode(full, alphabet);
}

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function polymod(values: number[]): number {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= generators[i]!;
  }
  return chk >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const out: number[] = [];
  for (const c of hrp) out.push(c.charCodeAt(0) >> 5);
  out.push(0);
  for (const c of hrp) out.push(c.charCodeAt(0) & 31);
  return out;
}

export type SegwitResult = { kind: 'ok'; version: number; program: number[] } | { kind: 'bad_format'; reason: string } | { kind: 'bad_checksum' };

/** A segwit address for `hrp` (bc, ltc…): checksum (bech32 for v0, bech32m for v1+), version and program. */
export function decodeSegwit(hrp: string, address: string): SegwitResult {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return { kind: 'bad_format', reason: 'it mixes upper and lower case' };
  const text = address.toLowerCase();
  const sep = text.lastIndexOf('1');
  if (text.slice(0, sep) !== hrp) return { kind: 'bad_format', reason: `it does not start with ${hrp}1` };
  if (text.length > 90) return { kind: 'bad_format', reason: 'it is too long' };
  const data: number[] = [];
  for (const c of text.slice(sep + 1)) {
    const v = BECH32_CHARSET.indexOf(c);
    if (v < 0) return { kind: 'bad_format', reason: `it contains "${c}", which bech32 never uses` };
    data.push(v);
  }
  if (data.length < 7) return { kind: 'bad_format', reason: 'it is too short' };
  const check = polymod([...hrpExpand(hrp), ...data]);
  const version = data[0]!;
  if (check !== (version === 0 ? BECH32_CONST : BECH32M_CONST)) return { kind: 'bad_checksum' };
  const program = convertBits(data.slice(1, -6), 5, 8);
  if (!program || version > 16 || program.length < 2 || program.length > 40 || (version === 0 && program.length !== 20 && program.length !== 32)) {
    return { kind: 'bad_format', reason: 'its witness program has the wrong length' };
  }
  return { kind: 'ok', version, program };
}

/** Regroups 5-bit words into bytes; null when the padding is not zero (BIP-173). */
function convertBits(data: number[], from: number, to: number): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const maxv = (1 << to) - 1;
  for (const value of data) {
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & maxv);
    }
  }
  if (bits >= from || ((acc << (to - bits)) & maxv) !== 0) return null;
  return out;
}
