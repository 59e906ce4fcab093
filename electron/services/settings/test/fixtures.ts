/** Settings files for tests: valid content with real-looking accounts (no secrets: those live in the keychain). */
import { defaultSettings, type SettingsFile, type StoredAccount } from '../schema';

export function storedAccount(id: string): StoredAccount {
  return {
    id,
    name: `Account ${id}`,
    region: 'custom',
    baseUrl: 'http://127.0.0.1:9',
    apiKey: `public-key-of-${id}`,
    notifyPositions: false,
    createdAt: 1_700_000_000_000,
  };
}

/** Valid settings holding the named accounts, the first one active. */
export function settingsWithAccounts(...ids: string[]): SettingsFile {
  return { ...defaultSettings(), accounts: ids.map(storedAccount), activeAccountId: ids[0] ?? 'demo' };
}
