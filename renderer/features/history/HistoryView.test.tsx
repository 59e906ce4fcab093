import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { BalancesAsOf, HistorySeries, TimelineEvent } from '../../../shared/model/history';
import { DEMO_ACCOUNT, installBridge, renderWithQuery } from '../../test/setup';
import { distinctLabels } from './HistoryChart';
import { HistoryView, idleRanges } from './HistoryView';
import { asOfCsvRows, endOfLocalDay } from './asOf';
import { timelineWords } from './timelineWords';

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

  it('rounds the latest figure and the change to the quote, keeps the exact ones in the title, and labels the change from where history starts', async () => {
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
    expect(latest.textContent).toBe('90.50 USDT');
    const change = screen.getByTestId('history-change');
    expect(change.textContent).toContain('-9.50 USDT (-9.5%)');
    expect(change.querySelector('strong')?.getAttribute('title')).toBe('-9.500000000000000001 USDT');
    // The range (from 0) is longer than the history (from 1 000): the change is since the first snapshot.
    expect(change.textContent).toMatch(/^Change since /);
    expect(change.textContent).not.toContain('the last day');
    expect(screen.getByTestId('history-starts').textContent).toMatch(/^History starts /);
    expect((await screen.findByTestId('asof-total')).getAttribute('title')).toBe('62100.50000000000000000001 USDT');
  });
});

describe('timeline words', () => {
  const withdrawal = (state: 'sent' | null, phase: 'aml_frozen' | 'unconfirmed_by_user' | 'successful' | null): TimelineEvent => ({
    at: 1_000,
    kind: 'withdrawal_sent',
    withdrawal: { amount: '12.5', ticker: 'USDT', address: 'T123', state, phase },
  });
  it("match the withdrawal's real state: frozen or unconfirmed is not sent", () => {
    expect(timelineWords(withdrawal('sent', 'aml_frozen')).title).toBe('Withdrawal of 12.5 USDT frozen for review by the exchange');
    expect(timelineWords(withdrawal('sent', 'unconfirmed_by_user')).title).toBe('Withdrawal of 12.5 USDT waiting for your confirmation');
    expect(timelineWords(withdrawal('sent', null)).title).toBe('Withdrawal of 12.5 USDT accepted by the exchange, not processed yet');
    expect(timelineWords(withdrawal(null, null)).title).toBe('Withdrawal of 12.5 USDT requested');
    expect(timelineWords(withdrawal('sent', 'successful'))).toEqual({ title: 'Withdrawal of 12.5 USDT sent', detail: 'To T123' });
  });
  it('word alerts from their codes', () => {
    const alert = { kind: 'threshold' as const, market: 'BTC_PERP', distancePercent: '7.29', thresholdPercent: '10' };
    expect(timelineWords({ at: 1, kind: 'alert_fired', alert })).toEqual({ title: 'BTC_PERP: 7.29% from liquidation', detail: 'below your 10% alert' });
    expect(timelineWords({ at: 1, kind: 'alert_fired', alert: { ...alert, kind: 'margin_call' } }).title).toBe('BTC_PERP: position in margin call');
  });
});

describe('the chart reads from day one', () => {
  it('gives y labels as many digits as it takes to differ', () => {
    const splits = [1_225_600_000, 1_225_800_000, 1_226_000_000, 1_226_200_000];
    const labels = distinctLabels(splits, ['en-US']);
    expect(new Set(labels).size).toBe(4);
    expect(labels[0]).toBe('1.2256B');
    expect(distinctLabels([0, 500, 1000], ['en-US'])).toEqual(['0', '500', '1K']);
  });

  it('turns off ranges that would show only what a shorter one shows', () => {
    const now = Date.UTC(2026, 10, 28, 5);
    expect([...idleRanges(now - 30 * 60_000, now)]).toEqual(['1w', '1m', '1y']);
    expect([...idleRanges(now - 3 * 86_400_000, now)]).toEqual(['1m', '1y']);
    expect([...idleRanges(now - 400 * 86_400_000, now)]).toEqual([]);
    expect([...idleRanges(null, now)]).toEqual([]);
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
