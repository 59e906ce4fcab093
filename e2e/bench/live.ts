/**
 * `npm run bench:live`: the live feed end to end at the scale the product promises. A simulator in
 * its own process holds 50 open positions with about 200 markets walking every second; the built app
 * runs in browser mode with alerts on for that account (so its live connection is open) and Chromium
 * shows Positions. For a steady phase and a flood of 5,000 updates a second it prints the app
 * process's CPU (% of one core) and RSS, the Positions table's paints a second, and tick-to-paint:
 * BTC_USDT's price is set through the admin API every 2 s, and the time from the exchange's next push
 * (seen on the bench's own socket) to the frame that shows the new distance is taken.
 * Linux only (reads /proc); needs /usr/bin/chromium and a build. `-- --seconds N` per phase (default 30).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Page } from '@playwright/test';
import { WebSocket } from 'ws';
import { startSimulator } from '../../electron/simulator';
import { position } from '../../electron/simulator/data/positions';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { invokeApp, spawnBrowserMode, stopChild } from '../fixtures';

const secondsArg = process.argv.indexOf('--seconds');
const SECONDS = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 30;
const FLOOD_PER_SECOND = 5_000;
const POSITIONS = 50;
/** Generated assets list a few markets each: this many gives about 200 markets. */
const ASSETS = 300;
/** BTC_USDT's long liquidates at 48211.37: these two prices put it about 7 % and 17 % away. */
const PRICES = ['52000', '58000'] as const;
const farFromLiquidation = (percent: number) => percent > 12;

interface SimulatorInfo { url: string; adminToken: string; apiKey: string; apiSecret: string; positions: number; markets: number }

/** The child process: a simulator whose Main (B2B) account holds POSITIONS positions. */
async function serveSimulator(): Promise<void> {
  const simulator = await startSimulator({ port: 0, rateLimits: false, assetCount: ASSETS });
  const account = simulator.accounts.find((a) => a.name === 'Main (B2B)')!;
  const held = simulator.state.account(account.apiKey)!.positions;
  const taken = new Set(held.map((p) => p.market));
  const free = simulator.state.prices.markets().filter((m) => m.money === 'USDT' && !taken.has(m.name));
  for (let i = 0; held.length < POSITIONS && i < free.length; i++) {
    const price = simulator.state.prices.price(free[i]!.name)!;
    held.push(position(90_000 + i, free[i]!.name, { amount: '1', basePrice: price, liquidationPrice: null, liquidationState: null, side: 'LONG', tpsl: null }));
  }
  const info: SimulatorInfo = { url: simulator.url, adminToken: simulator.adminToken, apiKey: account.apiKey, apiSecret: account.apiSecret, positions: held.length, markets: simulator.state.prices.markets().length };
  process.send!(info);
  process.on('disconnect', () => void simulator.close().then(() => process.exit(0)));
}

/**
 * In the page: the time (epoch ms) of each frame painted after the positions table changed, and of
 * each painted change of BTC_USDT's distance with its text.
 */
const PAINT_PROBE = `
  window.__paints = [];
  window.__btc = [];
  let pending = false;
  let lastBtc = '';
  new MutationObserver((mutations) => {
    if (pending) return;
    const inTable = mutations.some((m) => (m.target.nodeType === 1 ? m.target : m.target.parentElement)?.closest('[data-testid="risk-row"]'));
    if (!inTable) return;
    pending = true;
    requestAnimationFrame(() => setTimeout(() => {
      pending = false;
      const at = performance.timeOrigin + performance.now();
      window.__paints.push(at);
      const row = [...document.querySelectorAll('[data-testid="risk-row"]')].find((r) => r.textContent.includes('BTC_USDT'));
      const text = row?.querySelector('[data-testid="risk-distance"]')?.textContent ?? '';
      if (text !== lastBtc) { lastBtc = text; window.__btc.push([at, text]); }
    }, 0));
  }).observe(document, { childList: true, subtree: true, characterData: true });
`;

const cpuSecondsOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const rssMbOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? NaN;
const percentOf = (text: string) => Number(/(\d+(?:\.\d+)?)/.exec(text.replaceAll(',', ''))?.[1] ?? NaN);

/**
 * The times the simulator pushes: it sends every subscription on one shared tick, and `market`
 * updates (unlike `lastprice`) only on a tick, never in a flood.
 */
