/**
 * The test harness's hold on a simulator: the admin API under /__admin/ (its own random token),
 * injected faults and hostile-stream switches. The CLI, the tests and the benches load it through
 * ../index; the app's Demo starts the simulator without it (../start.ts).
 */
import { randomBytes } from 'node:crypto';
import type { SimulatorControls } from '../start';
import type { SimulatorState } from '../state';
import { FaultRegistry } from './faults';
import { createRequestControls } from './requests';
import { StreamControl } from './stream';

export { ADMIN_TOKEN_HEADER } from './admin';
export { FAULT_KINDS, type FaultKind, type FaultSpec, type ActiveFault } from './faults';

export function newAdminToken(): string {
  return randomBytes(24).toString('base64url');
}

export function createSimulatorControls(state: SimulatorState, adminToken: string): SimulatorControls {
  const stream = new StreamControl(state);
  const requests = createRequestControls({ state, faults: new FaultRegistry(), stream }, adminToken);
  return { requests, stream, close: () => requests.close() };
}
