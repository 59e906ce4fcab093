/**
 * Is this address of the chosen network's format? One rule set for the withdrawal form and, again,
 * the main process before anything is sent. Only formats that are well known are checked:
 *   Bitcoin-like (BTC, LTC, DOGE, DASH): base58check with the chain's version bytes, or bech32/bech32m;
 *   EVM (ETH, ERC20, BEP20, POLYGON, ARBITRUM…): 0x + 40 hex, EIP-55 checksum when mixed case;
 *   Tron (TRX, TRC20): base58check, version 0x41 (starts with T);
 *   XRP: base58check in Ripple's alphabet (starts with r);
 *   Solana (SOL): base58 of a 32-byte key (no checksum exists).
 * Any other network is `unchecked`, with a note, and the exchange's own check (code 2) decides.
 * The wording is ours, not the exchange's.
 */
import { base58CheckDecode, base58Decode, decodeSegwit, type Base58Alphabet } from './encodings';
import { asciiBytes, keccak256 } from './hashes';

/** Why an address is not of its network's format, as a code the page words in its own language. */
export type AddressProblem = 'bad_checksum' | 'wrong_length' | 'bad_characters' | 'other_network' | 'not_0x_hex' | 'no_0x' | 'eip55_mismatch' | 'not_32_byte_key' | 'segwit_invalid';

export type AddressCheck =
  | { kind: 'valid'; format: string }
  /**
   * `message` is the English sentence (logs, the main process's refusal); `problem`, `family` (the
   * network's format, e.g. Bitcoin) and `lookalike` (another format the address does match) let the
   * page say the same in the person's language.
   */
  | { kind: 'invalid'; message: string; problem: AddressProblem; family: string; lookalike: { name: string; networks: readonly string[] } | null }
  /** The network's format is not one we check; the exchange checks it. */
  | { kind: 'unchecked'; note: string };

interface Family {
  name: string;
  /** Network names as the exchange spells them (docs/exchange-api.md: `networks.withdraws`). */
  networks: readonly string[];
  /** What valid addresses look like, after "<network> addresses", for the error message. */
  looksLike: string;
  check: (address: string) => 'valid' | Verdict;
  /**
   * The one spelling of an address for comparing destinations (never for sending: what the person
   * typed is what is sent). Absent: the format is case-sensitive and the address is its own key.
   */
  canonical?: (address: string) => string;
}

interface Verdict {
  problem: string;
  code: AddressProblem;
}

function bitcoinLike(name: string, networks: string[], versions: number[], hrp: string | null, looksLike: string): Family {
  return {
    name,
    networks,
    looksLike,
    check: (address) => {
      if (hrp && address.toLowerCase().startsWith(`${hrp}1`)) {
        const segwit = decodeSegwit(hrp, address);
        if (segwit.kind === 'ok') return 'valid';
        return segwit.kind === 'bad_checksum' ? { problem: 'its checksum does not match (a character is wrong or missing)', code: 'bad_checksum' } : { problem: segwit.reason, code: 'segwit_invalid' };
      }
      return base58Versioned(address, versions);
    },
    // A bech32 address is one address in lower or upper case (BIP-173); base58 ones are case-sensitive.
    canonical: (address) => (hrp && address.toLowerCase().startsWith(`${hrp}1`) ? address.toLowerCase() : address),
  };
}

function base58Versioned(address: string, versions: number[], alphabet?: Base58Alphabet): 'valid' | Verdict {
  if (address.length < 25 || address.length > 36) return { problem: 'it has the wrong length', code: 'wrong_length' };
  const decoded = base58CheckDecode(address, alphabet);
  if (decoded.kind === 'bad_characters') return { problem: 'it contains characters this format never uses (0, O, I or l, or punctuation)', code: 'bad_characters' };
  if (decoded.kind === 'bad_checksum') return { problem: 'its checksum does not match (a character is wrong or missing)', code: 'bad_checksum' };
  if (decoded.payload.length !== 21 || !versions.includes(decoded.payload[0]!)) return { problem: 'it is not an address of this network', code: 'other_network' };
  return 'valid';
}

const EVM_NETWORKS = ['ETH', 'ERC20', 'BEP20', 'BSC', 'POLYGON', 'MATIC', 'ARBITRUM', 'OPTIMISM', 'AVAXC', 'ETC', 'BASE', 'FTM', 'LINEA', 'ZKSYNCERA'] as const;