function watchTicks(simulator: SimulatorInfo): { ticks: number[]; close: () => void } {
  const ticks: number[] = [];
  const socket = new WebSocket(`${simulator.url.replace(/^http/, 'ws')}/ws`);
  socket.on('open', () => socket.send(JSON.stringify({ id: 1, method: 'market_subscribe', params: ['BTC_USDT'] })));
  socket.on('message', (data) => {
    const text = String(data);
    if (text.includes('"market_update"')) ticks.push(Date.now());
  });
  return { ticks, close: () => socket.close() };
}

async function phase(name: string, page: Page, appPid: number, simulator: SimulatorInfo, ticks: number[], flood: boolean): Promise<void> {
  const admin = (path: string, body: object) => fetch(`${simulator.url}/__admin/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Admin-Token': simulator.adminToken }, body: JSON.stringify(body) });
  await page.evaluate(() => { (window as unknown as { __paints: number[] }).__paints.length = 0; });
  const sets: { at: number; far: boolean }[] = [];
  const cpuBefore = cpuSecondsOf(appPid);
  const started = Date.now();
  for (let s = 0; s < SECONDS; s++) {
    if (flood) await admin('live', { action: 'flood', count: FLOOD_PER_SECOND });
    if (s % 2 === 0) {
      const price = PRICES[(s / 2) % 2]!;
      sets.push({ at: Date.now(), far: price === PRICES[1] });
      await admin('prices', { market: 'BTC_USDT', price });
    }
    await sleep(1_000 - ((Date.now() - started) % 1_000));
  }
  const wall = (Date.now() - started) / 1_000;
  const cpu = ((cpuSecondsOf(appPid) - cpuBefore) / wall) * 100;
  const { paints, btc } = await page.evaluate(() => ({ paints: (window as unknown as { __paints: number[] }).__paints, btc: (window as unknown as { __btc: [number, string][] }).__btc }));
  const latencies = sets.flatMap(({ at, far }) => {
    const tick = ticks.find((time) => time > at);
    const painted = btc.find(([time, text]) => time >= at && farFromLiquidation(percentOf(text)) === far);
    return tick !== undefined && painted ? [painted[0] - tick] : [];
  });
  console.log(`${name}: app process CPU ${cpu.toFixed(1)} % of one core, RSS ${rssMbOf(appPid).toFixed(0)} MB; ` +
    `table paints ${(paints.length / wall).toFixed(2)} a second; ` +
    // Under a flood the bench's own socket queues the tick behind the flood, so the tick's time is not known.
    (flood ? `price moves painted ${latencies.length} of ${sets.length}` : `tick-to-paint p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p95 ${percentile(latencies, 0.95).toFixed(0)} ms (${latencies.length} of ${sets.length} price moves seen)`));
}

async function measure(): Promise<void> {
  const child = fork(process.argv[1]!, ['--simulator'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const simulator = await new Promise<SimulatorInfo>((resolve) => child.once('message', (m) => resolve(m as SimulatorInfo)));
  const userDataDir = mkdtempSync(join(tmpdir(), 'desk-live-'));
  const { url, child: app } = await spawnBrowserMode(userDataDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const ticks = watchTicks(simulator);
  try {
    // REST at its slowest, so what moves the page is the live feed.
    await invokeApp(url, 'settings.update', { refreshIntervalMs: 300_000 });
    const { account } = await invokeApp<{ account: { id: string } }>(url, 'accounts.add', { name: 'Bench', region: 'custom', baseUrl: simulator.url, apiKey: simulator.apiKey, apiSecret: simulator.apiSecret });
    await invokeApp(url, 'accounts.update', { accountId: account.id, notifyPositions: true });
    await invokeApp(url, 'accounts.select', { accountId: account.id });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(PAINT_PROBE);
    await page.goto(url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Positions', exact: true }).click();
    await page.getByRole('status', { name: 'Connection: Live' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('risk-row').filter({ hasText: 'BTC_USDT' }).first().waitFor();
    await sleep(3_000);
    console.log(`${simulator.positions} positions, ${simulator.markets} markets walking every second; REST every 5 min; ${SECONDS} s a phase`);
    await phase('steady', page, app.pid!, simulator, ticks.ticks, false);
    await phase(`flood of ${FLOOD_PER_SECOND.toLocaleString('en')} updates a second`, page, app.pid!, simulator, ticks.ticks, true);
  } finally {
    ticks.close();
    await browser.close();
    await stopChild(app);
    rmSync(userDataDir, { recursive: true, force: true });
    child.disconnect();
  }
}

if (process.argv.includes('--simulator')) await serveSimulator();
else await measure();
