/**
 * `npm run bench:live`: the main process's cost of one live connection. The simulator pushes
 * position snapshots every second over its WebSocket (with 200 markets' prices walking), the live
 * service reads them and hands the page its coalesced "read again" signals; then the socket is
 * flooded with thousands of updates a second. Prints main-process CPU (% of one core), the
 * signals per second the page receives, and RSS before and after. It never fails on speed.
 * `-- --seconds N` sets each phase's length (default 30).
 */
import { startSimulator } from '../../electron/simulator';
import { createExchangeClient } from '../../electron/services/exchange/client';
import { createExchangeRuntime } from '../../electron/services/exchange/runtime';
import { createLiveService } from '../../electron/services/live';

const secondsArg = process.argv.indexOf('--seconds');
const SECONDS = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 30;
const FLOOD_PER_SECOND = 5_000;

const simulator = await startSimulator({ port: 0, rateLimits: false, assetCount: 200 });
const runtime = createExchangeRuntime();
const account = simulator.accounts.find((a) => a.name === 'Main (B2B)')!;
const client = createExchangeClient({ runtime, baseUrl: simulator.url, credentials: { apiKey: account.apiKey, apiSecret: account.apiSecret } });
let signals = 0;
let live = false;
const service = createLiveService({
  accounts: async () => [{ id: 'bench', notifyPositions: true }],
  clientFor: async () => client,
  onRiskChange: () => undefined,
  onPushed: () => signals++,
  onState: (state) => (live = state.status === 'live'),
});

async function admin(body: object): Promise<void> {
  await fetch(`${simulator.url}/__admin/live`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Admin-Token': simulator.adminToken }, body: JSON.stringify(body) });
}

/** CPU (% of one core) and page signals per second over `seconds`, while `during` runs each second. */
async function phase(name: string, during: () => Promise<void>): Promise<void> {
  signals = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let s = 0; s < SECONDS; s++) {
    await during();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const used = process.cpuUsage(cpu);
  const wall = performance.now() - started;
  // The simulator runs in this process too: its share is in the figure (an upper bound for the app).
  console.log(`${name}: main-process CPU ${(((used.user + used.system) / 1_000 / wall) * 100).toFixed(1)} % of one core (simulator included); page signals ${(signals / (wall / 1_000)).toFixed(2)} a second`);
}

try {
  await service.sync();
  while (!live) await new Promise((resolve) => setTimeout(resolve, 100));
  const positions = simulator.state.account(account.apiKey)!.positions.length;
  console.log(`live for ${SECONDS} s per phase: ${positions} positions, ${simulator.state.prices.markets().length} markets ticking every second`);
  const rss = process.memoryUsage().rss;
  await phase('steady pushes', async () => undefined);
  await phase(`flood of ${FLOOD_PER_SECOND.toLocaleString('en')} updates a second`, () => admin({ action: 'flood', count: FLOOD_PER_SECOND }));
  console.log(`RSS ${(rss / 1_048_576).toFixed(1)} MB -> ${(process.memoryUsage().rss / 1_048_576).toFixed(1)} MB`);
} finally {
  service.close();
  runtime.close();
  await simulator.close();
}
