/**
 * Valid addresses for tests, including ones that carry the simulator's settlement markers ("cancel",
 * "partial"…, matched case-insensitively as substrings: electron/simulator/handlers/withdraw.ts).
 * A marker is written into a valid address's base58 text and the checksum recomputed; base58 has no
 * lower-case "l", so the marker's "l" is written "L", which the simulator's match ignores.
 */
import { base58, createBase58check } from '@scure/base';
import { sha256 } from '../hashes';

const base58check = createBase58check(sha256);

export const BTC_BECH32 = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
export const BTC_P2PKH = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
export const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** EIP-55's own example: mixed case with a valid checksum. */
export const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const XRP = 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh';

function decodeOrNull(text: string): Uint8Array | null {
  try {
    return base58.decode(text);
  } catch {
    return null;
  }
}

function withMarker(template: string, marker: string): string {
  const written = marker.replace(/l/g, 'L').replace(/I/g, 'i').replace(/O/g, 'o');
  if (!written) return template;
  for (let at = 4; at + written.length < template.length - 7; at++) {
    const text = template.slice(0, at) + written + template.slice(at + written.length);
    const bytes = decodeOrNull(text);
    if (!bytes || bytes.length !== 25 || bytes[0] !== base58.decode(template)[0]) continue;
    const address = base58check.encode(bytes.slice(0, 21));
    if (address.toLowerCase().includes(marker.toLowerCase())) return address;
  }
  throw new Error(`no valid address carries "${marker}"`);
}

/** A valid Tron address (TRX, TRC20) containing `marker`. */
export const tronAddress = (marker = '') => withMarker(TRON, marker);
/** A valid legacy Bitcoin address containing `marker`. */
export const bitcoinAddress = (marker = '') => withMarker(BTC_P2PKH, marker);
