import { describe, expect, it } from 'vitest';
import { codesCsvRows, HIDDEN_IN_CSV } from './codesCsv';

describe('codesCsvRows', () => {
  const rows = [
    { amount: '1.5', code: 'SECRET-A', date: 1_700_000_000, status: 'New', ticker: 'USDT', external_id: 'a' },
    { amount: '2', code: 'SECRET-B', date: 1_700_000_001, status: 'Activated', ticker: 'BTC', external_id: '=cmd' },
    { amount: '3', code: 'SECRET-C', date: 1_700_000_002, status: 'on_hold_review', ticker: 'BTC', external_id: 'c' },
  ];

  it('writes only revealed codes; the others as (hidden)', () => {
    const csv = codesCsvRows(rows, (r) => r.external_id === 'a');
    expect(csv[0]).toEqual(['Code', 'Amount', 'Ticker', 'Status', 'Status (as sent)', 'Created (UTC)', 'External ID']);
    expect(csv[1]).toEqual(['SECRET-A', '1.5', 'USDT', 'Not applied yet', 'New', '2023-11-14T22:13:20.000Z', 'a']);
    expect(csv[2]![0]).toBe(HIDDEN_IN_CSV);
    expect(JSON.stringify(csv)).not.toContain('SECRET-B');
  });

  it('writes statuses in words beside the word sent, an unknown one as sent', () => {
    const csv = codesCsvRows(rows, () => false);
    expect(csv.slice(1).map((r) => [r[3], r[4]])).toEqual([
      ['Not applied yet', 'New'],
      ['Applied', 'Activated'],
      ['on_hold_review', 'on_hold_review'],
    ]);
  });

  it('keeps the signs of the history and names its date column for what it is', () => {
    const csv = codesCsvRows([{ ...rows[1]!, amount: '-2' }, { ...rows[1]!, amount: '+2' }], () => false, 'history');
    expect(csv[0]![5]).toBe('Date (UTC)');
    expect(csv.slice(1).map((r) => r[1])).toEqual(['-2', '+2']);
  });
});
