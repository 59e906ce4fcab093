/** The price alerts table in a real SQLite file: kept across opens, unreadable rows reported and left alone. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { isAppFailure } from '../../../shared/errors';
import type { PriceAlert } from '../../../shared/model/priceAlerts';
import { openDatabase, type DeskDatabase } from '../database';
import { createPriceAlertStore } from './store';

let dir: string;
let database: DeskDatabase;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'desk-price-alerts-'));
  database = openDatabase(dir);
});
afterEach(() => {
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

const alert = (id: string, threshold = '50000'): PriceAlert => ({
  id,
  rule: { kind: 'price', accountId: 'acc-1', market: 'BTC_USDT', direction: 'above', threshold },
  rearm: 'every',
  state: 'armed',
  createdAt: 1_700_000_000_000 + Number(id.slice(-1)),
  lastFiredAt: null,
});

it('keeps alerts across a close and reopen of the file, in the order they were made', () => {
  const store = createPriceAlertStore(database.connection);
  store.insert(alert('alert-0001'));
  store.insert({ ...alert('alert-0002'), rule: { kind: 'distance', accountId: 'acc-1', market: null, direction: 'below', threshold: '7.5' } });
  store.replace({ ...alert('alert-0001'), state: 'fired', lastFiredAt: 1_700_000_001_000 });
  database.close();
  database = openDatabase(dir);
  const { alerts, unreadable } = createPriceAlertStore(database.connection).list();
  expect(unreadable).toEqual([]);
  expect(alerts.map((a) => [a.id, a.state, a.lastFiredAt, a.rule.kind])).toEqual([
    ['alert-0001', 'fired', 1_700_000_001_000, 'price'],
    ['alert-0002', 'armed', null, 'distance'],
  ]);
});

it('a row that cannot be read is reported, the others still list, and it is never overwritten', () => {
  const store = createPriceAlertStore(database.connection);
  store.insert(alert('alert-0001'));
  store.insert(alert('alert-0002'));
  store.insert(alert('alert-0003'));
  database.connection.prepare("UPDATE price_alerts SET record = '{not json' WHERE id = 'alert-0002'").run();
  database.connection.prepare('UPDATE price_alerts SET record = ? WHERE id = ?').run(JSON.stringify({ ...alert('alert-0003'), rule: { kind: 'price', market: 'btc' } }), 'alert-0003');

  const { alerts, unreadable } = store.list();
  expect(alerts.map((a) => a.id)).toEqual(['alert-0001']);
  expect(unreadable.map((u) => u.id)).toEqual(['alert-0002', 'alert-0003']);
  expect(unreadable[0]!.reason).toBe('not JSON');

  let refused: unknown;
  try {
    store.replace(alert('alert-0002', '1'));
  } catch (error) {
    refused = error;
  }
  expect(isAppFailure(refused) && refused.error.fields).toEqual({ id: ['unreadable_alert'] });
  const row = database.connection.prepare("SELECT record FROM price_alerts WHERE id = 'alert-0002'").get() as { record: string };
  expect(row.record).toBe('{not json');

  // The person may delete it; the readable one stays.
  expect(store.remove('alert-0002')).toBe(true);
  expect(store.list().alerts.map((a) => a.id)).toEqual(['alert-0001']);
});

it('refuses a record the schema does not accept before writing it', () => {
  const store = createPriceAlertStore(database.connection);
  expect(() => store.insert({ ...alert('alert-0001'), rule: { ...alert('x').rule, threshold: '-5' } as PriceAlert['rule'] })).toThrow();
  expect(store.list().alerts).toEqual([]);
});

it('replaces a pass of alerts in one transaction; an unreadable row among them refuses the whole pass and is left as it was', () => {
  const store = createPriceAlertStore(database.connection);
  for (const id of ['alert-0001', 'alert-0002', 'alert-0003']) store.insert(alert(id));
  const read = store.list().alerts;
  const fired = (a: PriceAlert): PriceAlert => ({ ...a, state: 'fired', lastFiredAt: 1_700_000_009_000 });

  store.replaceMany(read.slice(0, 2).map((before) => ({ before, next: fired(before) })));
  expect(store.list().alerts.map((a) => a.state)).toEqual(['fired', 'fired', 'armed']);

  // Its row no longer holds what was read: checked as replace does, and kept since it is readable.
  const [, second, third] = store.list().alerts;
  database.connection.prepare('UPDATE price_alerts SET record = ? WHERE id = ?').run(JSON.stringify({ ...third!, rearm: 'once' }), third!.id);
  store.replaceMany([{ before: third!, next: fired(third!) }]);
  expect(store.get(third!.id).state).toBe('fired');

  database.connection.prepare("UPDATE price_alerts SET record = '{not json' WHERE id = 'alert-0003'").run();
  expect(() => store.replaceMany([{ before: second!, next: { ...second!, state: 'armed' } }, { before: third!, next: third! }])).toThrow();
  expect(store.get(second!.id).state).toBe('fired');
  const row = database.connection.prepare("SELECT record FROM price_alerts WHERE id = 'alert-0003'").get() as { record: string };
  expect(row.record).toBe('{not json');
});
