/**
 * The address format check (shared/addresses) in the person's language: shared/ returns codes and
 * the format's name, the words are the page's.
 */
import { t } from '@lingui/core/macro';
import type { AddressProblem } from '../../../shared/addresses/addressFormat';

function problemWords(problem: AddressProblem | string): string {
  switch (problem) {
    case 'bad_checksum':
      return t`its checksum does not match (a character is wrong or missing)`;
    case 'wrong_length':
      return t`it has the wrong length`;
    case 'bad_characters':
      return t`it contains characters this format never uses (0, O, I or l, or punctuation)`;
    case 'other_network':
      return t`it is not an address of this network`;
    case 'not_0x_hex':
      return t`it is not 0x followed by exactly 40 hexadecimal characters`;
    case 'no_0x':
      return t`it does not start with 0x`;
    case 'eip55_mismatch':
      return t`its mixed upper and lower case does not match the EIP-55 checksum (a character is wrong)`;
    case 'not_32_byte_key':
      return t`it is not the base58 form of a 32-byte key`;
    case 'segwit_invalid':
      return t`it is not a valid bech32 address`;
    default:
      return t`it is not of this network’s format`;
  }
}

/** What addresses of a format look like; null for a format this page has no words for. */
function looksLike(family: string, network: string): string | null {
  switch (family) {
    case 'Bitcoin':
      return t`${network} addresses start with 1, 3 or bc1.`;
    case 'Litecoin':
      return t`${network} addresses start with L, M, 3 or ltc1.`;
    case 'Dogecoin':
      return t`${network} addresses start with D, A or 9.`;
    case 'Dash':
      return t`${network} addresses start with X or 7.`;
    case 'EVM':
      return t`${network} addresses are 0x followed by 40 hexadecimal characters.`;
    case 'Tron':
      return t`${network} addresses start with T and have 34 characters.`;
    case 'XRP Ledger':
      return t`${network} addresses start with r.`;
    case 'Solana':
      return t`${network} addresses are 32 to 44 base58 characters.`;
    default:
      return null;
  }
}

/** The sentence for an address that is not of its network's format (the form's check or the main process's refusal). */
export function invalidAddressText(check: { problem: AddressProblem | string; family: string; lookalike: { name: string; networks: readonly string[] } | null }, network: string): string {
  const problem = problemWords(check.problem);
  const networks = check.lookalike?.networks.join(', ') ?? '';
  const other = check.lookalike?.name ?? '';
  // English needs "an EVM" but "a Tron"; other languages word both alike.
  const lookalike = /^[AEIOU]/.test(other) ? t`It looks like an ${other} address (${networks}): is the network right?` : t`It looks like a ${other} address (${networks}): is the network right?`;
  const hint = check.lookalike ? lookalike : (looksLike(check.family, network) ?? '');
  return `${t`This is not a valid ${network} address: ${problem}.`} ${hint}`.trim();
}

/** Said beside an address whose network's format the app does not check. */
export function uncheckedAddressNote(network: string): string {
  return t`The app does not know the ${network} address format; the exchange checks it when you send.`;
}
