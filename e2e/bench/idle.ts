/**
 * `npm run bench:idle`: what the app costs while nobody touches it (issue 14), a benchmark that
 * prints figures, not a timed test. Browser mode (the same main core as Electron), started with
 * Node's flags as `npm start` gives them (electron/browser/node-flags.ts), with the Balances view
 * open in Chromium, auto-refresh at 10 s, in two configurations. The pages open in a Chromium
 * that no DevTools client watches (rawChromium.ts): Playwright's network inspection keeps every
 * response body in the page, which grew the page by one overview per refresh and was measured as
 * the page's own growth until this bench stopped using it.
 *   - real account (the headline): the exchange is a simulator in this bench process, so its own
 *     work (prices moving every second, answering calls) is not counted as the app's, as the real
 *     exchange's is not; the app knows it as a custom-server account with a key in the keychain,
 *     added through the app's channels as a user adds one;
 *   - Demo account: the simulator embedded in the main process, as a Demo user runs it, so its work
 *     is counted in the main process's figures.
 * After a warm-up each measures, from /proc:
 *   - CPU of the main process and of the page (Chromium's renderer processes), in % of one core,
 *     over a window at the start and again at the end of the soak (all of Chromium, browser and
 *     GPU processes included, is printed beside it);                  target: main + page < 1 %
 *     Chromium's own interface runs in a renderer too (--top-chrome-webui: its tab strip and
 *     toolbar, there even without a window). It is not the page, and Electron has none: it is
 *     printed apart, not counted as the page's. What it costs varies by itself: 0.33-0.48 % of a
 *     core in the first minutes (a static page's window: 0.40-0.48 % in it, 0.03-0.17 % in the
 *     page's), 0.02 % at the end of a 10-minute soak;
 *   - resident memory (RSS) of both at the start and at the end, and its trend along a soak of
 *     17 minutes or more (judged on the later half of the samples);   target: under +2 MB/h
 *   - the JS heap of both after a forced full collection, at the start and at the end: what the
 *     app's code keeps alive, which tells a leak from allocator and heap-capacity growth in RSS
 *     (the main process's is read through its inspector, opened for the moment: mainHeap.ts);
 *   - the page's memory at the end as Chromium's own accounting has it (memory-infra: private
 *     footprint, V8, Blink's collected heap, malloc, compositor tiles...), where a leak in the
 *     page would show as the allocator holding it. The page's RSS also counts about 115 MB of
 *     Chromium's code and files mapped in every renderer, which grows as more of that code first
 *     runs; its anonymous part is printed beside it along the soak;
 * Beside the real account's soak runs the main process's floor (exchangeFloor.ts): a bare Node
 * process (Node's default flags) making the overview's exchange calls every 10 s against a simulator with the same data,
 * whose RSS trend is printed after the app's: what Node and its allocator do with that traffic alone.
 * After the real account's soak, in the same app with its page closed: the Balances job done by
 * hand (byHand.ts: the same overview every 10 s written into plain DOM, no framework), the least
 * this job costs a page, with what the overview alone costs the main process; then the main
 * process with no page open.
 * Then the floor: a static page with an open event stream in the same Chromium, measured the same
 * way, so the page's figure reads against what the browser costs by itself.
 * Then the memory case the issue names, in a second app on a fresh data folder: main-process RSS
 * with an account of 1,000+ assets (a simulator listing more assets, run in this process, so its
 * memory is not the app's; added as a custom-server account, as a user adds one) and a year of
 * history in the database (what retention keeps of a year of 5-minute snapshots of those assets,
 * written by e2e/bench/historyFill.ts), Balances open at 10 s, the 1Y chart loaded once.
 *                                                                     target: main < 150 MB
 * Adding an account needs a keychain: `npm run bench:idle` runs under .ci/with-keyring.
 * Options: --soak-seconds N (default 600, per configuration), --window-seconds N (CPU window,
 * default 60), --skip-memory-case, --skip-demo-case, --history-days N (the real account starts with
 * N days of 5-minute history; default none).
 * Linux only (reads /proc). Needs /usr/bin/chromium (npm run setup installs it).
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { openDatabase } from '../../electron/services/database';
import { startSimulator } from '../../electron/simulator';
import { invokeApp, runBench, startBrowserMode, stopApp } from './browserMode';
import { startByHandPage } from './byHand';
import { freePort, inspectPortArgs, mainMemoryAfterGc, type MainMemory } from './mainHeap';
import { startExchangeFloor } from './exchangeFloor';
import { fillHistory, recentSnapshotTimes, yearOfSnapshotTimes } from './historyFill';
import { launchRawChromium, type RawChromium, type RawPage } from './rawChromium';

const WARMUP_SECONDS = 20;
/** Every page of this bench: the app's, the by-hand one and the floor's. */
const VIEWPORT = { width: 1280, height: 800 };
/** RSS lines printed between the two CPU windows of a soak. */
const SOAK_PROGRESS_LINES = 6;
/** RSS is sampled this often between the two CPU windows, for the trend. */
const RSS_SAMPLE_SECONDS = 10;
/**
 * The trend leaves out the first minutes after the start's forced full collection, while V8 grows
 * the heap back (a 3-minute soak read +150 MB/h from that alone), and needs this long of samples after them.
 */
