/**
 * The only holder of API secrets in the app. Reads and writes go to the keychain; every secret
 * that passes through is registered with the log redactor before anyone could log it.
 */
import type { Redactor } from '../logging/redact';
import type { Keychain } from './keychain';

export { createKeytarKeychain, keychainHelp, KEYCHAIN_SERVICE, type Keychain } from './keychain';

export interface SecretStore {
  /** null when the keychain holds nothing for this account. Throws a `keychain` AppFailure when unreachable. */
  read(accountId: string): Promise<string | null>;
  write(accountId: string, secret: string): Promise<void>;
  remove(accountId: string): Promise<void>;
  /** For a secret that is only being tested (not stored yet): keep it out of the log from the start. */
  registerForRedaction(secret: string): void;
}

export function createSecretStore(keychain: Keychain, redactor: Redactor): SecretStore {
  return {
    async read(accountId) {
      const secret = await keychain.getSecret(accountId);
      redactor.registerSecret(secret);
      return secret;
    },
    async write(accountId, secret) {
      redactor.registerSecret(secret);
      await keychain.setSecret(accountId, secret);
    },
    async remove(accountId) {
      await keychain.deleteSecret(accountId);
    },
    registerForRedaction(secret) {
      redactor.registerSecret(secret);
    },
  };
}
