/**
 * The exchange simulator with the test harness plugged in: what the CLI (`npm run simulator`), the
 * tests and the benches start. The app's Demo starts it bare (./start.ts), without admin API,
 * faults or hostile-stream switches.
 *
 *   const sim = await startSimulator({ seed: 42 });
 *   // sim.url, sim.accounts[0].apiKey / apiSecret, sim.adminToken, sim.state
 *   await sim.close();
 */
import { createSimulatorControls, newAdminToken } from './controls';
import { startExchangeSimulator, type ExchangeSimulator, type SimulatorOptions } from './start';

export { ADMIN_TOKEN_HEADER, FAULT_KINDS, type FaultKind, type FaultSpec, type ActiveFault } from './controls';
export type { SimulatorOptions } from './start';
export { SimulatorState } from './state';
export { AccountState, type SimulatorAccount, type LedgerView } from './accountState';
export type { DebitRecord, RefundRecord, HistoryEntry, PositionRecord, CodeRecord, InvestmentRecord } from './model';

export interface RunningSimulator extends ExchangeSimulator {
  /** Random per start; send as X-Admin-Token to /__admin/... */
  adminToken: string;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const adminToken = newAdminToken();
  const simulator = await startExchangeSimulator(options, (state) => createSimulatorControls(state, adminToken));
  return { ...simulator, adminToken };
}