const TREND_SETTLE_SECONDS = 300;
const TREND_MIN_SECONDS = 600;
/**
 * "Flat" for the verdict: the later half's trend under this, for main and page. About 2 % of the
 * main process's size per hour, and about three times the slope's noise over a 40-minute half as
 * estimated from GC's swings of a few MB. Fixed before the hour-long run it judged. Over halves that
 * short it is stricter than Node itself: the main process's floor (exchangeFloor.ts), alone for 40
 * minutes, read +4.8 MB/h over its later half.
 */
const FLAT_MB_PER_HOUR = 2;

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  if (at === -1) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} needs a positive number of seconds`);
  return value;
}

const SOAK_SECONDS = option('--soak-seconds', 600);
const WINDOW_SECONDS = Math.min(option('--window-seconds', 60), SOAK_SECONDS);
const MEMORY_CASE = !process.argv.includes('--skip-memory-case');
const DEMO_CASE = !process.argv.includes('--skip-demo-case');
/**
 * Days of 5-minute history the real account starts its soak with (0: none, a first launch). With
 * a few days, the database is past SQLite's 2 MB page cache from the first minute, as on a machine
 * that has run the app for a while; from empty, the cache fills for about the first half hour.
 */
const HISTORY_DAYS = option('--history-days', 0);
/** The simulator account the real-account case uses: the one the Demo account shows, so the two lines compare. */
const REAL_ACCOUNT = 'Main (B2B)';
/** Listed by the simulator; its Main account holds about 93 % of them, so a little over 1,000. */
const LISTED_ASSETS = 1_100;
/** The memory case watches the main process this long at 10 s refreshes. */
const MEMORY_CASE_SECONDS = 90;
/** Clock ticks per second of /proc/<pid>/stat times: 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

interface Usage {
  /** CPU time, seconds. */
  cpu: number;
  /** Resident memory, bytes. */
  rss: number;
}

/** What a process of Chromium is to this bench: a page's renderer, the renderer of Chromium's own interface, or anything else. */
type ProcessKind = 'page' | 'browser-ui' | 'other';

function kindOf(commandLine: string): ProcessKind {
  // Read as text: Chromium rewrites a forked renderer's command line as one line with spaces.
  if (!commandLine.includes('--type=renderer')) return 'other';
  // Extensions are off in this run; the one other renderer is Chromium's own interface (WebUI).
  return commandLine.includes('--top-chrome-webui') ? 'browser-ui' : 'page';
}

function readProc(pid: number): { ppid: number; usage: Usage; kind: ProcessKind } | null {
  try {
    const kind = kindOf(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(fields[1]);
    const ticks = Number(fields[11]) + Number(fields[12]);
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return { ppid, kind, usage: { cpu: ticks / TICKS_PER_SECOND, rss: rssKb * 1024 } };
  } catch {
    return null; // ended meanwhile
  }
}

/**
 * A process's resident memory by kind (/proc/<pid>/smaps_rollup), bytes: anonymous (heaps, the
 * allocator's arenas, V8's pages) apart from file-backed (code, mapped files), which tells growth in
 * what the process allocated from pages the kernel merely kept mapped.
 */
function residentParts(pid: number): { anonymous: number; fileBacked: number } {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0) * 1024;
    return { anonymous: kb('Anonymous'), fileBacked: kb('Rss') - kb('Anonymous') };
  } catch {
    return { anonymous: 0, fileBacked: 0 };
  }
}

/** The main process's memory after a full collection, in one line (see mainMemoryAfterGc, residentParts). */
function describeMainMemory(memory: MainMemory, pid: number): string {
  const parts = residentParts(pid);
  return `JS heap ${mb(memory.heapUsed)} in use of ${mb(memory.heapTotal)} reserved, outside it ${mb(memory.external)} (array buffers ${mb(memory.arrayBuffers)}); RSS ${mb(parts.anonymous)} anonymous + ${mb(parts.fileBacked)} file-backed`;
}

/**
 * CPU and RSS of the main process, of the page (Chromium's renderer processes but the one of its
 * own interface), of that interface's renderer, and of all of Chromium (its browser process and
 * every descendant: GPU, network, interface and page; not the exchange floor, also a child of this
 * process). RSS sums over processes count shared pages more than once, so Chromium's total
 * overstates its memory. The page's anonymous part is its own memory (heaps, allocator pages): its
 * RSS also counts about 115 MB of Chromium's code and files, mapped in every renderer, which grows
 * as more of that code runs for the first time (issue 14's page probes, smaps_rollup).
 */
function sample(mainPid: number, chromiumPid: number): { main: Usage; page: Usage; pageAnonymous: number; browserUi: Usage; chromium: Usage } {
  const all = new Map<number, { ppid: number; usage: Usage; kind: ProcessKind }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const info = readProc(Number(name));
    if (info) all.set(Number(name), info);
  }
  const descends = (pid: number, ancestor: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; hops++) {
      const parent = all.get(p)?.ppid;
      if (parent === undefined) return false;
      if (parent === ancestor) return true;
      p = parent;
    }
    return false;
  };
  const byKind: Record<ProcessKind, Usage> = { page: { cpu: 0, rss: 0 }, 'browser-ui': { cpu: 0, rss: 0 }, other: { cpu: 0, rss: 0 } };
  let pageAnonymous = 0;
  for (const [pid, info] of all) {
    if (pid !== chromiumPid && !descends(pid, chromiumPid)) continue;
    byKind[info.kind].cpu += info.usage.cpu;
    byKind[info.kind].rss += info.usage.rss;
    if (info.kind === 'page') pageAnonymous += residentParts(pid).anonymous;
  }
  const kinds = Object.values(byKind);
  const chromium: Usage = { cpu: kinds.reduce((sum, u) => sum + u.cpu, 0), rss: kinds.reduce((sum, u) => sum + u.rss, 0) };
  return { main: all.get(mainPid)?.usage ?? { cpu: 0, rss: 0 }, page: byKind.page, pageAnonymous, browserUi: byKind['browser-ui'], chromium };
}

interface TrendSample {
  hours: number;
  bytes: number;
}

/**
 * The least-squares slope of memory over time, in MB per hour: a process whose memory rises and
 * falls with its garbage collections has two ends that differ by chance, a leak has a slope.
 */
function trendMbPerHour(samples: readonly TrendSample[]): number {
  const n = samples.length;
  const meanT = samples.reduce((s, x) => s + x.hours, 0) / n;
  const meanB = samples.reduce((s, x) => s + x.bytes, 0) / n;
  const covariance = samples.reduce((s, x) => s + (x.hours - meanT) * (x.bytes - meanB), 0);
  const variance = samples.reduce((s, x) => s + (x.hours - meanT) ** 2, 0);
  return variance === 0 ? 0 : covariance / variance / 1024 / 1024;
}

function slopeMbPerHour(samples: readonly TrendSample[]): string {
  const slope = trendMbPerHour(samples);
  return `${slope >= 0 ? '+' : ''}${slope.toFixed(1)} MB/h`;
}

interface Window {
  /** CPU in % of one core. */
  main: number;
  page: number;
  /** The renderer of Chromium's own interface (not the page's; see the header). */
  browserUi: number;
  chromium: number;
  rssMain: number;
  rssPage: number;
}

async function cpuOver(browser: RawChromium, mainPid: number, seconds: number): Promise<Window> {
  const before = sample(mainPid, browser.pid);
  const started = performance.now();
  await sleep(seconds * 1000);
  const after = sample(mainPid, browser.pid);
  const wall = (performance.now() - started) / 1000;
  const percent = (pick: (s: ReturnType<typeof sample>) => Usage) => ((pick(after).cpu - pick(before).cpu) / wall) * 100;
  return {
    main: percent((s) => s.main),
    page: percent((s) => s.page),
    browserUi: percent((s) => s.browserUi),
    chromium: percent((s) => s.chromium),
    rssMain: after.main.rss,
    rssPage: after.page.rss,
  };
}

/** What all of Chromium cost, and its interface's renderer within it (not the page's). */
const chromiumCost = (w: Window) => `all of Chromium ${pct(w.chromium)}, of which its own interface's renderer ${pct(w.browserUi)}`;

