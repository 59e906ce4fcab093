import { describe, expect, it } from 'vitest';
import type { BalanceRow as OverviewRow } from '../../../shared/model/balances';
import { columnWidth, figureWidths } from './columnWidths';
import { buildRows } from './rows';

const base: OverviewRow = { asset: 'X', main: '0', tradeAvailable: '0', tradeFrozen: '0', collateral: '0', total: '0', price: null, value: null, change24h: null, share: null };
const rows = (...overrides: Partial<OverviewRow>[]) => buildRows(overrides.map((o, i) => ({ ...base, asset: `A${i}`, ...o })), undefined);
// Valued in USDT: values are rounded to cents.
const cents = 'USDT';

describe('figureWidths', () => {
  it('measures the longest figure as shown: grouped, up to eight places, trailing zeros trimmed', () => {
    // The shorter string formats longer: its integer part takes two group separators.
    const widths = figureWidths(rows({ main: '1.123456789' }, { main: '1234567.5' }, { main: '-12.5' }), cents);
    expect(widths.main).toBe('1,234,567.5'.length);
  });

  it('measures an 18-decimal amount a token such as DAI sends as its eight shown places, and counts a sign', () => {
    expect(figureWidths(rows({ total: '1500.123456789012345678' }, { total: '-99.1' }), cents).total).toBe('1,500.12345678'.length);
    expect(figureWidths(rows({ total: '1500.100000000000000000' }, { total: '-999999.1' }), cents).total).toBe('-999,999.1'.length);
  });

  it('measures values after rounding them as the Value column does, and makes room for "no price"', () => {
    // Raw, the first is longer; rounded to cents, the second is.
    expect(figureWidths(rows({ value: '1.123456789012' }, { value: '123456789.1' }), cents).value).toBe('123,456,789.10'.length);
    expect(figureWidths(rows({ value: null }, { value: '1.5' }), cents).value).toBe('no price'.length);
  });

  it('counts the frozen part under the available one, and percentages with their mark', () => {
    const widths = figureWidths(rows({ tradeAvailable: '1', tradeFrozen: '1234.5' }, { share: '21.57' }), cents);
    expect(widths.trade).toBe('1,234.5 frozen'.length);
    expect(widths.share).toBe('21.57%'.length);
  });

  it('measures the 24 h changes with their sign, values rounded as values are', () => {
    const changes = [
      { asset: 'A', amount: '-1234.5', value: '12.345678' },
      { asset: 'B', amount: '0.25', value: '-99999.1' },
      { asset: 'C', amount: '0', value: null },
    ];
    const widths = figureWidths(rows({}), cents, changes);
    // With its ticker after it; counted by the bound (grouping separators and sign included).
    expect(widths.amountChange).toBe('-1,234.5 A'.length);
    expect(widths.valueChange).toBe('\u221299,999.10'.length);
    expect(figureWidths(rows({}), cents).valueChange).toBe(0);
  });

  it('is zero for a column of zeros, which show as a dash', () => {
    expect(figureWidths(rows({}, {}), cents).collateral).toBe(0);
  });
});

describe('columnWidth', () => {
  it('is the widest figure plus the cell padding, unless the header is wider', () => {
    expect(columnWidth(20, 'Total', true)).toBe('calc(20ch + 24px)');
    expect(columnWidth(3, 'Collateral', false)).toBe(`calc(${Math.ceil(10 * 1.3)}ch + 24px)`);
    // A sortable header makes room for its arrow.
    expect(columnWidth(3, 'Collateral', true)).toBe(`calc(${Math.ceil(10 * 1.3) + 2}ch + 24px)`);
  });

  it('needs room for the longest word of a header only: headers wrap between words', () => {
    expect(columnWidth(3, 'Value (USDT)', true)).toBe(`calc(${Math.ceil(6 * 1.3) + 2}ch + 24px)`);
  });
});
