/**
 * A database written by a version that stored every asset of every snapshot opens as history that
 * stores what changed, and reads the same: each snapshot's amounts, prices and values as written.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DATABASE_FILE, MIGRATIONS, openDatabase } from '../database';
import { createHistoryStore } from '.';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'desk-history-migration-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const T0 = Date.UTC(2026, 5, 1);
const STEP = 5 * 60_000;

/** Old layout: BTC's price moves at every snapshot, ETH is sold at the third, USDT never changes. */
function oldSnapshot(i: number): { asset: string; total: string; price: string; value: string }[] {
  const btcPrice = `${60000 + 2 * i}.5`;
  const rows = [
    { asset: 'BTC', total: '0.5', price: btcPrice, value: `${30000 + i}.25` },
    { asset: 'USDT', total: '100.1', price: '1', value: '100.1' },
  ];
  if (i < 3) rows.push({ asset: 'ETH', total: '2', price: '3000', value: '6000' });
  return rows;
}

it('turns full snapshots into change rows that read back as written', () => {
  // The first three migrations only, then the old layout's rows, as that version wrote them.
  const old = openDatabase(dir, { migrations: MIGRATIONS.slice(0, 3) });
  const insertSnapshot = old.connection.prepare('INSERT INTO snapshots (account_id, quote, taken_at, total, unpriced, digest) VALUES (?, ?, ?, ?, 0, ?)');
  const insertAsset = old.connection.prepare(
    "INSERT INTO snapshot_assets (snapshot_id, asset, main, trade_available, trade_frozen, collateral, total, price, value) VALUES (?, ?, ?, '0', '0', '0', ?, ?, ?)",
  );
  for (let i = 0; i < 6; i++) {
    const id = insertSnapshot.run('acc', 'USDT', T0 + i * STEP, `total-${i}`, `d${i}`).lastInsertRowid;
    for (const r of oldSnapshot(i)) insertAsset.run(id, r.asset, r.total, r.total, r.price, r.value);
  }
  old.close();

  const database = openDatabase(dir);
  try {
    const store = createHistoryStore(database.connection);
    for (let i = 0; i < 6; i++) {
      const read = store.asOf('acc', 'USDT', T0 + i * STEP)!;
      expect(read.total).toBe(`total-${i}`);
      expect(read.assets.map((a) => [a.asset, a.total, a.price, a.value])).toEqual(
        oldSnapshot(i)
          .sort((a, b) => a.asset.localeCompare(b.asset))
          .map((r) => [r.asset, r.total, r.price, r.value]),
      );
    }
    const count = (table: string) => database.connection.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
    // BTC, ETH and USDT once, ETH's sale once; BTC's price six times, ETH's and USDT's once.
    expect(count('holdings')).toBe(4);
    expect(count('prices')).toBe(8);
    const tables = database.connection.prepare("SELECT name FROM sqlite_master WHERE name = 'snapshot_assets'").all();
    expect(tables).toEqual([]);
  } finally {
    database.close();
  }
  expect(statSync(join(dir, DATABASE_FILE)).size).toBeGreaterThan(0);
});

it('a write stores only what changed, and an asset sold and bought back reads right at every point', () => {
  const database = openDatabase(dir);
  try {
    const store = createHistoryStore(database.connection);
    const asset = (name: string, total: string, price: string | null) => ({
      asset: name, main: total, tradeAvailable: '0', tradeFrozen: '0', collateral: '0', total, price, value: null,
    });
    const write = (i: number, assets: ReturnType<typeof asset>[]) =>
      store.write({ accountId: 'acc', quote: 'USDT', takenAt: T0 + i * STEP, total: String(i), unpriced: 0, digest: `d${i}`, assets });
    write(0, [asset('BTC', '1', '100'), asset('XYZ', '5', null)]);
    write(1, [asset('BTC', '1', '101'), asset('XYZ', '5', null)]);
    write(2, [asset('XYZ', '5', null)]);
    write(3, [asset('BTC', '2', '101'), asset('XYZ', '5', null)]);
    const rows = (table: string) => database.connection.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
    // BTC 1, gone, 2; XYZ once. Prices: BTC 100, 101 and 101 again on its return; XYZ unpriced once.
    expect(rows('holdings')).toBe(4);
    expect(rows('prices')).toBe(4);
    const btcAt = (i: number) => store.asOf('acc', 'USDT', T0 + i * STEP)!.assets.find((a) => a.asset === 'BTC');
    expect(btcAt(0)).toMatchObject({ total: '1', price: '100', value: '100' });
    expect(btcAt(1)).toMatchObject({ total: '1', price: '101', value: '101' });
    expect(btcAt(2)).toBeUndefined();
    expect(btcAt(3)).toMatchObject({ total: '2', price: '101', value: '202' });
    expect(store.asOf('acc', 'USDT', T0)!.assets.find((a) => a.asset === 'XYZ')).toMatchObject({ price: null, value: null });
    expect(store.series('acc', 'USDT', 'BTC', T0, T0 + 3 * STEP, STEP).map((p) => p.amount)).toEqual(['1', '1', '0', '2']);
    // A fresh store (the next start) reads the state back and writes nothing for an unchanged asset.
    const again = createHistoryStore(database.connection);
    again.write({ accountId: 'acc', quote: 'USDT', takenAt: T0 + 4 * STEP, total: '4', unpriced: 0, digest: 'd4', assets: [asset('BTC', '2', '101'), asset('XYZ', '5', null)] });
    expect(rows('holdings')).toBe(4);
    expect(rows('prices')).toBe(4);
  } finally {
    database.close();
  }
});
