/**
 * What the exchange clients of one core share, and what its close() releases: keep-alive
 * connections, client-side rate limiters, nonce sequences and the connection state their calls
 * report. The core creates one runtime and closes it on shutdown; tests and benches create their
 * own, so nothing lives at module level.
 */
import { createConnectionMonitor, type ConnectionMonitor } from '../connection/monitor';
import { NonceRegistry } from './nonce';
import { RateLimiterRegistry } from './rate-limiter';
import { ConnectionPool } from './transport';

export interface ExchangeRuntime {
  readonly connections: ConnectionPool;
  readonly limits: RateLimiterRegistry;
  readonly nonces: NonceRegistry;
  /** Per account, what the calls' outcomes say about the connection (give clients `observerFor(id)`). */
  readonly connectionStatus: ConnectionMonitor;
  /** Closes every pooled connection and forgets limiter state; clients made from it must not be used after. */
  close(): void;
}

export function createExchangeRuntime(options: { onListenerError?: (error: unknown) => void } = {}): ExchangeRuntime {
  const connections = new ConnectionPool();
  const connectionStatus = createConnectionMonitor({ onListenerError: options.onListenerError });
  const limits = new RateLimiterRegistry();
  const nonces = new NonceRegistry();
  return {
    connections,
    limits,
    nonces,
    connectionStatus,
    close() {
      connections.close();
      limits.clear();
      connectionStatus.clear();
    },
  };
}
