/**
 * Valuation with hand-computed numbers: direct, inverse and two-hop prices, no price never zero,
 * stablecoins at their market price, futures ignored.
 */
import { describe, expect, it } from 'vitest';
import { allocationOf, PriceIndex, priceOf, shareOf, valueAssets, valueTotal } from './valuation';

const index = new PriceIndex([
  { market: 'BTC_USDT', last: '62000', change: '1.25' },
  { market: 'ETH_BTC', last: '0.04', change: '-0.5' },
  { market: 'USDT_EUR', last: '0.92' },
  { market: 'USDC_USDT', last: '0.9998', change: '0.01' },
  { market: 'HBAR_BTC', last: '0.0000011' },
  { market: 'USDT_UAH', last: '41.3' },
  // Not conversion markets: a perpetual, and a market without a usable price.
  { market: 'BTC_PERP', last: '99999' },
  { market: 'ZERO_USDT', last: '0' },
  { market: 'ODD_USDT', last: 'n/a' },
]);

describe('valueAssets in USDT', () => {
  const valuation = valueAssets(
    [
      { asset: 'BTC', amount: '2' },
      { asset: 'ETH', amount: '10' },
      { asset: 'USDC', amount: '100' },
      { asset: 'HBAR', amount: '1000' },
      { asset: 'EUR', amount: '92' },
      { asset: 'USDT', amount: '5' },
      { asset: 'LUNC', amount: '1000' },
      { asset: 'XYZ', amount: '0' },
      { asset: 'ZERO', amount: '3' },
    ],
    'USDT',
    index,
  );
  const row = (asset: string) => valuation.rows.find((r) => r.asset === asset)!;

  it('values through a direct market: 2 BTC × 62000 = 124000', () => {
    expect(row('BTC')).toMatchObject({ price: '62000', value: '124000', route: [{ market: 'BTC_USDT', inverse: false }], change: '1.25' });
  });
  it('values through two hops via BTC: 10 ETH × 0.04 × 62000 = 24800', () => {
    expect(row('ETH')).toMatchObject({ price: '2480', value: '24800', route: [{ market: 'ETH_BTC', inverse: false }, { market: 'BTC_USDT', inverse: false }], change: '-0.5' });
    // 1000 HBAR × 0.0000011 × 62000 = 68.2
    expect(row('HBAR')).toMatchObject({ price: '0.0682', value: '68.2' });
  });
  it('values through an inverse market: 92 EUR ÷ 0.92 = 100, and gives no change for it', () => {
    expect(row('EUR')).toMatchObject({ price: '1.0869565217391304348', value: '100', route: [{ market: 'USDT_EUR', inverse: true }], change: null });
  });
  it('does not take a stablecoin for 1: 100 USDC × 0.9998 = 99.98', () => {
    expect(row('USDC')).toMatchObject({ price: '0.9998', value: '99.98' });
  });
  it('values the quote itself at 1', () => {
    expect(row('USDT')).toMatchObject({ price: '1', value: '5', route: [] });
  });
  it('leaves an asset without a price out of the total as null, never zero, and counts it (a zero amount is not counted)', () => {
    expect(row('LUNC')).toMatchObject({ price: null, value: null });
    expect(row('XYZ')).toMatchObject({ price: null, value: null });
    // ZERO_USDT trades at 0: not a price.
    expect(row('ZERO')).toMatchObject({ price: null, value: null });
    expect(valuation.unpriced).toBe(2);
    // 124000 + 24800 + 99.98 + 68.2 + 100 + 5
    expect(valuation.total).toBe('149073.18');
  });
  it('gives shares of the total to 2 decimals: 24800 / 149073.18 = 16.64 %', () => {
    expect(shareOf(row('ETH').value, valuation.total)).toBe('16.64');
    expect(shareOf(null, valuation.total)).toBeNull();
    expect(shareOf('1', '0')).toBeNull();
  });
});

