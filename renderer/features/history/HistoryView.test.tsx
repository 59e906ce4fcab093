import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { BalancesAsOf, HistorySeries } from '../../../shared/model/history';
import { DEMO_ACCOUNT, installBridge, renderWithQuery } from '../../test/setup';
import { HistoryView } from './HistoryView';
import { asOfCsvRows, endOfLocalDay } from './asOf';

const EMPTY: HistorySeries = { accountId: 'demo', quote: 'USDT', range: '1d', asset: null, from: 0, to: 1, points: [], change: null, snapshots: 0, assets: [], events: [], firstAt: null };
const AS_OF: BalancesAsOf = {
  accountId: 'demo',
  quote: 'USDT',
  asOf: Date.UTC(2026, 11, 31, 23, 59),
  snapshot: {
    takenAt: Date.UTC(2026, 11, 31, 22, 0),
    total: '62100.50000000000000000001',
    unpriced: 1,
    assets: [
      { asset: 'BTC', main: '1', tradeAvailable: '0.5', tradeFrozen: '0', collateral: '0', total: '1.5', price: '41400.33333333333333333334', value: '62100.50000000000000000001' },
      { asset: '=CMD', main: '3', tradeAvailable: '0', tradeFrozen: '0', collateral: '0', total: '3', price: null, value: null },
    ],
  },
};

describe('HistoryView', () => {
  it('says how history fills when nothing is kept yet', async () => {
    const bridge = installBridge();
    bridge.reply('history.series', EMPTY);
    bridge.reply('history.asOf', { ...AS_OF, snapshot: null });
    renderWithQuery(<HistoryView account={DEMO_ACCOUNT} />);
    expect(await screen.findByText('No history yet')).toBeTruthy();
    expect(screen.getByText(/saves a snapshot of this account each time its balances are refreshed, and every 5 minutes/)).toBeTruthy();
    expect(await screen.findByTestId('asof-none')).toBeTruthy();
  });

  it('shows the latest figure and the change exactly as the main process sent them', async () => {
    const bridge = installBridge();
    bridge.reply('history.series', {
      ...EMPTY,
      points: [
        { at: 1_000, value: '100.000000000000000001' },
        { at: 2_000, value: '90.5' },
      ],
      change: { value: '-9.500000000000000001', percent: '-9.5' },
      snapshots: 2,
      firstAt: 1_000,
    });
    bridge.reply('history.asOf', AS_OF);
    renderWithQuery(<HistoryView account={DEMO_ACCOUNT} />);
    const latest = await screen.findByTestId('history-latest');
    expect(latest.getAttribute('data-value')).toBe('90.5');
    expect(screen.getByTestId('history-change').textContent).toContain('-9.500000000000000001 USDT (-9.5 %)');
    expect((await screen.findByTestId('asof-total')).getAttribute('title')).toBe('62100.50000000000000000001 USDT');
  });
});

describe('balances as of a date', () => {
  it('ends on the last millisecond of the local day', () => {
    expect(endOfLocalDay('2026-12-31')).toBe(new Date(2027, 0, 1).getTime() - 1);
    expect(endOfLocalDay('31.12.2026')).toBeNull();
  });

  it('writes every asset with its exact strings, then the total', () => {
    expect(asOfCsvRows(AS_OF)).toEqual([
      ['Taken at (UTC)', 'Asset', 'Main', 'Trade available', 'Trade frozen', 'Collateral', 'Total', 'Price (USDT)', 'Value (USDT)'],
      ['2026-12-31T22:00:00.000Z', 'BTC', '1', '0.5', '0', '0', '1.5', '41400.33333333333333333334', '62100.50000000000000000001'],
      ['2026-12-31T22:00:00.000Z', '=CMD', '3', '0', '0', '0', '3', '', ''],
      ['2026-12-31T22:00:00.000Z', 'Total', '', '', '', '', '', '', '62100.50000000000000000001'],
    ]);
  });
});
