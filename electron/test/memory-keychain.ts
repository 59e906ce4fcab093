/**
 * A keychain that keeps secrets in a Map, for tests of what uses a keychain (the core, the
 * account service). The OS keychain itself is tested against the real one in
 * services/secrets/keychain.test.ts.
 */
import type { Keychain } from '../services/secrets';

export interface MemoryKeychain extends Keychain {
  /** The account ids that have a secret, sorted. */
  accountIds(): string[];
}

export function createMemoryKeychain(): MemoryKeychain {
  const secrets = new Map<string, string>();
  return {
    getSecret: async (accountId) => secrets.get(accountId) ?? null,
    setSecret: async (accountId, secret) => void secrets.set(accountId, secret),
    deleteSecret: async (accountId) => secrets.delete(accountId),
    accountIds: () => [...secrets.keys()].sort(),
  };
}
