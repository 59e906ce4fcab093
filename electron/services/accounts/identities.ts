/**
 * Which account id each API key had: an account is known by its exchange key, not by the random id
 * it was given, so adding the same key again (after a removal, or with the settings file lost)
 * brings back the same id and with it its withdrawal records, destinations and open outcomes.
 * Kept in the app's database (table `account_keys`), which outlives the settings file. Only a hash
 * of the key is stored.
 */
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';

export interface AccountIdentities {
  /** The id the account with this key last had, if any. */
  idFor(apiKey: string): string | undefined;
  /** From now on this key is this account. */
  remember(apiKey: string, accountId: string): void;
}

/** A hash of the API key, never the key: enough to recognise it, nothing to sign with. */
export function keyHash(apiKey: string): string {
  return createHash('sha256').update('whitebit-desk account key\0').update(apiKey, 'utf8').digest('hex');
}

export function createAccountIdentities(connection: Database.Database, now: () => number = Date.now): AccountIdentities {
  const find = connection.prepare('SELECT account_id FROM account_keys WHERE key_hash = ?').pluck();
  const upsert = connection.prepare(
    `INSERT INTO account_keys (key_hash, account_id, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (key_hash) DO UPDATE SET account_id = excluded.account_id, updated_at = excluded.updated_at
     WHERE account_id <> excluded.account_id`,
  );
  return {
    idFor: (apiKey) => (find.get(keyHash(apiKey)) as string | undefined) ?? undefined,
    remember(apiKey, accountId) {
      upsert.run(keyHash(apiKey), accountId, now());
    },
  };
}
