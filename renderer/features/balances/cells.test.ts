import { describe, expect, it } from 'vitest';
import { amountText, changeText } from './cells';

describe('amountText', () => {
  it.each([
    ['1.50000000', '1.5'],
    ['0', '0'],
    ['1234.5', '1,234.5'],
    // 18 decimals: cut to 8, rounded down so a cell never shows more than is held.
    ['0.123456789987654321', '0.12345678'],
    ['100.000000000000000000', '100'],
    // Dust under the last shown place reads as held.
    ['0.000000000000000001', '< 0.00000001'],
    ['not a number', 'not a number'],
  ])('%s -> %s', (input, expected) => {
    expect(amountText(input)).toBe(expected);
  });
});

describe('changeText', () => {
  it('keeps a move too small for two places from reading as none', () => {
    expect(changeText('0', '58663.26')).toBe('+<0.01%');
    expect(changeText('0', '-3')).toBe('-<0.01%');
    expect(changeText('0', '0')).toBe('0%');
  });
});
