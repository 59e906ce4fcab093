/**
 * The two hashes address checksums need, from @noble/hashes (audited, dependency-free, runs in
 * both processes): SHA-256 for base58check (Bitcoin, Tron, XRP) and Keccak-256 (the original
 * Keccak padding, as Ethereum uses it, NOT SHA3-256) for EIP-55. hashes.test.ts pins both to
 * published vectors, so a swap of one for the other cannot pass unnoticed.
 */
export { sha256 } from '@noble/hashes/sha2';
export { keccak_256 as keccak256 } from '@noble/hashes/sha3';

/** ASCII text as bytes (addresses are ASCII; shared/ has no TextEncoder type). */
export function asciiBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
