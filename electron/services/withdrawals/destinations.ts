/**
 * The known-destinations book: every address a withdrawal was sent to, per account, asset, network
 * (or fiat provider) and memo, with an optional label and its first and last use. A destination is
 * remembered in the transaction that moves a withdrawal to `sending` (store.ts beginSend), so the
 * book and the records never disagree. A first payment to a destination not in the book needs one
 * more deliberate step on the confirmation. The page exports the book as CSV.
 */
import type Database from 'better-sqlite3';
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
  const known = connection.prepare(
    'SELECT 1 FROM destinations WHERE account_id = ? AND ticker = ? AND network = ? AND provider = ? AND address = ? AND memo = ?',
  );
  const remember = connection.prepare(
    `INSERT INTO destinations (account_id, ticker, network, provider, address, memo, first_used_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT DO UPDATE SET last_used_at = max(last_used_at, excluded.last_used_at), uses = uses + 1`,
  );
  const label = connection.prepare(
    'UPDATE destinations SET label = ? WHERE account_id = ? AND ticker = ? AND network = ? AND provider = ? AND address = ? AND memo = ?',
  );
  const list = connection.prepare('SELECT * FROM destinations WHERE account_id = ? ORDER BY last_used_at DESC');

  return {
    isKnown: (d: DestinationKey): boolean => known.get(...keyParams(d)) !== undefined,
    /** Call inside the caller's transaction. */
    remember(d: DestinationKey, at: number): void {
      remember.run(...keyParams(d), at, at);
    },
    /** False when the destination is not in the book. */
    setLabel(d: DestinationKey, text: string | null): boolean {
      return label.run(text, ...keyParams(d)).changes > 0;
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
