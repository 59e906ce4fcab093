/**
 * The history service over a real SQLite file (the app's own migrations): snapshots written after
 * the refresh's answer and deduplicated, series thinned with exact decimal figures, balances as of
 * a date, timeline events, and retention.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BalancesOverview } from '../../../shared/model/balances';
import { ALL_ACCOUNTS_SERIES } from '../../../shared/model/history';
import type { WithdrawalRecord } from '../../../shared/model/withdrawals';
import { openDatabase, type DeskDatabase } from '../database';
import { createHistoryService, createHistoryStore, type HistoryService } from '.';

const T0 = Date.UTC(2026, 0, 1);
const MIN = 60_000;
const DAY = 86_400_000;

let dir: string;
let database: DeskDatabase;
let clock: number;
let history: HistoryService;

function overview(btc: string, price = '62000', extra: Partial<BalancesOverview> = {}): BalancesOverview {
  const value = (BigInt(Math.round(Number(btc) * 1e8)) * BigInt(price)).toString();
  const btcValue = `${value.slice(0, -8) || '0'}.${value.slice(-8).padStart(8, '0')}`.replace(/\.?0+$/, '');
  return {
    quote: 'USDT',
    accounts: [{ id: 'acc', name: 'Main' }],
    rows: [
      { asset: 'BTC', main: btc, tradeAvailable: '0', tradeFrozen: '0', collateral: '0', total: btc, price, value: btcValue, change24h: null, share: null },
      { asset: 'USDT', main: '100.5', tradeAvailable: '0', tradeFrozen: '0', collateral: '0', total: '100.5', price: '1', value: '100.5', change24h: null, share: null },
    ],
    totals: { value: addStrings(btcValue, '100.5'), main: '0', trade: '0', collateral: '0', change24h: null },
    allocation: [],
    unpriced: 0,
    zeroAssets: 0,
    byAccount: [],
    grandTotal: '0',
    notes: [],
    pricedAt: clock,
    ...extra,
  };
}

/** Exact sum of two non-negative decimals with at most 8 places (test data only). */
function addStrings(a: string, b: string): string {
  const scale = (s: string) => BigInt(s.split('.')[0]! + (s.split('.')[1] ?? '').padEnd(8, '0'));
  const total = (scale(a) + scale(b)).toString().padStart(9, '0');
  return `${total.slice(0, -8)}.${total.slice(-8)}`.replace(/\.?0+$/, '');
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'desk-history-'));
  database = openDatabase(dir);
  clock = T0;
  history = createHistoryService({
    store: createHistoryStore(database.connection),
    accounts: async () => [{ id: 'acc' }],
    overview: async () => overview('2'),
    quote: () => 'USDT',
    now: () => clock,
    intervalMs: 0,
  });
});
afterEach(async () => {
  await history.close();
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = () => (database.connection.prepare('SELECT count(*) AS n FROM snapshots').get() as { n: number }).n;
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('snapshots', () => {
  it('are written after the refresh has answered, not during it, and not again when nothing changed', async () => {
    history.offer(overview('1'));
    expect(count()).toBe(0);
    await tick();
    expect(count()).toBe(1);
    clock += MIN;
    history.offer(overview('1'));
    await tick();
    expect(count()).toBe(1);
    history.offer(overview('1', '63000'));
    await tick();
    expect(count()).toBe(2);
  });

  it('a snapshot leaves the connection fsyncing every commit, as withdrawal records need', async () => {
    history.offer(overview('1'));
    await tick();
    expect(count()).toBe(1);
    expect(database.connection.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('the timer writes one even when nothing changed, so the chart reaches the present', async () => {
    history.offer(overview('2'));
    await tick();
    clock += 5 * MIN;
    await history.tick();
    await tick();
    expect(count()).toBe(2);
  });

  it('an overview with a part that could not be read, or without prices, is no snapshot', async () => {
    history.offer(overview('1', '62000', { notes: [{ kind: 'part_unavailable', part: 'trade' }] }));
    history.offer({ ...overview('1'), pricedAt: null });
    const two = { ...overview('1'), accounts: [{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }], grandTotal: '62100.5' };
    const byAccount = (value: string | null) => ({ id: 'b', name: 'B', value, share: null, unpriced: 0, failedParts: [] });
    history.offer({ ...two, byAccount: [byAccount(null)] });
    await tick();
    expect(count()).toBe(0);
  });

  it('an overview of several accounts is the all-accounts series, at the grand total', async () => {
    const byAccount = [
      { id: 'a', name: 'A', value: '62000.25', share: null, unpriced: 0, failedParts: [] },
      { id: 'b', name: 'B', value: '100.25', share: null, unpriced: 0, failedParts: [] },
    ];
    history.offer({ ...overview('1'), accounts: [{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }], byAccount, grandTotal: '62100.5' });
    await tick();
    const series = history.series({ accountId: ALL_ACCOUNTS_SERIES, range: '1d' });
    expect(series.points.map((p) => p.value)).toEqual(['62100.5']);
    expect(history.series({ accountId: 'a', range: '1d' }).points).toEqual([]);
  });
});

describe('series', () => {
  it('thins a week of 5-minute snapshots to the points asked for; the last point is the last total, exactly', async () => {
    // Filling a week one fsync at a time would take seconds; the write path is the same.
    database.connection.pragma('synchronous = OFF');
    for (let i = 0; i < 7 * 288; i++) {
      history.offer(overview(`1.${String(i).padStart(4, '0')}`));
      history.flush();
      clock += 5 * MIN;
    }
    const last = overview(`1.${String(7 * 288 - 1).padStart(4, '0')}`).totals.value;
    const s = history.series({ accountId: 'acc', range: '1w', points: 100 });
    expect(s.snapshots).toBe(7 * 288);
    expect(s.points.length).toBeLessThanOrEqual(100);
    expect(s.points.length).toBeGreaterThan(90);
    expect(s.points.at(-1)!.value).toBe(last);
    expect(s.points.map((p) => p.at)).toEqual([...s.points.map((p) => p.at)].sort((a, b) => a - b));
    // From 1 BTC (62000 + 100.5) to 1.2015 BTC: exact decimals.
    expect(s.change).toEqual({ value: '12493', percent: '20.12' });
    expect(s.assets).toEqual(['BTC', 'USDT']);
  });

  it('one asset: its amount and value over time', async () => {
    history.offer(overview('1'));
    history.flush();
    clock += 10 * MIN;
    history.offer(overview('1.5', '60000'));
    history.flush();
    const s = history.series({ accountId: 'acc', range: '1d', asset: 'BTC' });
    expect(s.points.map((p) => [p.amount, p.value])).toEqual([
      ['1', '62000'],
      ['1.5', '90000'],
    ]);
    expect(s.change).toEqual({ value: '28000', percent: '45.16' });
  });

  it('says nothing is there yet: no points, no change, no first snapshot', () => {
    const s = history.series({ accountId: 'acc', range: 'all' });
    expect(s).toMatchObject({ points: [], change: null, firstAt: null, snapshots: 0 });
  });

  it('another quote is another series: values in EUR are never mixed with USDT', async () => {
    history.offer(overview('1'));
    history.flush();
    expect(history.series({ accountId: 'acc', range: 'all', quote: 'EUR' }).points).toEqual([]);
  });
});

describe('balances as of a date', () => {
  it('is the snapshot nearest before the moment, with every asset and its price', async () => {
    history.offer(overview('1'));
    history.flush();
    clock += DAY;
    history.offer(overview('3'));
    history.flush();
    const asOf = history.asOf({ accountId: 'acc', at: T0 + DAY - 1 });
    expect(asOf.snapshot).toMatchObject({ takenAt: T0, total: '62100.5' });
    expect(asOf.snapshot!.assets).toEqual([
      { asset: 'BTC', main: '1', tradeAvailable: '0', tradeFrozen: '0', collateral: '0', total: '1', price: '62000', value: '62000' },
      { asset: 'USDT', main: '100.5', tradeAvailable: '0', tradeFrozen: '0', collateral: '0', total: '100.5', price: '1', value: '100.5' },
    ]);
    expect(history.asOf({ accountId: 'acc', at: T0 - 1 }).snapshot).toBeNull();
  });
});

describe('a range longer than the history', () => {
  it('draws the data that exists at full detail, not as one bucket of the whole range', () => {
    for (let i = 0; i < 20; i++) {
      clock = T0 + i * MIN;
      history.offer(overview(`1.${10 + i}`));
      history.flush();
    }
    const series = history.series({ accountId: 'acc', range: '1y', points: 100 });
    expect(series.points).toHaveLength(20);
    expect(series.firstAt).toBe(T0);
    expect(series.from).toBeLessThan(T0);
  });
});

describe('timeline events', () => {
  const alert = { id: 'a1', accountId: 'other', accountName: 'Other', positionId: 7, market: 'BTC_PERP', distancePercent: null, thresholdPercent: null };
  /** A journal row as the withdrawal store writes it (the same table, the same database). */
  function journal(uniqueId: string, state: string, phase: string | null): void {
    const record = { uniqueId, accountId: 'acc', amount: '1', ticker: 'BTC', address: 'bc1q', state, phase };
    database.connection
      .prepare('INSERT OR REPLACE INTO withdrawals (unique_id, account_id, state, updated_at, finished, record) VALUES (?, ?, ?, ?, 0, ?)')
      .run(uniqueId, 'acc', state, T0, JSON.stringify(record));
  }
  const withdrawal = { accountId: 'acc', uniqueId: 'w1', amount: '1', ticker: 'BTC', address: 'bc1q', lastSentAt: T0 + MIN, updatedAt: T0 + MIN } as WithdrawalRecord;

  it('are recorded once per subject, as codes and values, and come with the series of their range', () => {
    history.recordWithdrawal(withdrawal);
    history.recordWithdrawal({ ...withdrawal, lastSentAt: T0 + 2 * MIN });
    history.recordAlert({ ...alert, kind: 'margin_call', at: T0 + MIN });
    history.recordAlert({ ...alert, accountId: 'acc', kind: 'threshold', distancePercent: '7.29', thresholdPercent: '10', at: T0 + 3 * MIN });
    clock = T0 + 10 * MIN;
    expect(history.series({ accountId: 'acc', range: '1d' }).events).toEqual([
      { at: T0 + MIN, kind: 'withdrawal_sent', withdrawal: { amount: '1', ticker: 'BTC', address: 'bc1q', state: null, phase: null } },
      { at: T0 + 3 * MIN, kind: 'alert_fired', alert: { kind: 'threshold', market: 'BTC_PERP', distancePercent: '7.29', thresholdPercent: '10' } },
    ]);
    expect(database.connection.prepare('SELECT title FROM timeline_events ORDER BY at').pluck().all()).not.toContain(expect.stringMatching(/sent|Withdrawal/));
  });

  it("a withdrawal's event follows its record: frozen, then unconfirmed, never 'sent' before the exchange says so", () => {
    history.recordWithdrawal(withdrawal);
    clock = T0 + 10 * MIN;
    const facts = () => {
      const event = history.series({ accountId: 'acc', range: '1d' }).events[0]!;
      return event.kind === 'withdrawal_sent' ? [event.withdrawal.state, event.withdrawal.phase] : null;
    };
    journal('w1', 'sent', null);
    expect(facts()).toEqual(['sent', null]);
    journal('w1', 'sent', 'aml_frozen');
    expect(facts()).toEqual(['sent', 'aml_frozen']);
    journal('w1', 'sent', 'unconfirmed_by_user');
    expect(facts()).toEqual(['sent', 'unconfirmed_by_user']);
  });

  it('reads the English sentences earlier versions stored as the same codes; an unreadable row leaves the rest', () => {
    const add = database.connection.prepare('INSERT INTO timeline_events (account_id, at, kind, ref, title, detail) VALUES (?, ?, ?, ?, ?, ?)');
    add.run('acc', T0 + MIN, 'withdrawal_sent', 'old', 'Withdrawal of 0.5 ETH sent', 'To 0xabc');
    add.run('acc', T0 + 2 * MIN, 'alert_fired', 'x1', 'ETH_PERP: 4.1 % from liquidation', 'Position #3 on ETH_PERP (Main) is now 4.1 % from its liquidation price, below your 5 % alert.');
    add.run('acc', T0 + 3 * MIN, 'alert_fired', 'x2', 'BTC_PERP: position in margin call', 'Position #4 entered margin call.');
    add.run('acc', T0 + 4 * MIN, 'withdrawal_sent', 'bad', 'withdrawal', '{not json');
    add.run('acc', T0 + 5 * MIN, 'withdrawal_sent', 'new', 'withdrawal', JSON.stringify({ amount: '2', ticker: 'USDT', address: 'T1' }));
    clock = T0 + 10 * MIN;
    expect(history.series({ accountId: 'acc', range: '1d' }).events).toEqual([
      { at: T0 + MIN, kind: 'withdrawal_sent', withdrawal: { amount: '0.5', ticker: 'ETH', address: '0xabc', state: null, phase: null } },
      { at: T0 + 2 * MIN, kind: 'alert_fired', alert: { kind: 'threshold', market: 'ETH_PERP', distancePercent: '4.1', thresholdPercent: '5' } },
      { at: T0 + 3 * MIN, kind: 'alert_fired', alert: { kind: 'margin_call', market: 'BTC_PERP', distancePercent: null, thresholdPercent: null } },
      { at: T0 + 5 * MIN, kind: 'withdrawal_sent', withdrawal: { amount: '2', ticker: 'USDT', address: 'T1', state: null, phase: null } },
    ]);
  });
});

describe('retention', () => {
  it('keeps 15-minute snapshots for 7 days (every one for a day, one per 5 minutes after), hourly to 90 days, daily after that, in batches', async () => {
    // 120 days of 15-minute snapshots, the price moving at every one.
    database.connection.pragma('synchronous = OFF');
    const start = T0;
    for (let at = start; at < start + 120 * DAY; at += 15 * MIN) {
      clock = at;
      history.offer(overview('1', String(60000 + (at / (15 * MIN)) % 1000)));
      history.flush();
    }
    const now = clock;
    await history.compact();
    const times = (database.connection.prepare('SELECT taken_at FROM snapshots ORDER BY taken_at').pluck().all() as number[]).map((t) => now - t);
    const inBand = (from: number, to: number) => times.filter((age) => age >= from && age < to);
    expect(inBand(0, 7 * DAY).length).toBeGreaterThanOrEqual(7 * 96 - 1);
    const hourly = inBand(8 * DAY, 89 * DAY);
    expect(hourly.length).toBe(81 * 24);
    const daily = inBand(91 * DAY, 120 * DAY);
    expect(daily.length).toBeLessThanOrEqual(30);
    expect(daily.length).toBeGreaterThanOrEqual(28);
    // What is left still reads as written: each kept snapshot's price is the one of its own time,
    // and no more price rows remain than one per kept snapshot.
    const priceRows = database.connection.prepare("SELECT count(*) FROM prices WHERE asset = 'BTC'").pluck().get() as number;
    expect(priceRows).toBeLessThanOrEqual(times.length);
    for (const age of [times[0]!, hourly[0]!, hourly[hourly.length - 1]!, daily[0]!, daily[daily.length - 1]!]) {
      const at = now - age;
      const snapshot = history.asOf({ accountId: 'acc', at }).snapshot!;
      expect(snapshot.takenAt).toBe(at);
      expect(snapshot.assets.find((a) => a.asset === 'BTC')?.price).toBe(String(60000 + (at / (15 * MIN)) % 1000));
    }
  });
});
