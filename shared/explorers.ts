/**
 * Links to a transaction on its network's public explorer. The URL is built here from a fixed
 * template and a hash that must look like a hash, never taken from the exchange's text, so a record
 * cannot send a person to a page of its choosing. The main process opens only these hosts (and the
 * exchange's own sites) in the system browser.
 */

interface Explorer {
  /** Where `{hash}` goes. https only. */
  template: string;
  /** What a transaction id looks like on this network. */
  hash: RegExp;
  /** EVM chains: the exchange may write the hash without its 0x; the explorer wants it. */
  evm?: boolean;
}

const HEX_0X = /^(0x)?[0-9a-fA-F]{64}$/;
const HEX = /^[0-9a-fA-F]{64}$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{43,90}$/;
const BASE64URL = /^[A-Za-z0-9_-]{43,64}={0,2}$/;

const ETHERSCAN: Explorer = { template: 'https://etherscan.io/tx/{hash}', hash: HEX_0X, evm: true };
const BSCSCAN: Explorer = { template: 'https://bscscan.com/tx/{hash}', hash: HEX_0X, evm: true };
const POLYGONSCAN: Explorer = { template: 'https://polygonscan.com/tx/{hash}', hash: HEX_0X, evm: true };
const ARBISCAN: Explorer = { template: 'https://arbiscan.io/tx/{hash}', hash: HEX_0X, evm: true };
const TRONSCAN: Explorer = { template: 'https://tronscan.org/#/transaction/{hash}', hash: HEX };
const SOLSCAN: Explorer = { template: 'https://solscan.io/tx/{hash}', hash: BASE58 };
const MEMPOOL: Explorer = { template: 'https://mempool.space/tx/{hash}', hash: HEX };
const blockchair = (chain: string): Explorer => ({ template: `https://blockchair.com/${chain}/transaction/{hash}`, hash: HEX });

/** By network name as the exchange writes it (upper-cased), then by ticker for single-network coins. */
const BY_NETWORK: Record<string, Explorer> = {
  ERC20: ETHERSCAN,
  ETH: ETHERSCAN,
  BEP20: BSCSCAN,
  BSC: BSCSCAN,
  POLYGON: POLYGONSCAN,
  MATIC: POLYGONSCAN,
  ARBITRUM: ARBISCAN,
  TRC20: TRONSCAN,
  TRX: TRONSCAN,
  SOL: SOLSCAN,
  SPL: SOLSCAN,
  BTC: MEMPOOL,
  LTC: blockchair('litecoin'),
  DOGE: blockchair('dogecoin'),
  BCH: blockchair('bitcoin-cash'),
  XRP: { template: 'https://xrpscan.com/tx/{hash}', hash: HEX },
  TON: { template: 'https://tonviewer.com/transaction/{hash}', hash: new RegExp(`${HEX.source}|${BASE64URL.source}`) },
};

/** Hosts the explorer links lead to: the main process lets exactly these out to the browser. */
export const EXPLORER_HOSTS: ReadonlySet<string> = new Set(Object.values(BY_NETWORK).map((e) => /^https:\/\/([^/#?]+)/.exec(e.template)?.[1] ?? ''));

/**
 * The explorer page of a transaction, or null when the network has no known explorer or the hash
 * does not look like one of its hashes.
 */
export function explorerUrl(network: string | null, ticker: string | null, hash: string | null): string | null {
  if (!hash) return null;
  const explorer = BY_NETWORK[(network ?? ticker ?? '').toUpperCase()] ?? BY_NETWORK[(ticker ?? '').toUpperCase()];
  if (!explorer || !explorer.hash.test(hash)) return null;
  const id = explorer.evm && !hash.startsWith('0x') ? `0x${hash}` : hash;
  return explorer.template.replace('{hash}', encodeURIComponent(id));
}
