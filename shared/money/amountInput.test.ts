import { describe, expect, it } from 'vitest';
import { readAmountInput } from './amountInput';

describe('readAmountInput: one rule for every amount field', () => {
  it('takes "." or "," as the decimal separator and ignores grouping spaces', () => {
    expect(readAmountInput('1,5')).toEqual({ ok: true, value: '1.5' });
    expect(readAmountInput('1.5')).toEqual({ ok: true, value: '1.5' });
    expect(readAmountInput(' 12\u00a0345,678 ')).toEqual({ ok: true, value: '12345.678' });
    expect(readAmountInput('0,00000001')).toEqual({ ok: true, value: '0.00000001' });
    expect(readAmountInput('')).toEqual({ ok: true, value: '' });
  });

  it('refuses what it would have to guess, and what is not an amount', () => {
    expect(readAmountInput('1,234.5')).toMatchObject({ ok: false, message: expect.stringMatching(/more than one separator/) });
    expect(readAmountInput('1.234.567')).toMatchObject({ ok: false });
    expect(readAmountInput('-1')).toMatchObject({ ok: false, message: expect.stringMatching(/must be digits/) });
    expect(readAmountInput('1e5')).toMatchObject({ ok: false });
    expect(readAmountInput('12 BTC')).toMatchObject({ ok: false });
  });
});
