/**
 * Test helper: a simulator for the whole test file, started before its tests and closed after them.
 * Kept apart from admin-client.ts, which benches and end-to-end fixtures load outside vitest.
 */
import { afterAll, beforeAll } from 'vitest';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../index';
import { clientFor, type SimClient } from './admin-client';

/** `use` gets the simulator and its Main (B2B) client, the account most tests speak as. */
export function simulatorForFile(options: SimulatorOptions, use: (started: { sim: RunningSimulator; main: SimClient }) => void): void {
  let sim: RunningSimulator | undefined;
  beforeAll(async () => {
    sim = await startSimulator(options);
    use({ sim, main: clientFor(sim, 'Main (B2B)') });
  });
  afterAll(() => sim?.close());
}
