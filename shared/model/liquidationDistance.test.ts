import { describe, expect, it } from 'vitest';
import { isPastLiquidation, liquidationDistancePercent, liquidatedBy, type DistanceInput } from './liquidationDistance';

const long = (currentPrice: string | null, liquidationPrice: string | null): DistanceInput => ({ side: 'LONG', amount: '1', basePrice: '60000', currentPrice, liquidationPrice });
const short = (currentPrice: string, liquidationPrice: string): DistanceInput => ({ side: 'SHORT', amount: '-1', basePrice: '2400', currentPrice, liquidationPrice });

describe('liquidationDistancePercent', () => {
  it('is the room left from the current price, in percent of it, to 2 decimals', () => {
    // Long: (62000 − 48211.37) / 62000 = 22.2397…%
    expect(liquidationDistancePercent(long('62000', '48211.37'))).toBe('22.24');
    // Short: (2575.1 − 2500) / 2500 = 3.004 %
    expect(liquidationDistancePercent(short('2500', '2575.1'))).toBe('3');
  });

  it('is negative once the price is past the liquidation price', () => {
    // A long at 61,888 liquidated at 63,100.5: (61888 − 63100.5) / 61888 = −1.9592…%
    expect(liquidationDistancePercent(long('61888', '63100.5'))).toBe('-1.96');
    // A short at 2600 liquidated at 2575.1: (2575.1 − 2600) / 2600 = −0.9576…%
    expect(liquidationDistancePercent(short('2600', '2575.1'))).toBe('-0.96');
    expect(isPastLiquidation('-1.96')).toBe(true);
    expect(isPastLiquidation('0')).toBe(true);
    expect(isPastLiquidation('0.01')).toBe(false);
    expect(isPastLiquidation(null)).toBe(false);
  });

  it('takes the direction from the side, else the amount, else where liquidation lies against the entry', () => {
    expect(liquidatedBy({ side: 'BOTH', amount: '-3', basePrice: null, currentPrice: '1', liquidationPrice: '2' })).toBe('rise');
    expect(liquidatedBy({ side: null, amount: '3', basePrice: null, currentPrice: '1', liquidationPrice: '2' })).toBe('fall');
    expect(liquidatedBy({ side: null, amount: null, basePrice: '100', currentPrice: '1', liquidationPrice: '120' })).toBe('rise');
    expect(liquidatedBy({ side: null, amount: null, basePrice: null, currentPrice: '1', liquidationPrice: '2' })).toBeNull();
  });

  it('is unknown (null) without either price, at a zero price, or without a direction', () => {
    expect(liquidationDistancePercent(long(null, '1'))).toBeNull();
    expect(liquidationDistancePercent(long('1', null))).toBeNull();
    expect(liquidationDistancePercent(long('0', '1'))).toBeNull();
    expect(liquidationDistancePercent({ side: 'BOTH', amount: null, basePrice: null, currentPrice: '1', liquidationPrice: '2' })).toBeNull();
  });
});
