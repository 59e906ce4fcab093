import type { Reply } from '../http';
import type { AccountState } from '../accountState';
import type { SimulatorState } from '../state';

/** What a private endpoint handler gets once the request is authenticated. */
export interface PrivateContext {
  state: SimulatorState;
  account: AccountState;
  body: Record<string, unknown>;
  nowMs: number;
  /** Whether throttles (withdrawal attempts) apply; off for benchmarks. */
  rateLimits: boolean;
}

export type PrivateHandler = (ctx: PrivateContext) => Reply;