const describe = (w: Window) =>
  `CPU main ${pct(w.main)} + page ${pct(w.page)} = ${pct(w.main + w.page)} of one core (${chromiumCost(w)}); RSS main ${mb(w.rssMain)}, page ${mb(w.rssPage)}`;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const pct = (value: number) => `${value.toFixed(2)} %`;

/**
 * The page's memory as Chromium accounts for it (RawChromium.memoryByAllocator), in one line: its
 * private footprint and each allocator of 0.1 MB or more, largest first. The page is the largest
 * renderer of the page kind: Chromium also keeps a spare one started for the next navigation.
 */
async function pageMemoryByAllocator(browser: RawChromium): Promise<string> {
  const byProcess = await browser.memoryByAllocator();
  let sizes: Record<string, number> = {};
  for (const [pid, candidate] of byProcess) {
    const isPage = readProc(pid)?.kind === 'page';
    if (isPage && (candidate.private_footprint ?? 0) > (sizes.private_footprint ?? 0)) sizes = candidate;
  }
  const parts = Object.keys(sizes)
    .filter((name) => name !== 'private_footprint' && sizes[name]! >= 0.1 * 1024 * 1024)
    .sort((a, b) => sizes[b]! - sizes[a]!)
    .map((name) => `${name} ${(sizes[name]! / 1024 / 1024).toFixed(1)}`);
  return `private footprint ${mb(sizes.private_footprint ?? 0)}: ${parts.join(', ')} MB`;
}

