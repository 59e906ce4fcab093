import { describe, expect, it } from 'vitest';
import { markToMarketPnl } from './markToMarket';

describe('markToMarketPnl', () => {
  it('gains on a long as the price rises and on a short as it falls, exactly', () => {
    expect(markToMarketPnl({ side: 'LONG', amount: '0.8', basePrice: '64010', currentPrice: '70000' })).toBe('4792');
    expect(markToMarketPnl({ side: 'SHORT', amount: '-4', basePrice: '2410.75', currentPrice: '2400.1' })).toBe('42.6');
    // A short the exchange sends with a positive amount still loses as the price rises.
    expect(markToMarketPnl({ side: 'SHORT', amount: '0.05', basePrice: '61500', currentPrice: '70000' })).toBe('-425');
    // One-way (BOTH) and no side: the amount's sign says which way.
    expect(markToMarketPnl({ side: 'BOTH', amount: '-0.1', basePrice: '0.3', currentPrice: '0.1' })).toBe('0.02');
    expect(markToMarketPnl({ side: null, amount: '3', basePrice: '0.1', currentPrice: '0.2' })).toBe('0.3');
  });

  it('is unknown without a price, an entry or an amount', () => {
    expect(markToMarketPnl({ side: 'LONG', amount: '1', basePrice: '100', currentPrice: null })).toBeNull();
    expect(markToMarketPnl({ side: 'LONG', amount: null, basePrice: null, currentPrice: '100' })).toBeNull();
  });
});
