import { describe, expect, it } from 'vitest';
import { asciiBytes, keccak256, sha256, toHex } from './hashes';

describe('sha256 (FIPS 180-4 vectors)', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq', '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1'],
  ])('%j', (text, hex) => {
    expect(toHex(sha256(asciiBytes(text)))).toBe(hex);
  });
  it('a million "a" spans many blocks', () => {
    expect(toHex(sha256(asciiBytes('a'.repeat(1_000_000))))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });
});

describe('keccak256 (Ethereum padding, not SHA3)', () => {
  it.each([
    ['', 'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470'],
    ['abc', '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45'],
    // 135 bytes leave room for both padding bits in one block; 136 (the rate) needs a padding-only block.
    ['a'.repeat(135), '34367dc248bbd832f4e3e69dfaac2f92638bd0bbd18f2912ba4ef454919cf446'],
    ['a'.repeat(136), 'a6c4d403279fe3e0af03729caada8374b5ca54d8065329a3ebcaeb4b60aa386e'],
    ['a'.repeat(300), '5b7e0e47a96f32a88b4f14ca177982790807c40e1a105742ba0fc1babe1ef826'],
  ])('%j', (text, hex) => {
    expect(toHex(keccak256(asciiBytes(text)))).toBe(hex);
  });
});
