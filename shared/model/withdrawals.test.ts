import { describe, expect, it } from 'vitest';
import { debitDiffers, type WithdrawalRecord } from './withdrawals';

const confirmed = { amount: '50', fee: '0.2', debitedAmount: null, debitedFee: null } as const;
const record = (change: Partial<WithdrawalRecord>) => ({ ...confirmed, ...change }) as WithdrawalRecord;

describe('debitDiffers', () => {
  it('is false until history shows the debit, and when it equals what was confirmed (to the last unit, any spelling)', () => {
    expect(debitDiffers(record({}))).toBe(false);
    expect(debitDiffers(record({ debitedAmount: '50.00', debitedFee: '0.20' }))).toBe(false);
  });

  it('flags a fee or an amount that differs by one unit', () => {
    expect(debitDiffers(record({ debitedAmount: '50', debitedFee: '1' }))).toBe(true);
    expect(debitDiffers(record({ debitedAmount: '49.999999', debitedFee: '0.2' }))).toBe(true);
  });

  it('does not flag a fee the person accepted as unknown', () => {
    expect(debitDiffers(record({ fee: null, debitedAmount: '50', debitedFee: '0.3' }))).toBe(false);
  });
});
