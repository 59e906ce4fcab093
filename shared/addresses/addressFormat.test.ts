import { describe, expect, it } from 'vitest';
import { checkAddressFormat, eip55Checksummed } from './addressFormat';
import { BTC_BECH32, BTC_P2PKH, EVM, TRON, XRP, bitcoinAddress, tronAddress } from './test/sampleAddresses';

describe('checkAddressFormat: valid addresses of each checked family', () => {
  it.each([
    ['BTC', BTC_BECH32],
    ['BTC', BTC_P2PKH],
    ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    // BIP-350 taproot (bech32m) and an upper-case bech32 address.
    ['BTC', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297'],
    ['BTC', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'],
    ['LTC', 'LaMT348PWRnrqeeWArpwQPbuanpXDZGEUz'],
    ['DOGE', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L'],
    ['TRC20', TRON],
    ['TRX', TRON],
    ['XRP', XRP],
    ['SOL', '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'],
    ['ERC20', EVM],
    ['BEP20', EVM.toLowerCase()],
    ['POLYGON', `0x${EVM.slice(2).toUpperCase()}`],
    // The other EIP-55 examples.
    ['ETH', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
    ['ETH', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB'],
    ['ETH', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb'],
  ])('%s %s', (network, address) => {
    expect(checkAddressFormat(network, address).kind).toBe('valid');
  });

  it('EIP-55 checksums the lower-case form as the EIP says', () => {
    expect(eip55Checksummed('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
  });
});

describe('checkAddressFormat: refusals name the problem', () => {
  it.each([
    { network: 'BTC', address: TRON, words: /not a valid BTC address: .*looks like a Tron address \(TRX, TRC20\): is the network right\?/ },
    { network: 'TRC20', address: EVM, words: /not a valid TRC20 address: .*looks like an EVM address/ },
    { network: 'ERC20', address: TRON, words: /does not start with 0x.*looks like a Tron address/ },
    { network: 'ERC20', address: `${EVM.slice(0, -1)}D`, words: /EIP-55 checksum/ },
    { network: 'ERC20', address: `${EVM}0`, words: /exactly 40 hexadecimal/ },
    // One character changed: the checksum catches the typo.
    { network: 'TRC20', address: `${TRON.slice(0, 10)}${TRON[10] === 'a' ? 'b' : 'a'}${TRON.slice(11)}`, words: /checksum does not match/ },
    { network: 'BTC', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlj', words: /checksum does not match/ },
    { network: 'BTC', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlH', words: /mixes upper and lower case/ },
    { network: 'BTC', address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7Divf0a', words: /characters this format never uses/ },
    { network: 'LTC', address: BTC_P2PKH, words: /not an address of this network.*Bitcoin/ },
    { network: 'XRP', address: TRON, words: /not a valid XRP address/ },
    { network: 'SOL', address: 'short', words: /32-byte key/ },
  ])('$network refuses $address', ({ network, address, words }) => {
    const result = checkAddressFormat(network, address);
    expect(result.kind).toBe('invalid');
    expect(result.kind === 'invalid' && result.message).toMatch(words);
  });

  it('names the problem and the formats as codes, so the page can word them in any language', () => {
    expect(checkAddressFormat('ERC20', TRON)).toMatchObject({ kind: 'invalid', problem: 'no_0x', family: 'EVM', lookalike: { name: 'Tron', networks: ['TRX', 'TRC20'] } });
    expect(checkAddressFormat('BTC', '1BoatSLRHtKNngkdXEeobR76b53LETtpyX')).toMatchObject({ kind: 'invalid', problem: 'bad_checksum', family: 'Bitcoin', lookalike: null });
  });

  it('an unknown network is accepted with a note', () => {
    expect(checkAddressFormat('NEAR', 'alice.near')).toEqual({ kind: 'unchecked', note: expect.stringMatching(/does not know the NEAR address format; the exchange checks it/) });
  });
});

describe('test addresses carrying the simulator markers stay valid', () => {
  it.each(['cancel', 'partial', 'unconfirmed', 'amlfreeze', 'stuck', 'invalid'])('%s', (marker) => {
    const tron = tronAddress(marker);
    const btc = bitcoinAddress(marker);
    expect(tron.toLowerCase()).toContain(marker);
    expect(btc.toLowerCase()).toContain(marker);
    expect(checkAddressFormat('TRC20', tron).kind).toBe('valid');
    expect(checkAddressFormat('BTC', btc).kind).toBe('valid');
  });
});
