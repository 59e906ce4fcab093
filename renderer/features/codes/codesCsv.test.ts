import { describe, expect, it } from 'vitest';
import { codesCsvRows, HIDDEN_IN_CSV } from './codesCsv';

describe('codesCsvRows', () => {
  const rows = [
    { amount: '1.5', code: 'SECRET-A', date: 1_700_000_000, status: 'New', ticker: 'USDT', external_id: 'a' },
    { amount: '2', code: 'SECRET-B', date: 1_700_000_001, status: 'Activated', ticker: 'BTC', external_id: '=cmd' },
  ];

  it('writes only revealed codes; the others as (hidden)', () => {
    const csv = codesCsvRows(rows, (r) => r.external_id === 'a');
    expect(csv[0]).toEqual(['Code', 'Amount', 'Ticker', 'Status', 'Created (UTC)', 'External ID']);
    expect(csv[1]).toEqual(['SECRET-A', '1.5', 'USDT', 'New', '2023-11-14T22:13:20.000Z', 'a']);
    expect(csv[2]![0]).toBe(HIDDEN_IN_CSV);
    expect(JSON.stringify(csv)).not.toContain('SECRET-B');
  });
});
