/**
 * `npm run bench:live`: the live feed end to end at the scale the product promises. A simulator in
 * its own process holds 50 open positions with about 200 markets walking every second; the built app
 * runs in browser mode with alerts on (so its live connections are open) and reaches the simulator
 * through a counting proxy. It prints, each phase `-- --seconds N` long (default 30):
 *   - REST calls a second per account with Balances, Positions and "All accounts" (two accounts) open;
 *   - on Positions, steady: the app process's CPU (% of one core), RSS and its slope, table paints a
 *     second, push-to-paint (the exchange's next push, seen on the bench's own socket, to the frame
 *     that shows BTC_USDT's new distance) and price-set-to-paint (the admin call to that frame);
 *   - a flood of 5,000 frames a second on a channel the app never subscribed to (REST calls too);
 *   - `positions/open` answering 503 while the socket pushes: whether and how fast a move still paints;
 *   - the alert storm of `npm run bench:alerts` (5,000 alerts, 40 crossings).
 * `-- --soak --seconds 1800` runs only the steady phase, for memory over half an hour.
 * Figures only: it never fails on speed. Linux only (reads /proc); needs /usr/bin/chromium and a build.
 */
import { fork, spawnSync } from 'node:child_process';
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
import { startCountingProxy, type CountingProxy } from './countingProxy';

const secondsArg = process.argv.indexOf('--seconds');
const SECONDS = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 30;
/** `-- --soak`: only the steady Positions phase, for a long run's RSS slope (`-- --soak --seconds 1800`). */
const SOAK = process.argv.includes('--soak');
const FLOOD_PER_SECOND = 5_000;
const POSITIONS = 50;
/** Generated assets list a few markets each: this many gives about 200 markets. */
const ASSETS = 300;
/** BTC_USDT's long liquidates at 48211.37: these two prices put it about 7 % and 17 % away. */
const PRICES = ['52000', '58000'] as const;
const POSITIONS_PATH = '/api/v4/collateral-account/positions/open';
const farFromLiquidation = (percent: number) => percent > 12;

interface SimulatorInfo { url: string; adminToken: string; apiKey: string; apiSecret: string; secondKey: string; secondSecret: string; positions: number; markets: number }

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
  const second = simulator.accounts.find((a) => a.name === 'Trader')!;
  const info: SimulatorInfo = { url: simulator.url, adminToken: simulator.adminToken, apiKey: account.apiKey, apiSecret: account.apiSecret, secondKey: second.apiKey, secondSecret: second.apiSecret, positions: held.length, markets: simulator.state.prices.markets().length };
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
  // A ping now and then, as the app does: the exchange closes a connection that stays quiet for a minute.
  let pings: ReturnType<typeof setInterval> | undefined;
  socket.on('open', () => {
    socket.send(JSON.stringify({ id: 1, method: 'market_subscribe', params: ['BTC_USDT'] }));
    pings = setInterval(() => socket.send(JSON.stringify({ id: 2, method: 'ping', params: [] })), 20_000);
  });
  socket.on('message', (data) => {
    const text = String(data);
    if (text.includes('"market_update"')) ticks.push(Date.now());
  });
  return { ticks, close: () => { clearInterval(pings); socket.close(); } };
}

interface Bench { page: Page; appPid: number; simulator: SimulatorInfo; proxy: CountingProxy; ticks: number[] }

