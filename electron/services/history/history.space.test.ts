/**
 * History's disk over a real SQLite file with an injected clock: thinning now returns the freed
 * space to the disk (auto_vacuum=INCREMENTAL), and a database from before that setting takes it on.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { DATABASE_FILE, isIncremental, openDatabase } from '../database';
import { openHistory, overviewOf, type HistoryHarness } from './test/harness';

const MINUTE = 60_000;
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 9, 20);

let h: HistoryHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

it('thinning now hands the freed space back to the disk and says how much History takes', async () => {
  h = openHistory(T0);
  expect(isIncremental(h.database.connection)).toBe(true);
  h.database.connection.pragma('synchronous = OFF');
  // Three days of a snapshot a minute, the price moving at each.
  for (let at = T0; at < T0 + 3 * DAY; at += MINUTE) {
    h.clock.now = at;
    h.history.offer(overviewOf('1', String(60_000 + (at / MINUTE) % 5_000), at));
    h.history.flush();
  }
  h.database.connection.pragma('wal_checkpoint(TRUNCATE)');
  const before = h.history.space();
  expect(before.historyBytes).toBeGreaterThan(0);
  expect(before.fileBytes).toBeGreaterThanOrEqual(before.historyBytes);

  const after = await h.history.thinNow();
  h.database.connection.pragma('wal_checkpoint(TRUNCATE)');
  // Older than a day is now 5-minute buckets (whole ones): a fifth of their snapshots.
  expect(h.snapshots().length).toBeGreaterThanOrEqual(1_440 + 2 * 288);
  expect(h.snapshots().length).toBeLessThanOrEqual(1_440 + 2 * 288 + 5);
  expect(after.historyBytes).toBeLessThan(before.historyBytes * 0.7);
  expect(after.freeBytes).toBe(0);
  expect(statSync(h.database.file).size).toBeLessThan(before.fileBytes * 0.7);
});

it('a database from before incremental vacuum takes it on when opened, records kept', () => {
  const folder = mkdtempSync(join(tmpdir(), 'desk-history-space-'));
  try {
    const first = openDatabase(folder);
    first.connection.prepare("INSERT INTO history_series (account_id, quote) VALUES ('acc', 'USDT')").run();
    first.close();
    // As earlier versions left it: no auto_vacuum.
    const old = new Database(join(folder, DATABASE_FILE));
    old.pragma('auto_vacuum = NONE');
    old.exec('VACUUM');
    expect(isIncremental(old)).toBe(false);
    old.close();

    const reopened = openDatabase(folder);
    expect(isIncremental(reopened.connection)).toBe(true);
    expect(reopened.connection.prepare('SELECT account_id FROM history_series').pluck().all()).toEqual(['acc']);
    reopened.close();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
