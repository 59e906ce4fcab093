/**
 * One exchange client per account, built on first use and shared by every caller, so that the
 * account's rate limiter and nonce sequence are one. A build that failed (a lost secret, a locked
 * keychain) is not kept: the next call asks again.
 */
import { AppFailure } from '../../../shared/errors';
import { DEMO_ACCOUNT_ID } from '../../../shared/model/accounts';
import type { DemoProvider } from '../demo';
import type { SecretStore } from '../secrets';
import type { AccountRecords } from './records';

export interface ClientConfig {
  /** The stored account the client speaks for; absent while a new key is only being tested. */
  accountId?: string;
  baseUrl: string;
  credentials: { apiKey: string; apiSecret: string };
}

export interface ClientRegistry<Client> {
  /** A signed client for the account; throws `not_found` or `keychain` failures with plain words. */
  clientFor(accountId: string): Promise<Client>;
  /** Drops the account's client (its key, address or existence changed); the next call builds anew. */
  forget(accountId: string): void;
}

export interface ClientSources<Client> {
  records: AccountRecords;
  secrets: SecretStore;
  demo: DemoProvider;
  createClient: (config: ClientConfig) => Client;
}

export function createClientRegistry<Client>({ records, secrets, demo, createClient }: ClientSources<Client>): ClientRegistry<Client> {
  const clients = new Map<string, Promise<Client>>();

  async function build(accountId: string): Promise<Client> {
    if (accountId === DEMO_ACCOUNT_ID) return createClient({ ...(await demo.connect()), accountId });
    const account = records.find(accountId);
    const secret = await secrets.read(accountId);
    if (secret === null) {
      throw new AppFailure({
        kind: 'keychain',
        reason: 'secret_missing',
        values: { account: account.name },
        message: `The system keychain no longer holds the API secret for "${account.name}". Enter the secret again (Accounts, Replace key) to use this account.`,
      });
    }
    return createClient({ accountId, baseUrl: account.baseUrl, credentials: { apiKey: account.apiKey, apiSecret: secret } });
  }

  return {
    clientFor(accountId) {
      const cached = clients.get(accountId);
      if (cached) return cached;
      const building = build(accountId);
      clients.set(accountId, building);
      building.catch(() => {
        if (clients.get(accountId) === building) clients.delete(accountId);
      });
      return building;
    },
    forget(accountId) {
      clients.delete(accountId);
    },
  };
}
