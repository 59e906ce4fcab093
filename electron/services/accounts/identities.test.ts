import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DeskDatabase } from '../database';
import { createAccountIdentities, keyHash } from './identities';

let database: DeskDatabase | null = null;
let dir = '';
afterEach(() => {
  database?.close();
  rmSync(dir, { recursive: true, force: true });
});

function open() {
  dir = mkdtempSync(join(tmpdir(), 'desk-identities-'));
  database = openDatabase(dir);
  return createAccountIdentities(database.connection, () => 1_000);
}

describe('account identities', () => {
  it('gives back the id a key last had, and stores a hash, never the key', () => {
    const identities = open();
    expect(identities.idFor('public-key-1')).toBeUndefined();
    identities.remember('public-key-1', 'acc-1111');
    expect(identities.idFor('public-key-1')).toBe('acc-1111');
    expect(identities.idFor('public-key-2')).toBeUndefined();
    identities.remember('public-key-1', 'acc-2222');
    expect(identities.idFor('public-key-1')).toBe('acc-2222');
    const rows = database!.connection.prepare('SELECT key_hash, account_id FROM account_keys').all();
    expect(rows).toEqual([{ key_hash: keyHash('public-key-1'), account_id: 'acc-2222' }]);
    expect(JSON.stringify(rows)).not.toContain('public-key-1');
  });
});
