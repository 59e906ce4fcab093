import { describe, expect, it } from 'vitest';
import { compareDecimal, isLooseDecimalString, isNegative, isPositive, isZero, roundForDisplay } from './decimal';
import { compare as sharedCompare, roundForDisplay as sharedRoundForDisplay, isZero as sharedIsZero } from '../shared/money/decimal';

/** A deterministic stream of awkward decimal strings: signs, leading and trailing zeros, nines, long digits. */
function* generatedDecimals(count: number): Generator<string> {
  let seed = 20261123;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const digits = (length: number) => Array.from({ length }, () => (next(4) === 0 ? '9' : next(3) === 0 ? '0' : String(next(10)))).join('');
  for (let i = 0; i < count; i += 1) {
    const sign = next(3) === 0 ? '-' : '';
    const integer = next(5) === 0 ? '' : `${next(4) === 0 ? '00' : ''}${digits(1 + next(25))}`;
    const fraction = next(4) === 0 ? '' : `.${digits(next(22))}${next(3) === 0 ? '000' : ''}`;
    const text = `${sign}${integer || (fraction ? '' : '0')}${fraction}`;
    if (isLooseDecimalString(text)) yield text;
  }
}

describe('the page decimal (digit strings, no library)', () => {
  it('compares exactly as the shared module does, at any length', () => {
    const values = [...generatedDecimals(1_500), '0', '-0', '0.0', '-0.000', '.5', '0.50', '1.', '10', '9.999999999999999999999', '123456789012345678901234.5'];
    let checked = 0;
    for (let i = 0; i < values.length; i += 1) {
      for (const j of [i + 1, (i * 7) % values.length, values.length - 1 - i]) {
        const a = values[i]!;
        const b = values[j] ?? values[0]!;
        expect(compareDecimal(a, b), `${a} vs ${b}`).toBe(sharedCompare(a, b));
        checked += 1;
      }
      expect(compareDecimal(values[i]!, values[i]!)).toBe(0);
    }
    expect(checked).toBeGreaterThan(4_000);
  });

  it('rounds half up for display exactly as the main process would', () => {
    for (const [value, places] of [['2.345', 2], ['-2.345', 2], ['0.000000015', 8], ['99.995', 2], ['7', 2], ['-0.001', 2], ['999.5', 0], ['.5', 0], ['-0.5', 0], ['0.0049', 2]] as const) {
      expect(roundForDisplay(value, places), `${value} to ${places}`).toBe(sharedRoundForDisplay(value, places));
    }
    for (const value of generatedDecimals(2_000)) {
      for (const places of [0, 1, 2, 8]) expect(roundForDisplay(value, places), `${value} to ${places}`).toBe(sharedRoundForDisplay(value, places));
    }
  });

  it('refuses exponents, spaces, NaN and numbers', () => {
    for (const bad of ['1e5', ' 1', 'NaN', 'Infinity', '0x10', '', '-', '.', '1.2.3']) {
      expect(isLooseDecimalString(bad)).toBe(false);
      expect(() => compareDecimal(bad, '1')).toThrow(RangeError);
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
    for (const value of generatedDecimals(300)) expect(isZero(value)).toBe(sharedIsZero(value));
  });
});
