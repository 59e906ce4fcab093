/**
 * The database's schema history, oldest first. `PRAGMA user_version` holds how many have run; each
 * runs in its own transaction together with the version bump, so a crash leaves the database at a
 * whole version. Never edit a migration that has shipped: add the next one.
 */
import type Database from 'better-sqlite3';

export interface Migration {
  /** What it is for, for the log and for readers. */
  name: string;
  up(connection: Database.Database): void;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    name: 'withdrawal journal and quarantined records',
    up(connection) {
      connection.exec(`
        CREATE TABLE withdrawals (
          unique_id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL,
          state TEXT NOT NULL,
          updated_at INTEGER NOT NULL,
          -- 1 when nothing about it can change any more; only these are pruned.
          finished INTEGER NOT NULL DEFAULT 0,
          record TEXT NOT NULL
        ) STRICT;
        CREATE INDEX withdrawals_finished_updated ON withdrawals (finished, updated_at);
        -- Records that could not be read, kept verbatim so nothing is lost silently.
        CREATE TABLE quarantined_records (
          id INTEGER PRIMARY KEY,
          kind TEXT NOT NULL,
          source TEXT NOT NULL,
          line_number INTEGER NOT NULL,
          raw TEXT NOT NULL,
          reason TEXT NOT NULL,
          quarantined_at INTEGER NOT NULL,
          UNIQUE (source, line_number)
        ) STRICT;
      `);
    },
  },
  {
    name: 'balance history: snapshots, their assets, timeline events',
    up(connection) {
      // Money is TEXT (decimal strings), never REAL. A series is (account, quote): values in one quote
      // are never mixed with another's. A snapshot's asset rows are stored together (WITHOUT ROWID,
      // keyed by snapshot), so writing one appends a few pages instead of touching one page per
      // asset; a chart reads one row per time bucket by index seeks (bench:history), never a scan.
      connection.exec(`
        CREATE TABLE snapshots (
          id INTEGER PRIMARY KEY,
          account_id TEXT NOT NULL,
          quote TEXT NOT NULL,
          taken_at INTEGER NOT NULL,
          total TEXT NOT NULL,
          unpriced INTEGER NOT NULL,
          -- What the amounts and prices were, hashed: an unchanged refresh writes nothing.
          digest TEXT NOT NULL,
          UNIQUE (account_id, quote, taken_at)
        ) STRICT;
        -- Every asset's amounts by account part and the price used (the snapshot's prices).
        CREATE TABLE snapshot_assets (
          snapshot_id INTEGER NOT NULL,
          asset TEXT NOT NULL,
          main TEXT NOT NULL,
          trade_available TEXT NOT NULL,
          trade_frozen TEXT NOT NULL,
          collateral TEXT NOT NULL,
          total TEXT NOT NULL,
          price TEXT,
          value TEXT,
          PRIMARY KEY (snapshot_id, asset)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE timeline_events (
          id INTEGER PRIMARY KEY,
          account_id TEXT NOT NULL,
          at INTEGER NOT NULL,
          kind TEXT NOT NULL,
          -- What the event is about (a withdrawal's uniqueId, an alert's id): recorded once.
          ref TEXT NOT NULL,
          title TEXT NOT NULL,
          detail TEXT NOT NULL,
          UNIQUE (kind, ref)
        ) STRICT;
        CREATE INDEX timeline_events_account_at ON timeline_events (account_id, at);
      `);
    },
  },
  {
    name: 'known destinations: every address a withdrawal was sent to',
    up(connection) {
      // One row per destination ('' for no network, provider or memo, so the key is unique); first
      // and last use are unix ms. Written in the transaction that moves a withdrawal to `sending`.
      connection.exec(`
        CREATE TABLE destinations (
          account_id TEXT NOT NULL,
          ticker TEXT NOT NULL,
          network TEXT NOT NULL,
          provider TEXT NOT NULL,
          address TEXT NOT NULL,
          memo TEXT NOT NULL,
          label TEXT,
          first_used_at INTEGER NOT NULL,
          last_used_at INTEGER NOT NULL,
          uses INTEGER NOT NULL DEFAULT 1,
          PRIMARY KEY (account_id, ticker, network, provider, address, memo)
        ) STRICT, WITHOUT ROWID;
      `);
    },
  },
  {
    name: 'balance history stores what changed: amounts and prices per series as they change',
    up(connection) {
      // A series is (account, quote) under a small id. An asset's amounts get a row only when they
      // change (NULL amounts: no longer held), its price only when it moves (NULL: could not be
      // priced); a snapshot's asset values are derived when read. Earlier full snapshots are turned
      // into such rows, oldest first, and then dropped.
      connection.exec(`
        CREATE TABLE history_series (
          id INTEGER PRIMARY KEY,
          account_id TEXT NOT NULL,
          quote TEXT NOT NULL,
          UNIQUE (account_id, quote)
        ) STRICT;
        CREATE TABLE holdings (
          series_id INTEGER NOT NULL,
          asset TEXT NOT NULL,
          since INTEGER NOT NULL,
          main TEXT,
          trade_available TEXT,
          trade_frozen TEXT,
          collateral TEXT,
          total TEXT,
          PRIMARY KEY (series_id, asset, since)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE prices (
          series_id INTEGER NOT NULL,
          asset TEXT NOT NULL,
          since INTEGER NOT NULL,
          price TEXT,
          PRIMARY KEY (series_id, asset, since)
        ) STRICT, WITHOUT ROWID;
      `);
      const seriesIdOf = connection.prepare(
        'INSERT INTO history_series (account_id, quote) VALUES (?, ?) ON CONFLICT (account_id, quote) DO UPDATE SET quote = excluded.quote RETURNING id',
      ).pluck();
      const insertHolding = connection.prepare('INSERT INTO holdings VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
      const insertPrice = connection.prepare('INSERT INTO prices VALUES (?, ?, ?, ?)');
      const assetsOf = connection.prepare(
        'SELECT asset, main, trade_available, trade_frozen, collateral, total, price FROM snapshot_assets WHERE snapshot_id = ?',
      ).raw();
      let key = '';
      let seriesId = 0;
      let amounts = new Map<string, string>();
      let prices = new Map<string, string | null>();
      // Listed first (a few numbers per snapshot): SQLite cannot write while a statement is reading.
      const snapshots = connection.prepare('SELECT id, account_id, quote, taken_at FROM snapshots ORDER BY account_id, quote, taken_at').raw().all();
      for (const row of snapshots) {
        const [id, accountId, quote, takenAt] = row as [number, string, string, number];
        if (`${accountId}\n${quote}` !== key) {
          key = `${accountId}\n${quote}`;
          seriesId = seriesIdOf.get(accountId, quote) as number;
          amounts = new Map();
          prices = new Map();
        }
        const seen = new Set<string>();
        for (const asset of assetsOf.all(id) as [string, string, string, string, string, string, string | null][]) {
          const [name, main, tradeAvailable, tradeFrozen, collateral, total, price] = asset;
          seen.add(name);
          const amountKey = [main, tradeAvailable, tradeFrozen, collateral, total].join('|');
          if (amounts.get(name) !== amountKey) insertHolding.run(seriesId, name, takenAt, main, tradeAvailable, tradeFrozen, collateral, total);
          amounts.set(name, amountKey);
          if (!prices.has(name) || prices.get(name) !== price) insertPrice.run(seriesId, name, takenAt, price);
          prices.set(name, price);
        }
        for (const name of [...amounts.keys()]) {
          if (seen.has(name)) continue;
          insertHolding.run(seriesId, name, takenAt, null, null, null, null, null);
          amounts.delete(name);
          prices.delete(name);
        }
      }
      connection.exec('DROP TABLE snapshot_assets');
    },
  },
  {
    name: 'price alerts',
    up(connection) {
      // One row per alert the person set; the record is JSON checked on every read, so a row an
      // older or newer app wrote differently is skipped and reported, never rewritten or dropped.
      connection.exec(`
        CREATE TABLE price_alerts (
          id TEXT PRIMARY KEY,
          created_at INTEGER NOT NULL,
          record TEXT NOT NULL
        ) STRICT;
      `);
    },
  },
  {
    name: 'account identities: which account id each API key had',
    up(connection) {
      // An account is known by its key, not by the random id it was given: the same key added again
      // (after a removal or a lost settings file) gets its old id back, and with it its withdrawal
      // records, destinations and open outcomes. The key itself is never stored here, only a hash.
      connection.exec(`
        CREATE TABLE account_keys (
          key_hash TEXT PRIMARY KEY,
          account_id TEXT NOT NULL,
          updated_at INTEGER NOT NULL
        ) STRICT, WITHOUT ROWID;
      `);
    },
  },
];

export const SCHEMA_VERSION = MIGRATIONS.length;
