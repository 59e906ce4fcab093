/**
 * `npm run bench:idle`: what the app costs while nobody touches it. Starts browser mode (the built
 * out/) on a fresh data folder with the Demo account, opens it in Chromium, sets auto-refresh to
 * 10 s, and after a warm-up samples from /proc every 10 s: CPU and resident memory (RSS) of the
 * main process and of Chromium's renderer processes. Prints the first and last samples, CPU in %
 * of one core, and the RSS trend in MB per hour (least squares over the later half of the soak).
 * Options: --minutes N (default 10). Linux only (reads /proc); needs /usr/bin/chromium.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { invokeApp, spawnBrowserMode, stopChild } from '../fixtures';

const WARMUP_SECONDS = 20;
const SAMPLE_SECONDS = 10;
const TICKS_PER_SECOND = 100;
const at = process.argv.indexOf('--minutes');
const MINUTES = at === -1 ? 10 : Number(process.argv[at + 1]);
if (!(MINUTES > 0)) throw new Error('--minutes needs a positive number');

interface Sample {
  seconds: number;
  /** CPU time so far, seconds. */
  cpu: number;
  rssBytes: number;
}

/** CPU seconds and RSS of one process, or undefined once it is gone. */
function usageOf(pid: number): { cpu: number; rss: number } | undefined {
  try {
    // Fields after the command name (which may hold spaces) start after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpu = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    return { cpu, rss };
  } catch {
    return undefined;
  }
}

/** Chromium's renderer processes: every process whose command line says --type=renderer. */
function rendererPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return command.includes('chromium') && command.includes('--type=renderer');
      } catch {
        return false;
      }
    });
}

function sampleOf(pids: readonly number[], seconds: number): Sample {
  let cpu = 0;
  let rssBytes = 0;
  for (const pid of pids) {
    const usage = usageOf(pid);
    cpu += usage?.cpu ?? 0;
    rssBytes += usage?.rss ?? 0;
  }
  return { seconds, cpu, rssBytes };
}

/** Least-squares slope of RSS over time, in MB per hour. */
function trendMbPerHour(samples: readonly Sample[]): number {
  const n = samples.length;
  const meanT = samples.reduce((s, x) => s + x.seconds, 0) / n;
  const meanR = samples.reduce((s, x) => s + x.rssBytes, 0) / n;
  let num = 0;
  let den = 0;
  for (const x of samples) {
    num += (x.seconds - meanT) * (x.rssBytes - meanR);
    den += (x.seconds - meanT) ** 2;
  }
  return den === 0 ? 0 : ((num / den) * 3600) / 1024 ** 2;
}

function report(label: string, samples: readonly Sample[]): void {
  const first = samples[0]!;
  const last = samples[samples.length - 1]!;
  const cpuPercent = ((last.cpu - first.cpu) / (last.seconds - first.seconds)) * 100;
  const mb = (bytes: number) => (bytes / 1024 ** 2).toFixed(1);
  const laterHalf = samples.slice(Math.floor(samples.length / 2));
  console.log(`${label}: CPU ${cpuPercent.toFixed(2)} % of a core; RSS ${mb(first.rssBytes)} -> ${mb(last.rssBytes)} MB, trend over the later half ${trendMbPerHour(laterHalf).toFixed(1)} MB/h`);
}

const userDataDir = mkdtempSync(join(tmpdir(), 'desk-idle-'));
const { url, child } = await spawnBrowserMode(userDataDir);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  await invokeApp(url, 'settings.update', { refreshIntervalMs: 10_000 });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(url);
  await sleep(WARMUP_SECONDS * 1000);
  const main: Sample[] = [];
  const pages: Sample[] = [];
  const started = performance.now();
  for (let now = started; now <= started + MINUTES * 60_000; now = performance.now()) {
    const seconds = (now - started) / 1000;
    main.push(sampleOf([child.pid!], seconds));
    pages.push(sampleOf(rendererPids(), seconds));
    await sleep(SAMPLE_SECONDS * 1000);
  }
  console.log(`browser mode, Demo account, Balances open, refresh every 10 s, ${MINUTES} min after a ${WARMUP_SECONDS} s warm-up`);
  report('main process', main);
  report("Chromium's renderers (the page and Chromium's own interface)", pages);
} finally {
  await browser.close();
  await stopChild(child);
  rmSync(userDataDir, { recursive: true, force: true });
}
