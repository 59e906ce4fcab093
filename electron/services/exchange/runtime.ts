/**
 * What the exchange clients of one core share, and what its close() releases: keep-alive
 * connections, client-side rate limiters and nonce sequences. Before, these were module-level
 * singletons that nothing released; now core creates one runtime and closes it on shutdown.
 */
import { NonceRegistry } from './nonce';
import { RateLimiterRegistry } from './rate-limiter';
import { ConnectionPool } from './transport';

export interface ExchangeRuntime {
  readonly connections: ConnectionPool;
  readonly limits: RateLimiterRegistry;
  readonly nonces: NonceRegistry;
  /** Closes every pooled connection and forgets limiter state; clients made from it must not be used after. */
  close(): void;
}

export function createExchangeRuntime(): ExchangeRuntime {
  const connections = new ConnectionPool();
  const limits = new RateLimiterRegistry();
  const nonces = new NonceRegistry();
  return {
    connections,
    limits,
    nonces,
    close() {
      connections.close();
      limits.clear();
    },
  };
}
