/**
 * The accounts' API secrets in the keychain, as the account service uses them: every read remembers
 * whether the secret was there (so lists that run on every refresh need not ask the keychain each
 * time), every change forgets it, and a key written for a settings change that then fails is rolled
 * back so the keychain and the settings file agree.
 */
import type { Logger } from '../logging/logger';
import type { SecretStore } from '../secrets';

export interface AccountSecrets extends SecretStore {
  /**
   * Whether the keychain holds the account's secret; `known` answers from what was last read or
   * written when there is such an answer. A lost or unreachable entry answers false.
   */
  has(accountId: string, known?: boolean): Promise<boolean>;
  /** The secret, or null when it is missing or the keychain cannot be reached. */
  readOrNull(accountId: string): Promise<string | null>;
  /**
   * Writes the secret, then runs `persist`; when that fails, puts back `previousSecret` (or removes
   * the entry when there was none) and rethrows.
   */
  storeOrRollBack(accountId: string, secret: string, persist: () => Promise<unknown>, previousSecret: string | null): Promise<void>;
}

export function createAccountSecrets(store: SecretStore, logger: Logger): AccountSecrets {
  const present = new Map<string, boolean>();

  const secrets: SecretStore = {
    ...store,
    async read(accountId) {
      const secret = await store.read(accountId);
      present.set(accountId, secret !== null);
      return secret;
    },
    async write(accountId, secret) {
      present.delete(accountId);
      await store.write(accountId, secret);
    },
    async remove(accountId) {
      present.delete(accountId);
      await store.remove(accountId);
    },
  };

  async function readOrNull(accountId: string): Promise<string | null> {
    try {
      return await secrets.read(accountId);
    } catch {
      return null;
    }
  }

  return {
    ...secrets,
    readOrNull,
    async has(accountId, known = false) {
      const answer = known ? present.get(accountId) : undefined;
      if (answer !== undefined) return answer;
      return (await readOrNull(accountId)) !== null;
    },
    async storeOrRollBack(accountId, secret, persist, previousSecret) {
      await secrets.write(accountId, secret);
      try {
        await persist();
      } catch (error) {
        logger.error('settings write failed after the keychain was updated; rolling the keychain back', { accountId, error });
        try {
          if (previousSecret === null) await secrets.remove(accountId);
          else await secrets.write(accountId, previousSecret);
        } catch (rollbackError) {
          logger.error('keychain rollback failed', { accountId, error: rollbackError });
        }
        throw error;
      }
    },
  };
}
