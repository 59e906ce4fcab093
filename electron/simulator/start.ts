/**
 * Starts the exchange simulator as the Demo account runs it: the exchange's API and its WebSocket,
 * nothing else. The test harness (controls/, loaded through ./index) plugs its admin API, faults
 * and hostile-stream switches in through `makeControls`; the built app never loads that module.
 *
 *   const sim = await startExchangeSimulator({ seed: 42 });
 *   // sim.url, sim.accounts[0].apiKey / apiSecret, sim.state
 *   await sim.close();
 */
import type { AddressInfo } from 'node:net';
import { createSimulatorServer, type RequestControls } from './server';
import { attachLiveServer, DEFAULT_LIVE_OPTIONS, type LiveServerOptions, type StreamControls } from './ws/server';
import type { SimulatorAccount } from './accountState';
import { SimulatorState } from './state';

export interface SimulatorOptions {
  /** 0 = any free port (default 0); always binds 127.0.0.1. */
  port?: number;
  /** Data generator seed (default 42); the same seed gives the same data. */
  seed?: number;
  /** Time for a withdrawal to go from pending to its final status in history (default 15000). */
  withdrawalSettleMs?: number;
  /** Enforce per-scope 429s and the withdrawal throttle (default true); the benchmark passes false. */
  rateLimits?: boolean;
  /** One market price tick per this many ms (default 1000); 0: prices move only when a test moves them. */
  priceTickMs?: number;
  /**
   * Assets the exchange lists (default 194); more are generated from the seed and every account
   * holds its usual share of them (Main about 93 %). For the benchmarks' 1,000-asset account.
   */
  assetCount?: number;
  /** The WebSocket at /ws: push interval, idle close and per-connection request budget (documented defaults). */
  live?: Partial<Pick<LiveServerOptions, 'tickMs' | 'idleMs' | 'requestsPerMinute'>>;
}

/** What a harness may plug into the simulator; built from the state once it exists. */
export interface SimulatorControls {
  requests: RequestControls;
  stream: StreamControls;
  /** Stops the controls' own timers; called before the server closes. */
  close(): void;
}

export interface ExchangeSimulator {
  /** "http://127.0.0.1:<port>" */
  url: string;
  accounts: SimulatorAccount[];
  /** Direct in-process access for tests (ledger, balances, positions). */
  state: SimulatorState;
  close(): Promise<void>;
}

const DEFAULT_SEED = 42;
const DEFAULT_WITHDRAWAL_SETTLE_MS = 15_000;

export async function startExchangeSimulator(
  options: SimulatorOptions = {},
  makeControls?: (state: SimulatorState) => SimulatorControls,
): Promise<ExchangeSimulator> {
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new RangeError('port must be an integer from 0 to 65535');
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(seed)) throw new RangeError('seed must be an integer');
  const withdrawalSettleMs = options.withdrawalSettleMs ?? DEFAULT_WITHDRAWAL_SETTLE_MS;
  if (!Number.isFinite(withdrawalSettleMs) || withdrawalSettleMs < 0) throw new RangeError('withdrawalSettleMs must be a non-negative number');

  const priceTickMs = options.priceTickMs ?? 1000;
  if (!Number.isFinite(priceTickMs) || priceTickMs < 0) throw new RangeError('priceTickMs must be a non-negative number');
  const state = new SimulatorState({ seed, withdrawalSettleMs, priceTickMs, assetCount: options.assetCount });
  const liveOptions = { ...DEFAULT_LIVE_OPTIONS, ...options.live };
  for (const [name, value] of Object.entries(liveOptions)) {
    if (!Number.isInteger(value) || value <= 0) throw new RangeError(`live.${name} must be a positive integer`);
  }
  const controls = makeControls?.(state);
  const server = createSimulatorServer({ state, rateLimits: options.rateLimits ?? true, controls: controls?.requests });
  const live = attachLiveServer(server, state, liveOptions, controls?.stream);

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
    accounts: state.accounts(),
    state,
    close() {
      closing ??= new Promise<void>((resolve) => {
        controls?.close();
        live.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
