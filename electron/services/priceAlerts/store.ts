/**
 * The price alerts table (migration "price alerts"). Every read checks each row with zod: a row
 * that cannot be read is reported (id and reason) and left exactly as it is; the others still list.
 * An unreadable row is never overwritten by an update, only removed when the person deletes it.
 */
import type Database from 'better-sqlite3';
import { describeFirstIssue } from '../../../shared/api/tolerant';
import { AppFailure } from '../../../shared/errors';
import { PriceAlert, type UnreadablePriceAlert } from '../../../shared/model/priceAlerts';

export interface PriceAlertStore {
  list(): { alerts: PriceAlert[]; unreadable: UnreadablePriceAlert[] };
  /** The alert, or a `validation` failure naming `unreadable_alert` / a `not_found` failure. */
  get(id: string): PriceAlert;
  insert(alert: PriceAlert): void;
  /** Replaces a readable alert; refuses an unreadable or missing one. */
  replace(alert: PriceAlert): void;
  /**
   * Replaces several in one transaction (one price pass): all are kept, or none when one is refused.
   * Each comes with the version it was read as: a row still holding exactly that is replaced
   * without being read again; any other row goes through the checks of `replace`.
   */
  replaceMany(changes: readonly { before: PriceAlert; next: PriceAlert }[]): void;
  remove(id: string): boolean;
}

const MAX_REASON = 200;

function read(id: string, text: string): { alert: PriceAlert } | { unreadable: UnreadablePriceAlert } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { unreadable: { id, reason: 'not JSON' } };
  }
  const parsed = PriceAlert.safeParse(raw);
  if (!parsed.success) return { unreadable: { id, reason: describeFirstIssue(parsed.error).slice(0, MAX_REASON) } };
  if (parsed.data.id !== id) return { unreadable: { id, reason: 'id does not match its row' } };
  return { alert: parsed.data };
}

export function createPriceAlertStore(connection: Database.Database): PriceAlertStore {
  const all = connection.prepare('SELECT id, record FROM price_alerts ORDER BY created_at, id');
  const one = connection.prepare('SELECT id, record FROM price_alerts WHERE id = ?');
  const insert = connection.prepare('INSERT INTO price_alerts (id, created_at, record) VALUES (?, ?, ?)');
  const update = connection.prepare('UPDATE price_alerts SET record = ? WHERE id = ?');
  const updateIfUnchanged = connection.prepare('UPDATE price_alerts SET record = ? WHERE id = ? AND record = ?');
  const remove = connection.prepare('DELETE FROM price_alerts WHERE id = ?');

  function get(id: string): PriceAlert {
    const row = one.get(id) as { id: string; record: string } | undefined;
    if (!row) throw new AppFailure({ kind: 'not_found', message: 'There is no such alert.', values: { id } });
    const result = read(row.id, row.record);
    if ('unreadable' in result) {
      throw new AppFailure({ kind: 'validation', message: 'This alert could not be read; delete it and set it again.', fields: { id: ['unreadable_alert'] } });
    }
    return result.alert;
  }

  function replaceChecked(alert: PriceAlert): void {
    get(alert.id);
    update.run(JSON.stringify(PriceAlert.parse(alert)), alert.id);
  }

  const replaceAll = connection.transaction((changes: readonly { before: PriceAlert; next: PriceAlert }[]) => {
    for (const { before, next } of changes) {
      // Records are written from parsed alerts, so a row this process read or wrote holds exactly this text.
      const text = JSON.stringify(PriceAlert.parse(next));
      if (updateIfUnchanged.run(text, next.id, JSON.stringify(before)).changes === 0) replaceChecked(next);
    }
  });

  return {
    list() {
      const alerts: PriceAlert[] = [];
      const unreadable: UnreadablePriceAlert[] = [];
      for (const row of all.all() as { id: string; record: string }[]) {
        const result = read(row.id, row.record);
        if ('alert' in result) alerts.push(result.alert);
        else unreadable.push(result.unreadable);
      }
      return { alerts, unreadable };
    },
    get,
    insert(alert) {
      insert.run(alert.id, alert.createdAt, JSON.stringify(PriceAlert.parse(alert)));
    },
    replace(alert) {
      connection.transaction(replaceChecked)(alert);
    },
    replaceMany: replaceAll,
    remove: (id) => remove.run(id).changes > 0,
  };
}
