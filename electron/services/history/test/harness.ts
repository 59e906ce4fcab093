/**
 * A history service over a real SQLite file (the app's own migrations) with a clock the test moves,
 * and one-account overviews built from a BTC amount and price.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BalancesOverview } from '../../../../shared/model/balances';
import { Decimal } from '../../../../shared/money/decimal';
import { openDatabase, type DeskDatabase } from '../../database';
import { createHistoryService, createHistoryStore, type HistoryService } from '..';

export interface HistoryHarness {
  database: DeskDatabase;
  history: HistoryService;
  clock: { now: number };
  snapshots(): number[];
  close(): Promise<void>;
}

export function openHistory(start: number, folder = mkdtempSync(join(tmpdir(), 'desk-history-'))): HistoryHarness {
  const database = openDatabase(folder);
  const clock = { now: start };
  const history = createHistoryService({
    store: createHistoryStore(database.connection),
    accounts: async () => [{ id: 'acc' }],
    overview: async () => overviewOf('1', '62000', clock.now),
    quote: () => 'USDT',
    now: () => clock.now,
    intervalMs: 0,
  });
  return {
    database,
    history,
    clock,
    snapshots: () => database.connection.prepare('SELECT taken_at FROM snapshots ORDER BY taken_at').pluck().all() as number[],
    async close() {
      await history.close();
      database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** One account holding `btc` BTC at `price` and 100.5 USDT. */
export function overviewOf(btc: string, price: string, pricedAt: number): BalancesOverview {
  const btcValue = new Decimal(btc).times(price).toFixed();
  const total = new Decimal(btcValue).plus('100.5').toFixed();
  return {
    quote: 'USDT',
    accounts: [{ id: 'acc', name: 'Main' }],
    rows: [
      { asset: 'BTC', main: btc, tradeAvailable: '0', tradeFrozen: '0', collateral: '0', total: btc, price, value: btcValue, change24h: null, share: null },
      { asset: 'USDT', main: '100.5', tradeAvailable: '0', tradeFrozen: '0', collateral: '0', total: '100.5', price: '1', value: '100.5', change24h: null, share: null },
    ],
    totals: { value: total, main: '0', trade: '0', collateral: '0', change24h: null },
    allocation: [],
    unpriced: 0,
    zeroAssets: 0,
    byAccount: [],
    grandTotal: '0',
    notes: [],
    pricedAt,
  };
}
