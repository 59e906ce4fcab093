/**
 * The Demo account's exchange: the embedded simulator, started on 127.0.0.1 the first time the
 * Demo account is used (most sessions never touch it), with the in-memory credentials of its
 * "Main (B2B)" account. Nothing about it goes to the keychain or the settings file.
 */
import type { Logger } from '../logging/logger';

export const DEMO_SIMULATOR_ACCOUNT = 'Main (B2B)';

export interface DemoConnection {
  baseUrl: string;
  credentials: { apiKey: string; apiSecret: string };
}

/** The part of a running simulator this provider uses. */
export interface RunningSimulator {
  url: string;
  accounts: ReadonlyArray<{ name: string; apiKey: string; apiSecret: string }>;
  close(): Promise<void> | void;
}

export interface DemoProvider {
  /** Starts the simulator on first use; concurrent callers share one start. */
  connect(): Promise<DemoConnection>;
  /** The connection when the simulator is already running, else null (never starts it). */
  current(): DemoConnection | null;
  close(): Promise<void>;
}

export interface DemoProviderOptions {
  start: () => Promise<RunningSimulator>;
  logger: Logger;
  /** Secrets must be known to the redactor before anything could log them. */
  registerSecret: (secret: string) => void;
}

export function createDemoProvider(options: DemoProviderOptions): DemoProvider {
  let starting: Promise<{ simulator: RunningSimulator; connection: DemoConnection }> | null = null;
  let running: { simulator: RunningSimulator; connection: DemoConnection } | null = null;
  let closed = false;

  async function start(): Promise<{ simulator: RunningSimulator; connection: DemoConnection }> {
    const simulator = await options.start();
    const account = simulator.accounts.find((a) => a.name === DEMO_SIMULATOR_ACCOUNT) ?? simulator.accounts[0];
    if (!account) {
      await simulator.close();
      throw new Error('the simulator started without any account');
    }
    options.registerSecret(account.apiSecret);
    const connection: DemoConnection = { baseUrl: simulator.url.replace(/\/+$/, ''), credentials: { apiKey: account.apiKey, apiSecret: account.apiSecret } };
    if (closed) {
      await simulator.close();
      throw new Error('the app is shutting down');
    }
    running = { simulator, connection };
    options.logger.info('demo simulator started', { url: connection.baseUrl });
    return running;
  }

  return {
    async connect() {
      if (running) return running.connection;
      if (!starting) {
        starting = start();
        // A failed start may be retried by the next caller.
        starting.catch((error: unknown) => {
          options.logger.error('demo simulator failed to start', { error });
          starting = null;
        });
      }
      return (await starting).connection;
    },
    current: () => running?.connection ?? null,
    async close() {
      closed = true;
      const active = running ?? (starting ? await starting.catch(() => null) : null);
      running = null;
      starting = null;
      if (active) await active.simulator.close();
    },
  };
}
