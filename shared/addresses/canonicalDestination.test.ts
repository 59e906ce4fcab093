import { bech32, bech32m } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { canonicalAddress } from './addressFormat';
import { canonicalDestination, canonicalFiatAddress, canonicalMemo, sameDestination } from './canonicalDestination';
import { BTC_BECH32, BTC_P2PKH, EVM, TRON, XRP } from './test/sampleAddresses';

describe('canonicalAddress, per network family', () => {
  const lower = EVM.toLowerCase();
  it.each([
    ['checksum capitals', EVM],
    ['lower case', lower],
    ['upper case', `0x${EVM.slice(2).toUpperCase()}`],
  ])('EVM %s: lower-case hex', (_, spelling) => {
    for (const network of ['ERC20', 'BEP20', 'POLYGON', 'eth']) expect(canonicalAddress(network, spelling)).toBe(lower);
  });

  it('EVM mixed case whose EIP-55 checksum fails is kept as typed, never taken for the valid address', () => {
    const wrong = `${EVM.slice(0, -1)}D`;
    expect(canonicalAddress('ERC20', wrong)).toBe(wrong);
  });

  it('bech32 and bech32m: lower case', () => {
    const taproot = bech32m.encode('bc', [1, ...bech32m.toWords(new Uint8Array(32).fill(7))]);
    expect(canonicalAddress('BTC', BTC_BECH32.toUpperCase())).toBe(BTC_BECH32);
    expect(canonicalAddress('BTC', taproot.toUpperCase())).toBe(taproot);
    const litecoin = bech32.encode('ltc', [0, ...bech32.toWords(new Uint8Array(20).fill(3))]);
    expect(canonicalAddress('LTC', litecoin.toUpperCase())).toBe(litecoin);
  });

  it.each([
    ['BTC', BTC_P2PKH],
    ['TRC20', TRON],
    ['XRP', XRP],
    ['SOL', '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'],
    ['NEAR', 'Alice.near'],
  ])('%s (case-sensitive or unknown): as typed', (network, address) => {
    expect(canonicalAddress(network, address)).toBe(address);
  });
});

describe('canonicalDestination', () => {
  it('memos and tags are trimmed; a blank one is none; their case is kept', () => {
    expect(canonicalMemo('  12345 ')).toBe('12345');
    expect(canonicalMemo('   ')).toBeNull();
    expect(canonicalMemo(null)).toBeNull();
    expect(canonicalMemo('AbC')).toBe('AbC');
  });

  it('a fiat payout account in groups or lower case is one account; other text is only trimmed', () => {
    expect(canonicalFiatAddress('de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(canonicalFiatAddress('4111-1111-1111-1111')).toBe('4111111111111111');
    expect(canonicalFiatAddress(' a-b@example.com ')).toBe('a-b@example.com');
    expect(canonicalDestination({ ticker: 'EUR', network: null, provider: 'SEPA', address: 'de89 3704', memo: null }).address).toBe('DE893704');
  });

  it('a single-network asset is keyed by its ticker’s format', () => {
    expect(canonicalDestination({ ticker: 'ETH', network: null, address: EVM, memo: ' 7 ' })).toEqual({ address: EVM.toLowerCase(), memo: '7' });
  });

  it('sameDestination: same network or provider, same canonical address and memo', () => {
    const base = { ticker: 'USDT', network: 'ERC20', address: EVM, memo: null };
    expect(sameDestination(base, { ...base, address: EVM.toLowerCase() })).toBe(true);
    expect(sameDestination(base, { ...base, network: 'BEP20' })).toBe(false);
    expect(sameDestination(base, { ...base, memo: '1' })).toBe(false);
    expect(sameDestination({ ...base, network: 'TRC20', address: TRON }, { ...base, network: 'TRC20', address: TRON.toLowerCase() })).toBe(false);
  });
});
