/**
 * One exchange client per account, built on first use and shared by every caller, so that the
 * account's rate limiter and nonce sequence are one. A build that failed (a lost secret, a locked
 * keychain) is not kept: the next call asks again.
 */
export interface ClientRegistry<Client> {
  clientFor(accountId: string): Promise<Client>;
  /** Drops the account's client (its key, address or existence changed); the next call builds anew. */
  forget(accountId: string): void;
}

export function createClientRegistry<Client>(build: (accountId: string) => Promise<Client>): ClientRegistry<Client> {
  const clients = new Map<string, Promise<Client>>();
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