describe('other quotes', () => {
  it('BTC: 31 USDT ÷ 62000 = 0.0005; 10 ETH × 0.04 = 0.4', () => {
    const v = valueAssets([{ asset: 'USDT', amount: '31' }, { asset: 'ETH', amount: '10' }], 'BTC', index);
    expect(v.rows.map((r) => r.value)).toEqual(['0.0005', '0.4']);
    expect(v.total).toBe('0.4005');
  });
  it('EUR through USDT: 1 BTC × 62000 × 0.92 = 57040; 100 USDC × 0.9998 × 0.92 = 91.9816', () => {
    const v = valueAssets([{ asset: 'BTC', amount: '1' }, { asset: 'USDC', amount: '100' }], 'EUR', index);
    expect(v.rows.map((r) => r.value)).toEqual(['57040', '91.9816']);
  });
  it('never takes three hops: ETH has no route to UAH (ETH→BTC→USDT→UAH)', () => {
    expect(priceOf(index, 'ETH', 'UAH')).toBeNull();
    expect(priceOf(index, 'BTC', 'UAH')).toBe('2560600');
  });
  it('rounds a value that a division makes endless to 8 decimals, half up', () => {
    const third = new PriceIndex([{ market: 'BTC_USDT', last: '3' }]);
    expect(valueAssets([{ asset: 'USDT', amount: '1' }], 'BTC', third).rows[0]!.value).toBe('0.33333333');
    expect(valueAssets([{ asset: 'USDT', amount: '2' }], 'BTC', third).rows[0]!.value).toBe('0.66666667');
  });
  it('prefers a direct market over an inverse one for the same pair', () => {
    const both = new PriceIndex([
      { market: 'USDT_BTC', last: '0.00002' },
      { market: 'BTC_USDT', last: '62000' },
    ]);
    expect(priceOf(both, 'BTC', 'USDT')).toBe('62000');
    expect(priceOf(both, 'USDT', 'BTC')).toBe('0.00002');
  });
  it('keeps every digit of large amounts and tiny prices', () => {
    const shib = new PriceIndex([{ market: 'SHIB_USDT', last: '0.00001412' }]);
    expect(valueAssets([{ asset: 'SHIB', amount: '123456789012345678901.25' }], 'USDT', shib).rows[0]!.value).toBe('1743209860854320.98608565');
  });
});

describe('allocationOf: the allocation picture', () => {
  const rows = [
    { asset: 'A', value: '50' },
    { asset: 'B', value: '20' },
    { asset: 'C', value: '10' },
    { asset: 'D', value: '7' },
    { asset: 'E', value: '5' },
    { asset: 'F', value: '5' },
    { asset: 'G', value: '3' },
    { asset: 'NOPRICE', value: null },
    { asset: 'DUST', value: '0' },
  ];

  it('names the five largest and adds the rest up as one part (null), in percent of the total', () => {
    // The total is 100: shares are the values. F ties E at 5 and sorts after it by ticker.
    expect(allocationOf(rows, '100', 5)).toEqual([
      { asset: 'A', share: '50' },
      { asset: 'B', share: '20' },
      { asset: 'C', share: '10' },
      { asset: 'D', share: '7' },
      { asset: 'E', share: '5' },
      { asset: null, share: '8' },
    ]);
  });

  it('takes 4 decimals, half up, whatever order the rows come in: 1 / 3 = 33.3333 %', () => {
    expect(allocationOf([{ asset: 'Y', value: '2' }, { asset: 'X', value: '1' }], '3', 5)).toEqual([
      { asset: 'Y', share: '66.6667' },
      { asset: 'X', share: '33.3333' },
    ]);
  });

  it('has no picture without a positive total, and no "other" part when nothing is left over', () => {
    expect(allocationOf(rows, '0', 5)).toEqual([]);
    expect(allocationOf([{ asset: 'A', value: null }], '0', 5)).toEqual([]);
    expect(allocationOf([{ asset: 'A', value: '1' }], '1', 5)).toEqual([{ asset: 'A', share: '100' }]);
  });
});

describe('valueTotal (an account part)', () => {
  it('is the total valueAssets gives, in every quote, zeros, unpriced assets and rounded divisions included', () => {
    const amounts = [
      { asset: 'BTC', amount: '0.123456789' },
      { asset: 'ETH', amount: '0' },
      { asset: 'USDC', amount: '100.5' },
      { asset: 'HBAR', amount: '-0.000' },
      { asset: 'USDT', amount: '31' },
      { asset: 'EUR', amount: '7.77' },
      { asset: 'LUNC', amount: '1000' },
      { asset: 'ZERO', amount: '3' },
    ];
    for (const quote of ['USDT', 'BTC', 'EUR', 'UAH', 'USDC']) {
      expect(valueTotal(amounts, quote, index), quote).toBe(valueAssets(amounts, quote, index).total);
    }
    expect(valueTotal([], 'USDT', index)).toBe('0');
  });
});
