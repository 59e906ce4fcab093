/**
 * Child process for core.test.ts: the core on a machine whose D-Bus (hence keychain) is
 * unreachable. Prints the envelopes of a Demo call, an attempt to add a real account, and the list.
 */
import { createCore } from '../core';
import { startSimulator } from '../simulator';

const userDataDir = process.argv[2];
if (!userDataDir) throw new Error('usage: core-without-keychain.scenario.ts <userDataDir>');
const simulator = await startSimulator({ port: 0 });
const core = createCore({ userDataDir, mode: 'browser', clientOptions: { timeoutMs: 5_000, maxRetries: 0 } });
const trader = simulator.accounts.find((a) => a.name === 'Trader');
if (!trader) throw new Error('no Trader account');
const direct = { transport: 'direct' } as const;
const result = {
  demoBalance: await core.route('exchange.balance', { accountId: 'demo' }, direct),
  add: await core.route('accounts.add', { name: 'Real', region: 'custom', baseUrl: simulator.url, apiKey: trader.apiKey, apiSecret: trader.apiSecret }, direct),
  list: await core.route('accounts.list', {}, direct),
};
await core.close();
await simulator.close();
// Exit once written: idle keep-alive sockets would otherwise hold the process for seconds.
process.stdout.write(JSON.stringify(result), () => process.exit(0));
