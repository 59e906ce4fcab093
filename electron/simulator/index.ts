/**
 * The built-in WhiteBIT exchange simulator: a real HTTP server on 127.0.0.1 that behaves like the
 * exchange as docs/exchange-api.md describes it. Demo mode, every integration test and the benchmark use it.
 *
 *   const sim = await startSimulator({ seed: 42 });
 *   // sim.url, sim.accounts[0].apiKey / apiSecret, sim.adminToken, sim.state
 *   await sim.close();
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createSimulatorServer } from './server';
import { attachLiveServer, DEFAULT_LIVE_OPTIONS, type LiveServerOptions } from './ws/server';
import { SimulatorState, type SimulatorAccount } from './state';

export { SimulatorState, AccountState, type SimulatorAccount, type LedgerView } from './state';
export { FAULT_KINDS, type FaultKind, type FaultSpec, type ActiveFault } from './faults';
export { ADMIN_TOKEN_HEADER } from './admin';
export type { DebitRecord, RefundRecord, HistoryEntry, PositionRecord, CodeRecord, InvestmentRecord } from './model';

export interface SimulatorOptions {
  /** 0 = any free port (default 0); always binds 127.0.0.1. */
  port?: number;
  /** Data generator seed (default 42); the same seed gives the same data. */
  seed?: number;
  /** Time for a withdrawal to go from pending to its final status in history (default 15000). */
  withdrawalSettleMs?: number;
  /** Enforce per-scope 429s and the withdrawal throttle (default true); the benchmark passes false. */
  rateLimits?: boolean;
  /** One market price tick per this many ms (default 1000); 0: prices move only through the admin API. */
  priceTickMs?: number;
  /**
   * Assets the exchange lists (default 194); more are generated from the seed and every account
   * holds its usual share of them (Main about 93 %). For the benchmarks' 1,000-asset account.
   */
  assetCount?: number;
  /** The WebSocket at /ws: push interval, idle close and per-connection request budget (documented defaults). */
  live?: Partial<Pick<LiveServerOptions, 'tickMs' | 'idleMs' | 'requestsPerMinute'>>;
}

export interface RunningSimulator {
  /** "http://127.0.0.1:<port>" */
  url: string;
  /** Random per start; send as X-Admin-Token to /__admin/... */
  adminToken: string;
  accounts: SimulatorAccount[];
  /** Direct in-process access for tests (ledger, balances, positions). */
  state: SimulatorState;
  close(): Promise<void>;
}

export const DEFAULT_SEED = 42;
export const DEFAULT_WITHDRAWAL_SETTLE_MS = 15_000;

export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new RangeError('port must be an integer from 0 to 65535');
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(seed)) throw new RangeError('seed must be an integer');
  const withdrawalSettleMs = options.withdrawalSettleMs ?? DEFAULT_WITHDRAWAL_SETTLE_MS;
  if (!Number.isFinite(withdrawalSettleMs) || withdrawalSettleMs < 0) throw new RangeError('withdrawalSettleMs must be a non-negative number');

  const priceTickMs = options.priceTickMs ?? 1000;
  if (!Number.isFinite(priceTickMs) || priceTickMs < 0) throw new RangeError('priceTickMs must be a non-negative number');
  const state = new SimulatorState({ seed, withdrawalSettleMs, priceTickMs, assetCount: options.assetCount });
  const adminToken = randomBytes(24).toString('base64url');
  const { server, cancelTimers } = createSimulatorServer({ state, adminToken, rateLimits: options.rateLimits ?? true });
  const liveOptions = { ...DEFAULT_LIVE_OPTIONS, ...options.live };
  for (const [name, value] of Object.entries(liveOptions)) {
    if (!Number.isInteger(value) || value <= 0) throw new RangeError(`live.${name} must be a positive integer`);
  }
  const live = attachLiveServer(server, state, liveOptions);

  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;

  let closing: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${address.port}`,
    adminToken,
    accounts: state.accounts(),
    state,
    close() {
      closing ??= new Promise<void>((resolve) => {
        cancelTimers();
        live.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
