/**
 * Valuation with hand-computed numbers: direct, inverse and two-hop prices, no price never zero,
 * stablecoins at their market price, futures ignored.
 */
import { describe, expect, it } from 'vitest';
import { allocationOf, shareOf } from './allocation';
import { PriceIndex, priceOf, valueAssets, valueTotal } from './valuation';

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

/**
 * A share, worked out exactly with integers: part × 100 / whole rounded half up (away from zero on
 * a tie) to `places`. The reference for the shortened division in percentOf.
 */
function exactPercent(part: string, whole: string, places: number): string {
  const scaled = (text: string): [bigint, number] => {
    const [int, frac = ''] = text.replace('-', '').split('.');
    const sign = text.startsWith('-') ? -1n : 1n;
    return [sign * BigInt(int + frac), frac.length];
  };
  const [p, pScale] = scaled(part);
  const [w, wScale] = scaled(whole);
  // part / whole = (p / 10^pScale) / (w / 10^wScale); times 100 × 10^places, as integers.
  let numerator = p * 100n * 10n ** BigInt(places + wScale);
  let denominator = w * 10n ** BigInt(pScale);
  if (denominator < 0n) [numerator, denominator] = [-numerator, -denominator];
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  let units = magnitude / denominator;
  if (2n * (magnitude % denominator) >= denominator) units += 1n;
  const digits = units.toString().padStart(places + 1, '0');
  const text = `${digits.slice(0, -places)}.${digits.slice(-places)}`.replace(/\.?0+$/, '');
  return units === 0n ? '0' : `${negative ? '-' : ''}${text}`;
}

describe('shares: rounded from a shortened division, yet exact', () => {
  /** A decimal text of `intDigits` integer and `fracDigits` fraction digits from a seeded generator. */
  let seed = 20261126;
  const digit = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % 10);
  const decimalText = (intDigits: number, fracDigits: number) => {
    let int = '';
    for (let i = 0; i < intDigits; i++) int += String(i === 0 ? 1 + (digit() % 9) : digit());
    let frac = '';
    for (let i = 0; i < fracDigits; i++) frac += String(digit());
    return frac ? `${int || '0'}.${frac}` : int || '0';
  };

  it('agrees with integer arithmetic on thousands of shares with up to 40 digits', () => {
    for (let i = 0; i < 3_000; i++) {
      const whole = decimalText(1 + (i % 24), i % 9);
      const part = decimalText(1 + ((i * 7) % 24), (i * 5) % 9);
      expect(shareOf(part, whole), `${part} of ${whole}`).toBe(exactPercent(part, whole, 2));
    }
  });

  it('lands on the right side of a tie and of a near-tie (a quotient rounded, not cut, to 24 digits would read 0.125 and give 0.13)', () => {
    // 1 / 800 = 0.125 %: a tie, half up.
    expect(shareOf('1', '800')).toBe('0.13');
    // A hair below and above the tie, at the 8th decimal of the part and far beyond any 24 digits.
    const whole = '80000000000000000000000';
    expect(shareOf('99999999999999999999.99999999', whole)).toBe(exactPercent('99999999999999999999.99999999', whole, 2));
    expect(shareOf('99999999999999999999.99999999', whole)).toBe('0.12');
    expect(shareOf('100000000000000000000.00000001', whole)).toBe('0.13');
    // A tie by a negative part (a borrowed collateral asset) rounds away from zero.
    expect(shareOf('-1', '800')).toBe('-0.13');
  });

  it('stays exact for shares far above 100 % (negative parts elsewhere make the whole small)', () => {
    const whole = '0.00000001';
    for (const part of ['123456789012345678901234.56789', '1', '-98765432109876543210.5']) {
      expect(shareOf(part, whole)).toBe(exactPercent(part, whole, 2));
    }
  });

  it('gives the allocation picture its 4 places exactly, near a tie too', () => {
    const whole = '3';
    const rows = [
      { asset: 'A', value: '1.00000001' },
      { asset: 'B', value: '1.99999999' },
    ];
    expect(allocationOf(rows, whole, 5)).toEqual([
      { asset: 'B', share: exactPercent('1.99999999', whole, 4) },
      { asset: 'A', share: exactPercent('1.00000001', whole, 4) },
    ]);
  });
});

