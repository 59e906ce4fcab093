/**
 * Run by tiering.test.ts in a Node process of its own, started with V8's tracing flags: asks the
 * real core for the Demo account's balances overview (over HTTP to an in-process simulator with
 * frozen prices, as Demo mode runs it) and makes the history snapshot of it, round after round,
 * with a full garbage collection every few rounds (needs --expose-gc): what an idle app does on
 * each refresh, with the collections that come every few minutes there brought closer together.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNT_ID } from '../../../../shared/model/accounts';
import type { BalancesOverview } from '../../../../shared/model/balances';
import { createCore } from '../../../core';
import { startSimulator } from '../../../simulator';
import { snapshotOf } from '../../history/service';

const ROUNDS = Number(process.argv[2] ?? 300);
const GC_EVERY = 5;
const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('overview-rounds needs --expose-gc');

const simulator = await startSimulator({ seed: 42, rateLimits: false, priceTickMs: 0 });
const dir = mkdtempSync(join(tmpdir(), 'desk-tiering-'));
const core = createCore({ userDataDir: dir, mode: 'browser', startSimulator: async () => simulator, clientOptions: { timeoutMs: 5_000, maxRetries: 0 } });
try {
  for (let round = 1; round <= ROUNDS; round++) {
    const envelope = (await core.route('balances.overview', { accountId: DEMO_ACCOUNT_ID }, { transport: 'direct' })) as { ok: true; data: BalancesOverview } | { ok: false };
    if (!envelope.ok) throw new Error(`balances.overview failed in round ${round}: ${JSON.stringify(envelope)}`);
    snapshotOf(envelope.data, Date.now());
    if (round % GC_EVERY === 0) collect();
  }
} finally {
  await core.close();
  await simulator.close();
  rmSync(dir, { recursive: true, force: true });
}
