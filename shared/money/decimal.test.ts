import { describe, expect, it } from 'vitest';
import { add, compare, dec, Decimal, isDecimalString, isLooseDecimalString, isNegative, isPositive, isZero, percentChange, roundForDisplay, roundUp, sub, sum, toPlain } from './decimal';

describe('decimal helpers', () => {
  it('adds without binary floating point error', () => {
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(sub('1', '0.00000001')).toBe('0.99999999');
  });
  it('keeps 40-digit amounts exact', () => {
    const big = '1234567890123456789012345678901234567890';
    expect(add(big, '0.000000000000000001')).toBe('1234567890123456789012345678901234567890.000000000000000001');
  });
  it('rounds fees up, never down', () => {
    expect(roundUp('0.000000001', 8)).toBe('0.00000001');
    expect(roundUp('1.5', 0)).toBe('2');
  });
  it('rejects exponents, NaN and blanks', () => {
    for (const bad of ['1e5', 'NaN', 'Infinity', ' 1', '', '0x10', '1,5']) {
      expect(isDecimalString(bad)).toBe(false);
      expect(() => dec(bad)).toThrow(RangeError);
    }
  });
  it('compares and sums', () => {
    expect(compare('10', '9.99')).toBe(1);
    expect(sum(['0.1', '0.2', '0.3'])).toBe('0.6');
    expect(percentChange('100', '80')).toBe('-20');
    expect(percentChange('0', '1')).toBeNull();
  });
  it('adds, sums and tells zeros from their text exactly as decimal.js does, and refuses what is not a decimal', () => {
    const values = ['0', '-0', '0.000', '-0.0', '00.', '.0', '000', '0.0001', '-0.0001', '1.50', '00.5', '.5', '5.', '-12.340', '1234567890123456789012345678901234567890', '0'.repeat(80)];
    const bySlowPath = (list: string[]) => toPlain(list.reduce((acc, v) => acc.plus(new Decimal(v)), new Decimal(0)));
    for (const a of values) {
      expect(isZero(a), a).toBe(new Decimal(a).isZero());
      for (const b of values) {
        expect(add(a, b), `${a} + ${b}`).toBe(bySlowPath([a, b]));
        expect(sum([a, b, a]), `sum ${a} ${b}`).toBe(bySlowPath([a, b, a]));
      }
    }
    expect(sum([])).toBe('0');
    for (const bad of ['1e5', 'abc', '', '-', '.', ' 0', '0'.repeat(81)]) {
      expect(() => add('0', bad), bad).toThrow(RangeError);
      expect(() => add(bad, '0'), bad).toThrow(RangeError);
      expect(() => sum(['0', bad]), bad).toThrow(RangeError);
      expect(() => isZero(bad), bad).toThrow(RangeError);
    }
  });
});

describe('the display helpers the page uses', () => {
  it('compares exactly at any length, whatever zeros a value is written with', () => {
    const ascending = ['-123456789012345678901234.5', '-10', '-0.5', '-.49', '0', '0.00000001', '.5', '0.51', '1.', '9.999999999999999999999', '10', '123456789012345678901234.5'];
    for (let i = 0; i < ascending.length; i += 1) {
      for (let j = 0; j < ascending.length; j += 1) expect(compare(ascending[i]!, ascending[j]!), `${ascending[i]} vs ${ascending[j]}`).toBe(Math.sign(i - j));
    }
    for (const [a, b] of [['0', '-0'], ['0.0', '-0.000'], ['.5', '0.50'], ['1.', '1'], ['007', '7']] as const) expect(compare(a, b)).toBe(0);
  });

  it('rounds half up for display, trailing zeros kept, never "-0"', () => {
    const cases = [
      ['2.345', 2, '2.35'],
      ['-2.345', 2, '-2.35'],
      ['0.000000015', 8, '0.00000002'],
      ['99.995', 2, '100.00'],
      ['7', 2, '7.00'],
      ['-0.001', 2, '0.00'],
      ['999.5', 0, '1000'],
      ['.5', 0, '1'],
      ['-0.5', 0, '-1'],
      ['0.0049', 2, '0.00'],
    ] as const;
    for (const [value, places, shown] of cases) expect(roundForDisplay(value, places), `${value} to ${places}`).toBe(shown);
  });

  it('refuses exponents, spaces, NaN and numbers', () => {
    for (const bad of ['1e5', ' 1', 'NaN', 'Infinity', '0x10', '', '-', '.', '1.2.3']) {
      expect(isLooseDecimalString(bad)).toBe(false);
      expect(() => compare(bad, '1')).toThrow(RangeError);
      expect(() => roundForDisplay(bad, 2)).toThrow(RangeError);
    }
    expect(() => isZero(1 as unknown as string)).toThrow(RangeError);
  });

  it('answers zero and sign questions on strings', () => {
    expect(isZero('-0.000')).toBe(true);
    expect(isNegative('-0.000')).toBe(false);
    expect(isPositive('0.00000001')).toBe(true);
    expect(isPositive('0')).toBe(false);
    expect(isNegative('-0.00000001')).toBe(true);
  });
});
