import { describe, expect, it } from 'vitest';
import { toCsv } from '../../csv/csv';
import { closedPositionsCsvRows } from './closedCsv';

describe('closedPositionsCsvRows', () => {
  it('writes a header and one row per position, amounts exact, an open position without a close date', () => {
    const rows = closedPositionsCsvRows([
      { positionId: 7, market: 'BTC_USDT', side: 'LONG', openDate: 1_760_000_000, closeDate: 1_760_086_400.5, size: '0.1', entryPrice: '45658.349', closePrice: '41507.59', realizedPnl: '-415.0759', funding: '-1.2345', fees: '4.35829695', liquidated: true, events: 2 },
      { positionId: 9, market: 'BTC_PERP', side: 'BOTH', openDate: 1_760_000_000, closeDate: null, size: null, entryPrice: null, closePrice: null, realizedPnl: '0', funding: '0', fees: '0', liquidated: false, events: 1 },
      { positionId: 8, market: 'ETH_USDT', side: null, openDate: 1_760_000_000, closeDate: null, size: null, entryPrice: null, closePrice: null, realizedPnl: '0', funding: '0', fees: '0', liquidated: false, events: 1 },
    ]);
    const lines = toCsv(rows).trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('Position ID,Market,Side,Opened (UTC),Closed (UTC),Size,Entry price,Close price,Realized P&L,Funding,Fees,Liquidated');
    expect(lines[1]).toBe('7,BTC_USDT,Long,2025-10-09T08:53:20.000Z,2025-10-10T08:53:20.500Z,0.1,45658.349,41507.59,-415.0759,-1.2345,4.35829695,yes');
    // BOTH reads as the app shows it, in open and closed positions alike.
    expect(lines[2]).toBe('9,BTC_PERP,One-way,2025-10-09T08:53:20.000Z,,,,,0,0,0,no');
    expect(lines[3]).toBe('8,ETH_USDT,,2025-10-09T08:53:20.000Z,,,,,0,0,0,no');
  });
});
