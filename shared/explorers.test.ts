import { describe, expect, it } from 'vitest';
import { EXPLORER_HOSTS, explorerUrl } from './explorers';

const ETH_HASH = `0x${'ab'.repeat(32)}`;
const HEX_HASH = 'cd'.repeat(32);

describe('explorer links', () => {
  it('are built from a fixed template per network, falling back to the ticker', () => {
    expect(explorerUrl('ERC20', 'USDT', ETH_HASH)).toBe(`https://etherscan.io/tx/${ETH_HASH}`);
    expect(explorerUrl('TRC20', 'USDT', HEX_HASH)).toBe(`https://tronscan.org/#/transaction/${HEX_HASH}`);
    expect(explorerUrl(null, 'BTC', HEX_HASH)).toBe(`https://mempool.space/tx/${HEX_HASH}`);
  });

  it('refuse what does not look like a hash of that network, and unknown networks', () => {
    expect(explorerUrl('ERC20', 'USDT', HEX_HASH)).toBe(`https://etherscan.io/tx/0x${HEX_HASH}`);
    expect(explorerUrl('ERC20', 'USDT', `0x${'ab'.repeat(31)}`)).toBeNull();
    expect(explorerUrl('BTC', 'BTC', '../../evil.example/x')).toBeNull();
    expect(explorerUrl('BTC', 'BTC', `${HEX_HASH}?redirect=https://evil.example`)).toBeNull();
    expect(explorerUrl('SOMECHAIN', 'XYZ', HEX_HASH)).toBeNull();
    expect(explorerUrl('BTC', 'BTC', null)).toBeNull();
  });

  it('lead only to https explorer hosts', () => {
    expect([...EXPLORER_HOSTS]).toContain('etherscan.io');
    for (const host of EXPLORER_HOSTS) expect(host).toMatch(/^[a-z0-9.-]+$/);
  });
});
