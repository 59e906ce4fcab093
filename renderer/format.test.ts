import { describe, expect, it } from 'vitest';
import { formatAgo, formatAmount, formatUnixSeconds, isoFromUnixSeconds } from './format';

describe('formatAmount', () => {
  it.each([
    ['0', '0'],
    ['999', '999'],
    ['1000', '1,000'],
    ['1234567.891', '1,234,567.891'],
    ['-1000000', '-1,000,000'],
    ['0.00000001', '0.00000001'],
    ['100.', '100.'],
    ['00012345', '00,012,345'],
  ])('%s -> %s', (input, expected) => {
    expect(formatAmount(input)).toBe(expected);
  });

  it('keeps every digit of a 40-digit amount (no Number rounding)', () => {
    const forty = '1234567890123456789012345678901234567890.123456789012345678';
    const formatted = formatAmount(forty);
    expect(formatted.replace(/,/g, '')).toBe(forty);
    expect(formatted.startsWith('1,234,567,890,123,456,789,012,345,678,901,234,567,890.')).toBe(true);
  });

  it('returns anything that is not a plain decimal unchanged', () => {
    expect(formatAmount('1e21')).toBe('1e21');
    expect(formatAmount('<b>1000</b>')).toBe('<b>1000</b>');
    expect(formatAmount('')).toBe('');
  });
});

describe('dates', () => {
  it('formats Unix seconds in local time and ISO in UTC', () => {
    expect(isoFromUnixSeconds(1_700_000_000.5)).toBe('2023-11-14T22:13:20.500Z');
    const local = formatUnixSeconds(1_700_000_000);
    expect(local).toMatch(/2023/);
    expect(formatUnixSeconds(Number.NaN)).toBe('\u2014');
  });

  it('says how long ago', () => {
    expect(formatAgo(0)).toBe('0 s ago');
    expect(formatAgo(59_999)).toBe('59 s ago');
    expect(formatAgo(60_000)).toBe('1 min ago');
    expect(formatAgo(2 * 3_600_000 + 5)).toBe('2 h ago');
    expect(formatAgo(-500)).toBe('0 s ago');
  });
});