/** EIP-55: a letter is upper case exactly when its nibble of keccak256(lower-case hex) is 8 or more. */
export function eip55Checksummed(hexWithout0x: string): string {
  const lower = hexWithout0x.toLowerCase();
  const hash = keccak256(asciiBytes(lower));
  let out = '';
  for (let i = 0; i < lower.length; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    out += nibble >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  }
  return out;
}

function checkEvm(address: string): 'valid' | Verdict {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return /^0x/i.test(address) ? { problem: 'it is not 0x followed by exactly 40 hexadecimal characters', code: 'not_0x_hex' } : { problem: 'it does not start with 0x', code: 'no_0x' };
  const hex = address.slice(2);
  // All lower or all upper case carries no checksum (EIP-55); mixed case must match it exactly.
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return 'valid';
  return eip55Checksummed(hex) === hex ? 'valid' : { problem: 'its mixed upper and lower case does not match the EIP-55 checksum (a character is wrong)', code: 'eip55_mismatch' };
}

const FAMILIES: readonly Family[] = [
  bitcoinLike('Bitcoin', ['BTC'], [0x00, 0x05], 'bc', 'start with 1, 3 or bc1'),
  bitcoinLike('Litecoin', ['LTC'], [0x30, 0x32, 0x05], 'ltc', 'start with L, M, 3 or ltc1'),
  bitcoinLike('Dogecoin', ['DOGE'], [0x1e, 0x16], null, 'start with D, A or 9'),
  bitcoinLike('Dash', ['DASH'], [0x4c, 0x10], null, 'start with X or 7'),
  {
    name: 'EVM',
    networks: EVM_NETWORKS,
    looksLike: 'are 0x followed by 40 hexadecimal characters',
    check: checkEvm,
    // The case of hex digits only carries the checksum: every valid spelling names one account. A
    // mixed-case spelling whose checksum fails stays as typed, so it never passes for a known one.
    canonical: (address) => (checkEvm(address) === 'valid' ? `0x${address.slice(2).toLowerCase()}` : address),
  },
  { name: 'Tron', networks: ['TRX', 'TRC20'], looksLike: 'start with T and have 34 characters', check: (address) => base58Versioned(address, [0x41]) },
  { name: 'XRP Ledger', networks: ['XRP'], looksLike: 'start with r', check: (address) => base58Versioned(address, [0x00], 'ripple') },
  {
    name: 'Solana',
    networks: ['SOL'],
    looksLike: 'are 32 to 44 base58 characters',
    check: (address) => {
      const bytes = address.length >= 32 && address.length <= 44 ? base58Decode(address) : null;
      return bytes?.length === 32 ? 'valid' : { problem: 'it is not the base58 form of a 32-byte key', code: 'not_32_byte_key' };
    },
  },
];

function familyOf(network: string): Family | undefined {
  const wanted = network.toUpperCase();
  return FAMILIES.find((f) => f.networks.includes(wanted));
}

/**
 * Checks `address` against `network` (the network the exchange will use: the chosen one, the asset's
 * default, or for single-network assets its only one). Whitespace is the caller's concern.
 */
export function checkAddressFormat(network: string, address: string): AddressCheck {
  const family = familyOf(network);
  if (!family) return { kind: 'unchecked', note: `The app does not know the ${network} address format; the exchange checks it when you send.` };
  const verdict = family.check(address);
  if (verdict === 'valid') return { kind: 'valid', format: family.name };
  // Naming the format the address does have catches the commonest mistake: the wrong network chosen.
  const other = FAMILIES.find((f) => f !== family && f.check(address) === 'valid');
  const hint = other ? ` It looks like ${/^[AEIOU]/.test(other.name) ? 'an' : 'a'} ${other.name} address (${other.networks.join(', ')}): is the network right?` : ` ${network} addresses ${family.looksLike}.`;
  return {
    kind: 'invalid',
    message: `This is not a valid ${network} address: ${verdict.problem}.${hint}`,
    problem: verdict.code,
    family: family.name,
    lookalike: other ? { name: other.name, networks: other.networks } : null,
  };
}

/**
 * The canonical key of a crypto address on `network`: what two spellings of one address share.
 * EVM: lower-case hex (a mixed-case spelling only when its EIP-55 checksum holds); bech32/bech32m:
 * lower case; base58 and every format the app does not know: exactly as typed (case-sensitive).
 */
export function canonicalAddress(network: string, address: string): string {
  return familyOf(network)?.canonical?.(address) ?? address;
}
