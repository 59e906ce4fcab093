import { describe, expect, it } from 'vitest';
import { dec, isLooseDecimalString, isPositive, isZero, roundForDisplay } from './decimal';
import { roundForDisplay as sharedRoundForDisplay } from '../shared/money/decimal';

describe('the page decimal (big.js)', () => {
  it('reads what the shared module reads, and keeps every digit in plain notation', () => {
    expect(dec('123456789012345678901234.123456789012345678').toFixed()).toBe('123456789012345678901234.123456789012345678');
    expect(dec('0.00000000000000000001').toFixed()).toBe('0.00000000000000000001');
    expect(dec('00.5').toFixed()).toBe('0.5');
    expect(dec('.5').toFixed()).toBe('0.5');
    expect(dec('1.').toFixed()).toBe('1');
  });

  it('refuses exponents, spaces, NaN and numbers', () => {
    for (const bad of ['1e5', ' 1', 'NaN', 'Infinity', '0x10', '', '-']) {
      expect(isLooseDecimalString(bad)).toBe(false);
      expect(() => dec(bad)).toThrow(RangeError);
    }
    expect(() => dec(1 as unknown as string)).toThrow(RangeError);
  });

  it('rounds half up for display exactly as the main process would', () => {
    for (const [value, places] of [['2.345', 2], ['-2.345', 2], ['0.000000015', 8], ['99.995', 2], ['7', 2]] as const) {
      expect(roundForDisplay(value, places)).toBe(sharedRoundForDisplay(value, places));
    }
  });

  it('answers zero and sign questions on strings', () => {
    expect(isZero('-0.000')).toBe(true);
    expect(isPositive('0.00000001')).toBe(true);
    expect(isPositive('0')).toBe(false);
  });
});
