/** Addresses that look right for their network, and each account's own deposit addresses. */
import type { Catalogue } from './catalogue';
import type { Random } from '../random';

export interface DepositAddress {
  address: string;
  memo: string | null;
}

const EVM_NETWORKS = new Set(['ERC20', 'BEP20', 'ETH', 'ETC', 'AVAXC', 'POLYGON', 'ARBITRUM']);

/** A plausible-looking address for a network. */
export function randomAddress(rng: Random, network: string | undefined): string {
  if (network && EVM_NETWORKS.has(network)) return `0x${rng.hex(40)}`;
  if (network === 'TRC20' || network === 'TRX') return `T${rng.base58(33)}`;
  if (network === 'BTC') return `bc1q${rng.chars(38, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}`;
  if (network === 'LTC') return `ltc1q${rng.chars(38, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}`;
  return rng.base58(34);
}

export function depositAddresses(rng: Random, catalogue: Catalogue): Map<string, DepositAddress> {
  const out = new Map<string, DepositAddress>();
  for (const spec of catalogue.specs.values()) {
    if (spec.fiat) continue;
    out.set(spec.ticker, {
      address: randomAddress(rng, spec.networks?.[0]),
      memo: spec.memo ? String(rng.int(100_000_000, 999_999_999)) : null,
    });
  }
  return out;
}
