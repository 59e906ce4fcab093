/**
 * Scenario for core.test.ts, run as a user that file modes apply to (see unprivileged.ts): the
 * core on a user-data folder it may read but not write (mode 0500, no logs/ folder yet). Prints
 * whether the core started, what reads and a settings change answered, and whether logging threw.
 * Usage: read-only-user-data.scenario.ts <userDataDir>
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createCore } from '../core';

const userDataDir = process.argv[2];
if (!userDataDir) throw new Error('usage: read-only-user-data.scenario.ts <userDataDir>');
const direct = { transport: 'direct' } as const;

/** Proof that the operating system really refuses us the folder (it would not for root). */
let probe = 'writable';
try {
  mkdirSync(join(userDataDir, 'probe'));
} catch (error) {
  probe = (error as NodeJS.ErrnoException).code ?? 'unknown';
}

let core;
try {
  core = createCore({ userDataDir, mode: 'browser', clientOptions: { timeoutMs: 5_000, maxRetries: 0 } });
} catch (error) {
  process.stdout.write(`${JSON.stringify({ probe, started: false, thrown: String(error) })}\n`);
  process.exit(0);
}
const result = {
  probe,
  started: true,
  settingsGet: await core.route('settings.get', {}, direct),
  list: await core.route('accounts.list', {}, direct),
  demoBalance: await core.route('exchange.balance', { accountId: 'demo' }, direct),
  settingsUpdate: await core.route('settings.update', { theme: 'dark' }, direct),
  selectDemo: await core.route('accounts.select', { accountId: 'demo' }, direct),
  databaseStatus: await core.route('database.status', {}, direct),
  withdrawalsList: await core.route('withdrawals.list', { accountId: 'demo' }, direct),
  loggerThrew: false,
};
try {
  core.logger.error('an entry after the log file could not be created');
} catch {
  result.loggerThrew = true;
}
await core.close();
// Exit once written: idle keep-alive sockets would otherwise hold the process for seconds.
process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