describe('PriceIndex over a ticker answer', () => {
  const items = {
    BTC_USDT: { last_price: '62000', change: '1.25' },
    ETH_BTC: { last_price: '0.04', change: '-0.5' },
    USDT_EUR: { last_price: '0.92', change: '0' },
    BTC_PERP: { last_price: '99999', change: '0' },
    ZERO_USDT: { last_price: '0', change: '0' },
  };
  const list = Object.entries(items).map(([market, a]) => ({ market, last: a.last_price, change: a.change }));

  it('prices every route as the same markets given as a list do', () => {
    const fromTicker = PriceIndex.ofTicker(items);
    const fromList = new PriceIndex(list);
    for (const [asset, quote] of [
      ['BTC', 'USDT'],
      ['ETH', 'USDT'],
      ['EUR', 'BTC'],
      ['USDT', 'EUR'],
      ['PERP', 'BTC'],
      ['BTC', 'PERP'],
      ['ZERO', 'USDT'],
      ['ETH', 'EUR'],
    ] as const) {
      expect(priceOf(fromTicker, asset, quote), `${asset} in ${quote}`).toBe(priceOf(fromList, asset, quote));
    }
    // 1 / (0.92 × 62000) = 1 / 57040, to 20 significant digits.
    expect(priceOf(fromTicker, 'EUR', 'BTC')).toBe('0.000017531556802244039271');
    expect(fromTicker.rate('EUR', 'USDT')).toMatchObject({ market: 'USDT_EUR', inverse: true, change: '0' });
  });

  it('reads a market only when a route asks for it, and never an inherited property', () => {
    const asked: string[] = [];
    const index = new PriceIndex((market) => (asked.push(market), market === 'BTC_USDT' ? { last: '62000' } : undefined));
    expect(asked).toEqual([]);
    expect(priceOf(index, 'BTC', 'USDT')).toBe('62000');
    expect(priceOf(index, 'BTC', 'USDT')).toBe('62000');
    expect(asked).toEqual(['BTC_USDT']);
    const odd = PriceIndex.ofTicker(JSON.parse('{"BTC_USDT":{"last_price":"5","change":"0"}}') as typeof items);
    expect(priceOf(odd, 'constructor', 'x')).toBeNull();
    expect(priceOf(odd, '_', 'proto__')).toBeNull();
    expect(priceOf(odd, '', '_proto__')).toBeNull();
  });
});

describe('the total\'s 24 h move at today\'s amounts', () => {
  // Now and 24 h ago: BTC 50000 (was 40000), ETH 0.05 BTC (was 0.1), USDT_EUR 0.8 (was 0.64).
  const moving = new PriceIndex([
    { market: 'BTC_USDT', last: '50000', change: '25' },
    { market: 'ETH_BTC', last: '0.05', change: '-50' },
    { market: 'USDT_EUR', last: '0.8', change: '25' },
    { market: 'HBAR_BTC', last: '0.000001' },
  ]);
  const held = [
    { asset: 'BTC', amount: '1' },
    { asset: 'ETH', amount: '10' },
    { asset: 'USDT', amount: '100' },
    { asset: 'EUR', amount: '80' },
    { asset: 'NOPRICE', amount: '7' },
  ];

  it('undoes each leg, inverse and two-hop included: 75200 now against 80225 then is -5025 (-6.26 %)', () => {
    // Then: 40000 (BTC) + 10 × 0.1 × 40000 (ETH) + 100 (USDT) + 80 ÷ 0.64 (EUR) = 80225.
    const valuation = valueAssets(held, 'USDT', moving);
    expect(valuation.total).toBe('75200');
    expect(valuation.change24h).toEqual({ value: '-5025', percent: '-6.26' });
  });

  it('is not known once a held, priced asset has a leg without a change, never 0', () => {
    expect(valueAssets([...held, { asset: 'HBAR', amount: '1000' }], 'USDT', moving).change24h).toBeNull();
    // Held at zero, its unknown move changes nothing.
    expect(valueAssets([...held, { asset: 'HBAR', amount: '0' }], 'USDT', moving).change24h).toEqual({ value: '-5025', percent: '-6.26' });
  });

  it('is not known when nothing priced was held', () => {
    expect(valueAssets([{ asset: 'NOPRICE', amount: '7' }], 'USDT', moving).change24h).toBeNull();
  });
});
