/**
 * The OS keychain (macOS Keychain, Windows Credential Manager, Secret Service on Linux) through
 * keytar. API secrets live only here: one entry per account, service = the app id, account = the
 * app's stable account id (never the account's display name, which the user may change).
 *
 * Every failure becomes an AppFailure of kind `keychain` that tells the person what to do,
 * because "Could not connect: No such file or directory" means nothing to someone holding a key.
 */
import { AppFailure } from '../../../shared/errors';

export const KEYCHAIN_SERVICE = 'com.whitebitdesk.app';

/** A locked keyring may show an unlock prompt; past this the call counts as "no keychain". */
const DEFAULT_TIMEOUT_MS = 20_000;

export interface Keychain {
  getSecret(accountId: string): Promise<string | null>;
  setSecret(accountId: string, secret: string): Promise<void>;
  /** True when an entry existed. */
  deleteSecret(accountId: string): Promise<boolean>;
}

interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** What to install or unlock, in the words of each platform. */
export function keychainHelp(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'Unlock your login keychain (Keychain Access) and try again.';
  if (platform === 'win32') return 'Make sure Windows Credential Manager is available for your user and try again.';
  return (
    'Install and unlock a Secret Service keyring - GNOME Keyring (sudo apt install gnome-keyring libsecret-1-0) ' +
    'or KWallet - and run the app inside a desktop session so D-Bus can reach it.'
  );
}

function keychainUnavailable(platform: NodeJS.Platform = process.platform): AppFailure {
  return new AppFailure({
    kind: 'keychain',
    reason: 'keychain_unreachable',
    values: { platform },
    message: `The system keychain cannot be reached, so API secrets cannot be stored or read. ${keychainHelp(platform)} The Demo account works without a keychain.`,
  });
}

export interface KeytarKeychainOptions {
  service?: string;
  timeoutMs?: number;
  /** Receives the raw cause of a failure (it may name D-Bus paths; never a secret). */
  onFailure?: (operation: string, cause: unknown) => void;
}

export function createKeytarKeychain(options: KeytarKeychainOptions = {}): Keychain {
  const service = options.service ?? KEYCHAIN_SERVICE;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let keytarPromise: Promise<KeytarModule> | null = null;

  // Loaded on first use: the native module needs libsecret on Linux, and a machine without it
  // must still start (Demo works) and explain what is missing when a real account needs it.
  function loadKeytar(): Promise<KeytarModule> {
    keytarPromise ??= import('keytar').then((m) => ((m as { default?: KeytarModule }).default ?? (m as unknown as KeytarModule)));
    return keytarPromise;
  }

  async function call<T>(operation: string, run: (keytar: KeytarModule) => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const keytar = await loadKeytar();
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`keychain did not answer within ${timeoutMs} ms`)), timeoutMs);
      });
      return await Promise.race([run(keytar), timeout]);
    } catch (cause) {
      options.onFailure?.(operation, cause);
      throw keychainUnavailable();
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    getSecret: (accountId) => call('get', (k) => k.getPassword(service, accountId)),
    setSecret: (accountId, secret) => call('set', (k) => k.setPassword(service, accountId, secret)),
    deleteSecret: (accountId) => call('delete', (k) => k.deletePassword(service, accountId)),
  };
}
