/**
 * The known-destinations book: every address a withdrawal was sent to, per account, asset, network
 * (or fiat provider) and memo, with an optional label and its first and last use. A destination is
 * remembered in the transaction that moves a withdrawal to `sending` (store.ts beginSend), so the
 * book and the records never disagree. A first payment to a destination not in the book needs one
 * more deliberate step on the confirmation. The page exports the book as CSV.
 *
 * A destination is found by its canonical form (shared/addresses/canonicalDestination.ts): a row keeps
 * the spelling of its first use, and a later payment in another spelling of the same address counts
 * as a use of that row, never as a new destination.
 */
import type Database from 'better-sqlite3';
import { sameDestination } from '../../../shared/addresses/canonicalDestination';
import type { KnownDestination } from '../../../shared/model/withdrawals';

export type DestinationKey = Pick<KnownDestination, 'accountId' | 'ticker' | 'network' | 'provider' | 'address' | 'memo'>;

interface Row {
  account_id: string;
  ticker: string;
  network: string;
  provider: string;
  address: string;
  memo: string;
  label: string | null;
  first_used_at: number;
  last_used_at: number;
  uses: number;
}

const keyParams = (d: DestinationKey) => [d.accountId, d.ticker, d.network ?? '', d.provider ?? '', d.address, d.memo ?? ''];

export type DestinationBook = ReturnType<typeof createDestinationBook>;

export function createDestinationBook(connection: Database.Database) {
  // The candidates share every exact part of the key; the address and memo are compared canonically.
  const candidates = connection.prepare('SELECT * FROM destinations WHERE account_id = ? AND ticker = ? AND network = ? AND provider = ?');
  const insert = connection.prepare(
    'INSERT INTO destinations (account_id, ticker, network, provider, address, memo, first_used_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const used = connection.prepare(
    'UPDATE destinations SET last_used_at = max(last_used_at, ?), uses = uses + 1 WHERE account_id = ? AND ticker = ? AND network = ? AND provider = ? AND address = ? AND memo = ?',
  );
  const label = connection.prepare(
    'UPDATE destinations SET label = ? WHERE account_id = ? AND ticker = ? AND network = ? AND provider = ? AND address = ? AND memo = ?',
  );
  const list = connection.prepare('SELECT * FROM destinations WHERE account_id = ? ORDER BY last_used_at DESC');

  /**
   * The book's row for this destination: the one spelled exactly so, else the oldest in another
   * spelling (books written before spellings were compared may hold several).
   */
  function find(d: DestinationKey): KnownDestination | undefined {
    const rows = (candidates.all(d.accountId, d.ticker, d.network ?? '', d.provider ?? '') as Row[]).map(fromRow);
    const exact = rows.find((row) => row.address === d.address && row.memo === (d.memo ?? null));
    return exact ?? rows.sort((a, b) => a.firstUsedAt - b.firstUsedAt).find((row) => sameDestination(row, d));
  }

  return {
    isKnown: (d: DestinationKey): boolean => find(d) !== undefined,
    /** Call inside the caller's transaction. */
    remember(d: DestinationKey, at: number): void {
      const row = find(d);
      if (row) used.run(at, ...keyParams(row));
      else insert.run(...keyParams(d), at, at);
    },
    /** False when the destination is not in the book. */
    setLabel(d: DestinationKey, text: string | null): boolean {
      const row = find(d);
      return row !== undefined && label.run(text, ...keyParams(row)).changes > 0;
    },
    list: (accountId: string): KnownDestination[] => (list.all(accountId) as Row[]).map(fromRow),
  };
}

function fromRow(row: Row): KnownDestination {
  return {
    accountId: row.account_id,
    ticker: row.ticker,
    network: row.network || null,
    provider: row.provider || null,
    address: row.address,
    memo: row.memo || null,
    label: row.label,
    firstUsedAt: row.first_used_at,
    lastUsedAt: row.last_used_at,
    uses: row.uses,
  };
}
