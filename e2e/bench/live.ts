/**
 * `npm run bench:live`: the main process's cost of one live connection at the scale the product
 * promises: 50 open positions, about 200 markets' prices walking, snapshots pushed every second.
 * The simulator runs in a child process, so the CPU figure is the app's side alone (WebSocket
 * reads, change detection, the page's coalesced "read again" signals). A second phase floods the
 * socket with thousands of updates a second. Prints CPU (% of one core), signals a second and RSS;
 * it never fails on speed. `-- --seconds N` sets each phase's length (default 30).
 */
import { fork } from 'node:child_process';
import { createExchangeClient } from '../../electron/services/exchange/client';
import { createExchangeRuntime } from '../../electron/services/exchange/runtime';
import { createLiveService } from '../../electron/services/live';
import { startSimulator } from '../../electron/simulator';
import { position } from '../../electron/simulator/data/positions';

const secondsArg = process.argv.indexOf('--seconds');
const SECONDS = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 30;
const FLOOD_PER_SECOND = 5_000;
const POSITIONS = 50;
/** Generated assets list a few markets each: this many gives about 200 markets. */
const ASSETS = 300;

interface SimulatorInfo { url: string; adminToken: string; apiKey: string; apiSecret: string; positions: number; markets: number }

/** The child: a simulator whose Main (B2B) account holds POSITIONS positions, one per USDT market. */
async function serveSimulator(): Promise<void> {
  const simulator = await startSimulator({ port: 0, rateLimits: false, assetCount: ASSETS });
  const account = simulator.accounts.find((a) => a.name === 'Main (B2B)')!;
  const held = simulator.state.account(account.apiKey)!.positions;
  const taken = new Set(held.map((p) => p.market));
  const free = simulator.state.prices.markets().filter((m) => m.money === 'USDT' && !taken.has(m.name));
  for (let i = 0; held.length < POSITIONS && i < free.length; i++) {
    const price = simulator.state.prices.price(free[i].name)!;
    held.push(position(90_000 + i, free[i].name, { amount: '1', basePrice: price, liquidationPrice: null, liquidationState: null, side: 'LONG', tpsl: null }));
  }
  const info: SimulatorInfo = { url: simulator.url, adminToken: simulator.adminToken, apiKey: account.apiKey, apiSecret: account.apiSecret, positions: held.length, markets: simulator.state.prices.markets().length };
  process.send!(info);
  process.on('disconnect', () => void simulator.close().then(() => process.exit(0)));
}

async function measure(): Promise<void> {
  const child = fork(process.argv[1], ['--simulator'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const simulator = await new Promise<SimulatorInfo>((resolve) => child.once('message', (m) => resolve(m as SimulatorInfo)));
  const runtime = createExchangeRuntime();
  const client = createExchangeClient({ runtime, baseUrl: simulator.url, credentials: { apiKey: simulator.apiKey, apiSecret: simulator.apiSecret } });
  let signals = 0;
  let live = false;
  const service = createLiveService({
    accounts: async () => [{ id: 'bench', notifyPositions: true }],
    clientFor: async () => client,
    onRiskChange: () => undefined,
    onPushed: () => signals++,
    onState: (state) => (live = state.status === 'live'),
  });

  /** CPU (% of one core) and page signals a second over one phase, running `during` each second. */
  async function phase(name: string, during: () => Promise<unknown>): Promise<void> {
    signals = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let s = 0; s < SECONDS; s++) {
      await during();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    const used = process.cpuUsage(cpu);
    const wall = performance.now() - started;
    console.log(`${name}: main-process CPU ${(((used.user + used.system) / 1_000 / wall) * 100).toFixed(1)} % of one core; page signals ${(signals / (wall / 1_000)).toFixed(2)} a second`);
  }

  const flood = () => fetch(`${simulator.url}/__admin/live`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Admin-Token': simulator.adminToken },
    body: JSON.stringify({ action: 'flood', count: FLOOD_PER_SECOND }),
  });

  try {
    await service.sync();
    while (!live) await new Promise((resolve) => setTimeout(resolve, 100));
    console.log(`live for ${SECONDS} s per phase: ${simulator.positions} positions, ${simulator.markets} markets ticking every second (simulator in its own process)`);
    const rss = process.memoryUsage().rss;
    await phase('steady pushes', async () => undefined);
    await phase(`flood of ${FLOOD_PER_SECOND.toLocaleString('en')} updates a second`, flood);
    console.log(`RSS ${(rss / 1_048_576).toFixed(1)} MB -> ${(process.memoryUsage().rss / 1_048_576).toFixed(1)} MB`);
  } finally {
    service.close();
    runtime.close();
    child.disconnect();
  }
}

if (process.argv.includes('--simulator')) await serveSimulator();
else await measure();