const BALANCE_ROWS = `document.querySelectorAll('[data-testid="balance-row"]')`;

/**
 * The page on Balances with auto-refresh at 10 s: set through the channel the Settings view uses
 * (settings.update), then the page opened, as a user's next start opens it.
 */
async function openBalancesAt10s(browser: RawChromium, url: string): Promise<RawPage> {
  await invokeApp(url, 'settings.update', { refreshIntervalMs: 10_000 });
  const page = await browser.newPage(url, VIEWPORT);
  await page.waitFor(`${BALANCE_ROWS}.length > 0`);
  return page;
}

/** The real account's last `days` days of 5-minute snapshots, written while its app is stopped. */
function prefillHistory(userDataDir: string, accountId: string, assets: readonly string[], days: number): void {
  const database = openDatabase(userDataDir);
  try {
    const times = recentSnapshotTimes(Date.now() - 60_000, days);
    const rows = fillHistory(database.connection, { accountId, assets, times });
    console.log(`history before the soak: ${days} days, ${times.length.toLocaleString('en')} snapshots, ${rows.toLocaleString('en')} asset rows`);
  } finally {
    database.close();
  }
}

/** Main-process RSS with 1,000+ assets and a year of history (see the header). */
async function memoryCase(browser: RawChromium): Promise<void> {
  const simulator = await startSimulator({ port: 0, rateLimits: false, assetCount: LISTED_ASSETS });
  const userDataDir = mkdtempSync(join(tmpdir(), 'desk-idle-1000-'));
  let child: Awaited<ReturnType<typeof startBrowserMode>>['child'] | null = null;
  try {
    const { apiKey, apiSecret } = simulator.accounts.find((a) => a.name === REAL_ACCOUNT)!;
    const held = [...simulator.state.account(apiKey)!.balances.keys()];
    const accountId = await configureRealAccount(userDataDir, simulator.url, { apiKey, apiSecret }, 'Bench 1000');

    // The year is written while the app is stopped, as if it had run all that time.
    const started = performance.now();
    const times = yearOfSnapshotTimes(Date.now() - 60_000, true);
    const database = openDatabase(userDataDir);
    let rows: number;
    try {
      rows = fillHistory(database.connection, { accountId, assets: held, times });
    } finally {
      database.close();
    }
    console.log(
      `memory case: ${held.length} assets held (of ${LISTED_ASSETS} listed), a year of history: ${times.length.toLocaleString('en')} snapshots, ${rows.toLocaleString('en')} asset rows (filled in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );

    const app = await startBrowserMode(userDataDir, 'ignore');
    child = app.child;
    const page = await openBalancesAt10s(browser, app.url);
    const rowsShown = await invokeApp<{ rows: unknown[] }>(app.url, 'balances.overview', { accountId });
    // The 1Y chart as the History view asks for it: the whole year read once.
    const series = await invokeApp<{ snapshots: number }>(app.url, 'history.series', { accountId, range: '1y', points: 1_000 });
    let peak = 0;
    for (let waited = 0; waited < MEMORY_CASE_SECONDS; waited += 5) {
      await sleep(5_000);
      peak = Math.max(peak, sample(child.pid!, browser.pid).main.rss);
    }
    const end = sample(child.pid!, browser.pid).main.rss;
    console.log(
      `memory case: Balances (${rowsShown.rows.length} rows) at 10 s for ${MEMORY_CASE_SECONDS} s, 1Y chart over ${series.snapshots.toLocaleString('en')} snapshots loaded: main RSS ${mb(end)} at the end, peak ${mb(peak)} (target < 150 MB)`,
    );
    await page.close();
  } finally {
    if (child) await stopApp(child);
    rmSync(userDataDir, { recursive: true, force: true });
    await simulator.close();
  }
}

/**
 * A fresh data folder whose active account is a custom-server account on `simulatorUrl`, added and
 * selected through the app's channels (the key pair goes to the keychain). The app that added it is
 * stopped, so the measured app starts as a user's does on a configured machine, without the Demo
 * simulator it would have started for its first landing view.
 */
async function configureRealAccount(userDataDir: string, simulatorUrl: string, credentials: { apiKey: string; apiSecret: string }, name: string): Promise<string> {
  const app = await startBrowserMode(userDataDir, 'ignore');
  try {
    const { account } = await invokeApp<{ account: { id: string } }>(app.url, 'accounts.add', { name, region: 'custom', baseUrl: simulatorUrl, ...credentials });
    await invokeApp(app.url, 'accounts.select', { accountId: account.id });
    return account.id;
  } finally {
    await stopApp(app.child);
  }
}

async function main(): Promise<void> {
  const browser = await launchRawChromium();
  const results: Array<{ label: string; end: Window }> = [];
  try {
    // The headline: the exchange outside the app, as the real exchange is.
    const simulator = await startSimulator({ port: 0 });
    // The floor's exchange: the same seed, so the same account and answers, and nonces of its own.
    const floorSimulator = await startSimulator({ port: 0 });
    const userDataDir = mkdtempSync(join(tmpdir(), 'desk-idle-real-'));
    try {
      const { apiKey, apiSecret } = simulator.accounts.find((a) => a.name === REAL_ACCOUNT)!;
      const floorKey = floorSimulator.accounts.find((a) => a.name === REAL_ACCOUNT)!;
      const accountId = await configureRealAccount(userDataDir, simulator.url, { apiKey, apiSecret }, 'Bench real');
      if (HISTORY_DAYS > 0) prefillHistory(userDataDir, accountId, [...simulator.state.account(apiKey)!.balances.keys()], HISTORY_DAYS);
      const inspectPort = await freePort();
      const { url, child } = await startBrowserMode(userDataDir, 'ignore', inspectPortArgs(inspectPort));
      results.push({ label: 'real account (exchange outside the app)', end: await idleCase(browser, { url, child, inspectPort }, userDataDir, 'real account', { byHand: true, floor: { simulatorUrl: floorSimulator.url, apiKey: floorKey.apiKey, apiSecret: floorKey.apiSecret } }) });
    } finally {
      await floorSimulator.close();
      await simulator.close();
    }
    if (DEMO_CASE) {
      const demoDir = mkdtempSync(join(tmpdir(), 'desk-idle-demo-'));
      const inspectPort = await freePort();
      const { url, child } = await startBrowserMode(demoDir, 'ignore', inspectPortArgs(inspectPort));
      results.push({ label: 'Demo account (simulator inside the main process)', end: await idleCase(browser, { url, child, inspectPort }, demoDir, 'Demo') });
    }
    for (const { label, end } of results) {
      console.log(`idle CPU at the end, ${label}: main ${pct(end.main)} + page ${pct(end.page)} = ${pct(end.main + end.page)} of one core (target < 1 %); main RSS ${mb(end.rssMain)}`);
    }
    await floorCase(browser);
    if (MEMORY_CASE) await memoryCase(browser);
  } finally {
    await browser.close();
  }
}

/**
 * What the browser costs by itself, to read the page's figure against: a static page (no script but
 * an open event stream, as the app keeps one) in the same Chromium, measured the same way.
 */
async function floorCase(browser: RawChromium): Promise<void> {
  const server = createServer((req, res) => {
    if (req.url === '/events') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
      res.write(': connected\n\n');
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 25_000);
      req.on('close', () => clearInterval(heartbeat));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>floor</title><p>Balances</p><script>new EventSource('/events')</script>`);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const page = await browser.newPage(`http://127.0.0.1:${port}/`, VIEWPORT);
  try {
    await sleep(WARMUP_SECONDS * 1000);
    // No main process here: only the page's own figure counts.
    const floor = await cpuOver(browser, -1, WINDOW_SECONDS);
    console.log(`floor, a static page with an open event stream in the same Chromium: page ${pct(floor.page)} of one core (${chromiumCost(floor)})`);
  } finally {
    await page.close();
    server.close();
  }
}

/**
 * The same app with its own page closed: first with the Balances job done by hand in its place
 * (byHand.ts: the same overview every 10 s, no framework), then with no page at all. The first
 * reads the app's page against the least this job costs a page; the main process, asked only for
 * the overview (no connection watch, so no pings, and no event stream), shows what the refresh
 * itself costs it; the last is what the main process costs doing nothing.
 */
async function byHandCase(browser: RawChromium, app: { url: string; child: ChildProcess }, rows: number): Promise<void> {
  const byHand = await startByHandPage(app.url, rows);
  try {
    const page = await browser.newPage(byHand.url, VIEWPORT);
    await page.waitFor(`/\\d/.test(document.getElementById('total').textContent)`);
    await sleep(WARMUP_SECONDS * 1000);
    const job = await cpuOver(browser, app.child.pid!, WINDOW_SECONDS);
    console.log(`the same job by hand (the overview every 10 s written into ${rows} rows of plain DOM, no framework): main ${pct(job.main)} (the overview alone) + page ${pct(job.page)} (${chromiumCost(job)})`);
    await page.close();
  } finally {
    byHand.close();
  }
  await sleep(WARMUP_SECONDS * 1000);
  const alone = await cpuOver(browser, app.child.pid!, WINDOW_SECONDS);
  console.log(`no page open: main ${pct(alone.main)}`);
}

/** CPU and RSS of one configured app at the start and the end of the soak; returns the end window. */
async function idleCase(
  browser: RawChromium,
  app: { url: string; child: ChildProcess; inspectPort: number },
  userDataDir: string,
  label: string,
  options: { byHand?: boolean; floor?: Parameters<typeof startExchangeFloor>[0] } = {},
): Promise<Window> {
  const { url, child } = app;
  let floor: Awaited<ReturnType<typeof startExchangeFloor>> | null = null;
  try {
    // Started with the page, so the two are the same age when their trends are read side by side.
    if (options.floor) floor = await startExchangeFloor(options.floor);
    const page = await openBalancesAt10s(browser, url);
    console.log(`idle, ${label}: Balances open, auto-refresh 10 s; warm-up ${WARMUP_SECONDS} s, CPU windows of ${WINDOW_SECONDS} s, soak ${SOAK_SECONDS} s`);
    await sleep(WARMUP_SECONDS * 1000);

    const start = await cpuOver(browser, child.pid!, WINDOW_SECONDS);
    console.log(`start: ${describe(start)}`);
    // The heaps are read after each CPU window and its RSS sample, never before one: a forced
    // collection shrinks the heap, and V8 growing it back would count in the window (read before
    // them, one run had the main process at 1.05 % at the end, against 0.77-0.90 % without). The
    // inspector the first reading opens stays in the end RSS: the growth figure errs high, not low.
    const heapAtStart = await page.heapAfterGc();
    const mainAtStart = await mainMemoryAfterGc(child.pid!, app.inspectPort);
    console.log(`main memory after a full GC, start: ${describeMainMemory(mainAtStart, child.pid!)}`);
    // RSS along the way, every RSS_SAMPLE_SECONDS, so a long soak shows whether memory levels off
    // rather than only its two ends: a few lines printed, and at the end the trend of the samples
    // taken after TREND_SETTLE_SECONDS.
    const rest = SOAK_SECONDS - 2 * WINDOW_SECONDS;
    const soakStarted = performance.now();
    const trend: { main: TrendSample[]; anonymous: TrendSample[]; page: TrendSample[]; pageAnonymous: TrendSample[]; floor: TrendSample[] } = { main: [], anonymous: [], page: [], pageAnonymous: [], floor: [] };
    const printEvery = Math.max(1, Math.round(rest / RSS_SAMPLE_SECONDS / SOAK_PROGRESS_LINES));
    for (let taken = 1; taken * RSS_SAMPLE_SECONDS <= rest; taken += 1) {
      await sleep(soakStarted + taken * RSS_SAMPLE_SECONDS * 1000 - performance.now());
      const now = sample(child.pid!, browser.pid);
      const anonymous = residentParts(child.pid!).anonymous;
      const hours = (taken * RSS_SAMPLE_SECONDS) / 3600;
      if (taken * RSS_SAMPLE_SECONDS > TREND_SETTLE_SECONDS) {
        trend.main.push({ hours, bytes: now.main.rss });
        trend.anonymous.push({ hours, bytes: anonymous });
        trend.page.push({ hours, bytes: now.page.rss });
        trend.pageAnonymous.push({ hours, bytes: now.pageAnonymous });
        if (floor) trend.floor.push({ hours, bytes: readProc(floor.pid)?.usage.rss ?? 0 });
      }
      if (taken % printEvery === 0) console.log(`  +${Math.round(WINDOW_SECONDS + taken * RSS_SAMPLE_SECONDS)} s: RSS main ${mb(now.main.rss)} (${mb(anonymous)} anonymous), page ${mb(now.page.rss)} (${mb(now.pageAnonymous)} anonymous)`);
    }
    const end = await cpuOver(browser, child.pid!, WINDOW_SECONDS);
    console.log(`end:   ${describe(end)}`);
    const heapAtEnd = await page.heapAfterGc();
    // Only at the end: a dump traces, and tracing leaves buffers (shared memory, a few MB) in the
    // page that would have counted in its trend (a 200-s soak read +6.7 MB of shared memory after one).
    const pageAtEnd = await pageMemoryByAllocator(browser);
    const mainAtEnd = await mainMemoryAfterGc(child.pid!, app.inspectPort);
    console.log(`main memory after a full GC, end:   ${describeMainMemory(mainAtEnd, child.pid!)}`);
    // RSS counts allocator slack, heap capacity and (in the page) Chromium's own caches too; the JS
    // heap after a full collection is what the app's own code keeps alive, so it tells a leak apart.
    console.log(`page JS heap after a full GC: ${mb(heapAtStart)} after the start window, ${mb(heapAtEnd)} at the end`);
    // What the page holds at the end, by Chromium's own accounting: a leak shows as the allocator holding it.
    console.log(`page memory by Chromium's allocators after a full GC (memory-infra), end: ${pageAtEnd}`);
    console.log(`main JS heap after a full GC: ${mb(mainAtStart.heapUsed)} after the start window, ${mb(mainAtEnd.heapUsed)} at the end`);
    console.log(`growth over the soak: main RSS ${mb(end.rssMain - start.rssMain)}, page RSS ${mb(end.rssPage - start.rssPage)} (target: none)`);
    if (trend.main.length * RSS_SAMPLE_SECONDS >= TREND_MIN_SECONDS) {
      console.log(
        `trend from ${TREND_SETTLE_SECONDS / 60} min into the soak, ${trend.main.length} samples (least squares): main RSS ${slopeMbPerHour(trend.main)}, anonymous ${slopeMbPerHour(trend.anonymous)}; page RSS ${slopeMbPerHour(trend.page)}, anonymous ${slopeMbPerHour(trend.pageAnonymous)} (target: flat)`,
      );
      // A cache filling to its cap slows down and stops; a leak keeps its pace: the later half says which.
      const laterHalf = <T>(samples: readonly T[]) => samples.slice(Math.floor(samples.length / 2));
      console.log(
        `trend over the later half of those samples: main RSS ${slopeMbPerHour(laterHalf(trend.main))}, anonymous ${slopeMbPerHour(laterHalf(trend.anonymous))}; page RSS ${slopeMbPerHour(laterHalf(trend.page))}, anonymous ${slopeMbPerHour(laterHalf(trend.pageAnonymous))}`,
      );
      const flat = trendMbPerHour(laterHalf(trend.main)) < FLAT_MB_PER_HOUR && trendMbPerHour(laterHalf(trend.page)) < FLAT_MB_PER_HOUR;
      const verdict = flat ? 'flat, target met' : 'still growing, target missed';
      console.log(`memory over the later half: ${verdict} (flat: main and page RSS each under +${FLAT_MB_PER_HOUR} MB/h)`);
      if (floor) {
        console.log(
          `beside it, a bare Node process making the same exchange calls every 10 s (exchangeFloor.ts): RSS ${mb(trend.floor[trend.floor.length - 1]!.bytes)}, trend ${slopeMbPerHour(trend.floor)}, over the later half ${slopeMbPerHour(laterHalf(trend.floor))}`,
        );
      }
    } else {
      console.log(`no trend: the soak is too short (it needs ${(2 * WINDOW_SECONDS + TREND_SETTLE_SECONDS + TREND_MIN_SECONDS) / 60} min or more; --soak-seconds)`);
    }
    // Its job done, the floor stops before the by-hand case's CPU windows.
    await floor?.stop();
    // The by-hand page writes as many rows as the app's table keeps in the DOM.
    const rowsInDom = await page.evaluate<number>(`${BALANCE_ROWS}.length`);
    await page.close();
    if (options.byHand) await byHandCase(browser, app, rowsInDom);
    return end;
  } finally {
    await floor?.stop();
    await stopApp(child);
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

runBench(main);
