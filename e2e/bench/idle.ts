/**
 * `npm run bench:idle`: what the app costs while nobody touches it (issue 14), a benchmark that
 * prints figures, not a timed test. Browser mode on the Demo account, the Balances view open in
 * Chromium, auto-refresh at 10 s. After a warm-up it measures, from /proc:
 *   - CPU of the main process and of the page (Chromium's renderer process), in % of one core,
 *     over a window at the start and again at the end of the soak (all of Chromium, browser and
 *     GPU processes included, is printed beside it);                  target: main + page < 1 %
 *   - resident memory (RSS) of both at the start and at the end;      target: no growth, main < 150 MB
 * Options: --soak-seconds N (default 600), --window-seconds N (CPU window, default 60).
 * Linux only (reads /proc). Needs /usr/bin/chromium (npm run setup installs it).
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { runBench, startBrowserMode, stopAll } from './browserMode';

const WARMUP_SECONDS = 20;

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  if (at === -1) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} needs a positive number of seconds`);
  return value;
}

const SOAK_SECONDS = option('--soak-seconds', 600);
const WINDOW_SECONDS = Math.min(option('--window-seconds', 60), SOAK_SECONDS);
/** Clock ticks per second of /proc/<pid>/stat times: 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

interface Usage {
  /** CPU time, seconds. */
  cpu: number;
  /** Resident memory, bytes. */
  rss: number;
}

function readProc(pid: number): { ppid: number; usage: Usage; renderer: boolean } | null {
  try {
    // Chromium's page processes carry --type=renderer (extensions are off in this run).
    const renderer = readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer');
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(fields[1]);
    const ticks = Number(fields[11]) + Number(fields[12]);
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return { ppid, renderer, usage: { cpu: ticks / TICKS_PER_SECOND, rss: rssKb * 1024 } };
  } catch {
    return null; // ended meanwhile
  }
}

/**
 * CPU and RSS of the main process, of the page (Chromium's renderer processes) and of all of
 * Chromium (every other descendant of this process: browser, GPU, network and the page). RSS sums
 * over processes count shared pages more than once, so Chromium's total overstates its memory.
 */
function sample(mainPid: number): { main: Usage; page: Usage; chromium: Usage } {
  const all = new Map<number, { ppid: number; usage: Usage; renderer: boolean }>();
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
  const chromiumUsage: Usage = { cpu: 0, rss: 0 };
  const pageUsage: Usage = { cpu: 0, rss: 0 };
  for (const [pid, info] of all) {
    if (pid === mainPid || descends(pid, mainPid) || !descends(pid, process.pid)) continue;
    chromiumUsage.cpu += info.usage.cpu;
    chromiumUsage.rss += info.usage.rss;
    if (info.renderer) {
      pageUsage.cpu += info.usage.cpu;
      pageUsage.rss += info.usage.rss;
    }
  }
  return { main: all.get(mainPid)?.usage ?? { cpu: 0, rss: 0 }, page: pageUsage, chromium: chromiumUsage };
}

interface Window {
  /** CPU in % of one core. */
  main: number;
  page: number;
  chromium: number;
  rssMain: number;
  rssPage: number;
}

async function cpuOver(mainPid: number, seconds: number): Promise<Window> {
  const before = sample(mainPid);
  const started = performance.now();
  await new Promise((done) => setTimeout(done, seconds * 1000));
  const after = sample(mainPid);
  const wall = (performance.now() - started) / 1000;
  const percent = (pick: (s: ReturnType<typeof sample>) => Usage) => ((pick(after).cpu - pick(before).cpu) / wall) * 100;
  return { main: percent((s) => s.main), page: percent((s) => s.page), chromium: percent((s) => s.chromium), rssMain: after.main.rss, rssPage: after.page.rss };
}

const describe = (w: Window) =>
  `CPU main ${pct(w.main)} + page ${pct(w.page)} = ${pct(w.main + w.page)} of one core (all of Chromium ${pct(w.chromium)}); RSS main ${mb(w.rssMain)}, page ${mb(w.rssPage)}`;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const pct = (value: number) => `${value.toFixed(2)} %`;

async function main(): Promise<void> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'desk-idle-'));
  const { url, child } = await startBrowserMode(userDataDir, 'ignore');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(url);
    await page.getByTestId('balance-row').first().waitFor({ timeout: 60_000 });
    // Auto-refresh is set in Settings; then back to Balances, the view being measured.
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('combobox', { name: 'Refresh automatically' }).selectOption({ label: 'Every 10 s' });
    await page.getByRole('link', { name: 'Balances' }).click();
    await page.getByTestId('balance-row').first().waitFor({ timeout: 60_000 });
    console.log(`idle: Balances open, auto-refresh 10 s; warm-up ${WARMUP_SECONDS} s, CPU windows of ${WINDOW_SECONDS} s, soak ${SOAK_SECONDS} s`);
    await new Promise((done) => setTimeout(done, WARMUP_SECONDS * 1000));

    const start = await cpuOver(child.pid!, WINDOW_SECONDS);
    console.log(`start: ${describe(start)}`);
    const rest = SOAK_SECONDS - 2 * WINDOW_SECONDS;
    if (rest > 0) await new Promise((done) => setTimeout(done, rest * 1000));
    const end = await cpuOver(child.pid!, WINDOW_SECONDS);
    console.log(`end:   ${describe(end)}`);
    const heap = await page.evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0);
    console.log(`page JS heap at the end: ${mb(heap)}`);
    console.log(`growth over the soak: main RSS ${mb(end.rssMain - start.rssMain)}, page RSS ${mb(end.rssPage - start.rssPage)} (target: none)`);
    console.log(`idle CPU, main + page at the end: ${pct(end.main + end.page)} of one core (target < 1 %); main RSS ${mb(end.rssMain)} (target < 150 MB)`);
  } finally {
    await stopAll(browser, child, userDataDir);
  }
}

runBench(main);
