/**
 * Scenario for database-unavailable.test.ts, run as a user that file modes apply to (see
 * unprivileged.ts): the core on a user-data folder whose database cannot be used. Prints what
 * database.status, withdrawals.list and withdrawals.prepare answered.
 * Usage: unavailable-database.scenario.ts <userDataDir>
 */
import { createCore } from '../core';
import { createMemoryKeychain } from './memory-keychain';
import { TRON } from '../../shared/addresses/test/sampleAddresses';

const userDataDir = process.argv[2];
if (!userDataDir) throw new Error('usage: unavailable-database.scenario.ts <userDataDir>');
const direct = { transport: 'direct' } as const;

const core = createCore({ userDataDir, mode: 'browser', keychain: createMemoryKeychain(), clientOptions: { timeoutMs: 5_000, maxRetries: 0 }, history: { intervalMs: 0 } });
const result = {
  status: await core.route('database.status', {}, direct),
  list: await core.route('withdrawals.list', { accountId: 'demo' }, direct),
  prepare: await core.route('withdrawals.prepare', { accountId: 'demo', ticker: 'USDT', amount: '5', address: TRON, network: 'TRC20' }, direct),
};
await core.close();
process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