const admin = (simulator: SimulatorInfo, path: string, body: object) =>
  fetch(`${simulator.url}/__admin/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Admin-Token': simulator.adminToken }, body: JSON.stringify(body) });

/**
 * The proxy's counts as "N a second per account", with the three paths read most: the calls made
 * with `keys` (the accounts on screen) and every public call, shared among them.
 */
function restLine(byKey: Map<string, Map<string, number>>, seconds: number, keys: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const key of ['', ...keys]) for (const [path, n] of byKey.get(key) ?? []) counts.set(path, (counts.get(path) ?? 0) + n);
  const accounts = keys.length;
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([path, n]) => `${path.replace('/api/v4/', '')} ${(n / seconds).toFixed(2)}`);
  return `REST ${(total / seconds / accounts).toFixed(2)} calls a second per account${top.length ? ` (${top.join(', ')})` : ''}`;
}

/** Least-squares slope of RSS samples, in MB a minute. */
function slopePerMinute(samples: { at: number; mb: number }[]): number {
  const n = samples.length;
  if (n < 2) return NaN;
  const mx = samples.reduce((a, s) => a + s.at, 0) / n;
  const my = samples.reduce((a, s) => a + s.mb, 0) / n;
  const num = samples.reduce((a, s) => a + (s.at - mx) * (s.mb - my), 0);
  const den = samples.reduce((a, s) => a + (s.at - mx) ** 2, 0);
  return (num / den) * 60_000;
}

async function restPhase(name: string, bench: Bench, keys: readonly string[]): Promise<void> {
  await sleep(5_000);
  bench.proxy.take();
  await sleep(SECONDS * 1_000);
  console.log(`${name}: ${restLine(bench.proxy.take(), SECONDS, keys)}`);
}

async function positionsPhase(name: string, bench: Bench, mode: 'steady' | 'flood' | 'failing'): Promise<void> {
  const { page, appPid, simulator, ticks } = bench;
  await page.evaluate(() => { (window as unknown as { __paints: number[] }).__paints.length = 0; });
  const sets: { at: number; far: boolean }[] = [];
  const rss: { at: number; mb: number }[] = [];
  const cpuBefore = cpuSecondsOf(appPid);
  bench.proxy.take();
  const started = Date.now();
  for (let s = 0; s < SECONDS; s++) {
    if (mode === 'flood') await admin(simulator, 'live', { action: 'flood', count: FLOOD_PER_SECOND });
    if (s % 2 === 0) {
      const price = PRICES[(s / 2) % 2]!;
      sets.push({ at: Date.now(), far: price === PRICES[1] });
      await admin(simulator, 'prices', { market: 'BTC_USDT', price });
    }
    rss.push({ at: Date.now(), mb: rssMbOf(appPid) });
    await sleep(1_000 - ((Date.now() - started) % 1_000));
  }
  const wall = (Date.now() - started) / 1_000;
  const cpu = ((cpuSecondsOf(appPid) - cpuBefore) / wall) * 100;
  const rest = restLine(bench.proxy.take(), wall, [simulator.apiKey]);
  const { paints, btc } = await page.evaluate(() => ({ paints: (window as unknown as { __paints: number[] }).__paints, btc: (window as unknown as { __btc: [number, string][] }).__btc }));
  const pushToPaint: number[] = [];
  const setToPaint: number[] = [];
  for (const { at, far } of sets) {
    const painted = btc.find(([time, text]) => time >= at && farFromLiquidation(percentOf(text)) === far);
    if (!painted) continue;
    setToPaint.push(painted[0] - at);
    const tick = ticks.find((time) => time > at);
    if (tick !== undefined && tick <= painted[0]) pushToPaint.push(painted[0] - tick);
  }
  const ms = (values: number[], p: number) => `${percentile(values, p).toFixed(0)} ms`;
  const lines = [
    `${name}: app process CPU ${cpu.toFixed(1)} % of one core, RSS ${rssMbOf(appPid).toFixed(0)} MB (slope ${slopePerMinute(rss).toFixed(2)} MB a minute); table paints ${(paints.length / wall).toFixed(2)} a second; ${rest}`,
    `  price moves painted ${setToPaint.length} of ${sets.length}; price set to paint p50 ${ms(setToPaint, 0.5)}, p95 ${ms(setToPaint, 0.95)}` +
      // Under a flood the bench's own socket queues the tick behind the flood, so the tick's time is not known.
      (mode === 'flood' ? '' : `; push to paint p50 ${ms(pushToPaint, 0.5)}, p95 ${ms(pushToPaint, 0.95)} (${pushToPaint.length} pushes timed)`),
  ];
  console.log(lines.join('\n'));
}

async function openView(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
}

async function addWatchedAccount(url: string, proxy: CountingProxy, name: string, apiKey: string, apiSecret: string): Promise<string> {
  const { account } = await invokeApp<{ account: { id: string } }>(url, 'accounts.add', { name, region: 'custom', baseUrl: proxy.url, apiKey, apiSecret });
  await invokeApp(url, 'accounts.update', { accountId: account.id, notifyPositions: true });
  return account.id;
}

async function measure(): Promise<void> {
  const child = fork(process.argv[1]!, ['--simulator'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const simulator = await new Promise<SimulatorInfo>((resolve) => child.once('message', (m) => resolve(m as SimulatorInfo)));
  const proxy = await startCountingProxy(simulator.url);
  const userDataDir = mkdtempSync(join(tmpdir(), 'desk-live-'));
  const { url, child: app } = await spawnBrowserMode(userDataDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const ticks = watchTicks(simulator);
  try {
    // The fastest refresh a person can choose: whatever REST the app makes beyond reconciling shows.
    await invokeApp(url, 'settings.update', { refreshIntervalMs: 10_000 });
    // Both accounts before the page opens: the page takes the launch token for its own session.
    const first = await addWatchedAccount(url, proxy, 'Bench', simulator.apiKey, simulator.apiSecret);
    await addWatchedAccount(url, proxy, 'Bench 2', simulator.secondKey, simulator.secondSecret);
    await invokeApp(url, 'accounts.select', { accountId: first });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(PAINT_PROBE);
    await page.goto(url);
    await openView(page, 'Positions');
    await page.getByRole('status', { name: /Connection: Live/ }).waitFor({ timeout: 30_000 });
    await page.getByTestId('risk-row').filter({ hasText: 'BTC_USDT' }).first().waitFor();
    const bench: Bench = { page, appPid: app.pid!, simulator, proxy, ticks: ticks.ticks };
    console.log(`${simulator.positions} positions, ${simulator.markets} markets walking every second; two accounts with alerts on; refresh set to every 10 s; ${SECONDS} s a phase`);

    if (SOAK) {
      await positionsPhase('Positions, steady (soak)', bench, 'steady');
      return;
    }
    const one = [simulator.apiKey];
    await restPhase('Positions open', bench, one);
    await openView(page, 'Balances');
    await page.getByLabel('Balances of').selectOption('active');
    await restPhase('Balances open', bench, one);
    await openView(page, 'Positions');
    await page.getByTestId('risk-row').filter({ hasText: 'BTC_USDT' }).first().waitFor();
    await positionsPhase('Positions, steady', bench, 'steady');
    await positionsPhase(`Positions, a flood of ${FLOOD_PER_SECOND.toLocaleString('en')} unsubscribed frames a second`, bench, 'flood');
    await admin(simulator, 'faults', { kind: 'server_error', status: 503, path: POSITIONS_PATH, count: 100_000 });
    await positionsPhase('Positions, positions/open answering 503', bench, 'failing');
    await fetch(`${simulator.url}/__admin/faults`, { method: 'DELETE', headers: { 'X-Admin-Token': simulator.adminToken } });

    await openView(page, 'Balances');
    await page.getByLabel('Balances of').selectOption('all');
    await restPhase('All accounts open (two accounts)', bench, [simulator.apiKey, simulator.secondKey]);
  } finally {
    ticks.close();
    await browser.close();
    await stopChild(app);
    await proxy.close();
    rmSync(userDataDir, { recursive: true, force: true });
    child.disconnect();
  }
  if (SOAK) return;
  // The storm is measured on the core in its own process, as `npm run bench:alerts` does.
  console.log('alert storm:');
  spawnSync('npx', ['tsx', join(import.meta.dirname, 'alert-storm.ts')], { stdio: 'inherit' });
}

if (process.argv.includes('--simulator')) await serveSimulator();
else await measure();
