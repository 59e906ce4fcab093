/**
 * A simulator on a free port and a real exchange client signed in as one of its accounts, for
 * tests of main-process services over real HTTP. Test-only.
 */
import { startSimulator, type RunningSimulator } from '../../../simulator';
import { createExchangeClient, type ExchangeClient } from '../client';
import { createExchangeRuntime } from '../runtime';

export interface SimulatorAccount {
  sim: RunningSimulator;
  client: ExchangeClient;
  apiKey: string;
}

export async function startSimulatorAccount(name: string, seed: number): Promise<SimulatorAccount> {
  const sim = await startSimulator({ port: 0, seed, rateLimits: false });
  const account = sim.accounts.find((a) => a.name === name);
  if (!account) throw new Error(`the simulator has no account named ${name}`);
  const runtime = createExchangeRuntime();
  const client = createExchangeClient({ runtime, baseUrl: sim.url, credentials: { apiKey: account.apiKey, apiSecret: account.apiSecret }, rateLimit: false });
  return { sim, client, apiKey: account.apiKey };
}
