import { describe, expect, it } from 'vitest';
import type { WithdrawalRecord } from '../../../shared/model/withdrawals';
import { withDefaults } from './upgrades';

describe('withDefaults', () => {
  it('gives a record of an older version the newer fields: debits unknown, quoted when created, not flagged as new', () => {
    const old = { uniqueId: 'u-1', state: 'sent', amount: '1', fee: '0.1', createdAt: 1_000, updatedAt: 2_000, memo: null, network: 'BTC' } as unknown as WithdrawalRecord;
    expect(withDefaults(old)).toMatchObject({ ...old, quotedAt: 1_000, debitedAmount: null, debitedFee: null, newDestination: false, discardedAt: null, lastSentAt: null });
  });

  it('leaves a complete record as it is (same object: nothing to write back)', () => {
    const complete = withDefaults({ uniqueId: 'u-2', createdAt: 5 } as unknown as WithdrawalRecord);
    expect(withDefaults(complete)).toBe(complete);
  });
});
