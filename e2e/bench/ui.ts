/**
 * Renderer performance figures, measured in Chromium against browser mode (a benchmark that prints
 * figures, not a timed test):
 *   1. initial renderer JS, gzipped: what index.html loads, plus the first-paint catalog of the
 *      language (startup.ts asks for it; the first render waits for it)               guard <= 150 KB
 *   2. navigation -> first balance row painted (median of several cold loads, Demo account), side
 *      by side with a static page holding the same rows (the app's own markup and CSS, no script),
 *      loads alternating in one run; the ratio app / static                            guard <= 6
 *   3. balances search: keystroke -> next paint, p95 over many keystrokes with 1 000 assets  target <= 16 ms
 *      (beside it the same keystrokes into a bare input on a blank page: this browser's floor), run
 *      twice: with frames paced at 60 Hz as Chromium draws by default, where this machine's
 *      software compositor keeps even the bare input at 24 ms, and with frames drawn as soon as
 *      they are ready (--disable-frame-rate-limit), which leaves what the page's own work costs
 * Run: npm run bench:ui  (builds first). Needs /usr/bin/chromium (npm run setup installs it).
 */
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config';
import { runBench, startBrowserMode, stopAll } from './browserMode';

const ROOT = resolve(import.meta.dirname, '..', '..');
const RENDERER_OUT = join(ROOT, 'out', 'renderer');
/** Loads per side: this 2-core machine's medians moved by 50-100 ms between runs at 9. */
const COLD_LOADS = 15;
const SEARCH_ROUNDS = 16;
const SYNTHETIC_ASSETS = 1000;

const gzipBytes = (file: string) => gzipSync(readFileSync(join(RENDERER_OUT, file)), { level: 9 }).length;

function initialJsGzipBytes(): { bytes: number; files: string[]; catalogBytes: number } {
  const html = readFileSync(join(RENDERER_OUT, 'index.html'), 'utf8');
  // A file both linked as a script and preloaded (the startup entry) counts once.
  const files = [...new Set([...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]!))];
  const bytes = files.reduce((total, f) => total + gzipBytes(f), 0);
  // The English first-paint catalog (the bench runs in English; the Ukrainian one is about 1 KB more).
  const catalog = readdirSync(join(RENDERER_OUT, 'assets')).find((f) => /^catalog-first-en-.*\.js$/.test(f));
  if (!catalog) throw new Error('the build has no first-paint catalog (assets/catalog-first-en-*.js)');
  return { bytes, files, catalogBytes: gzipBytes(join('assets', catalog)) };
}

/**
 * Records, in the page, when the first balance row is in the DOM and then painted (next frame), as
 * a promise the bench awaits once. Nothing of Playwright's runs in the page until then: polling for
 * the row (waitForFunction, a locator) injects Playwright's script and runs a check every frame on
 * the page's main thread, which landed in the middle of the app's start (about 30-50 ms in a trace)
 * but after the static page had finished, so it counted against the app alone.
 */
const FIRST_ROW_PROBE = `
  window.__firstRowPainted = new Promise((resolve) => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-testid="balance-row"]')) {
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
      }
    }).observe(document, { childList: true, subtree: true });
  });
`;

/** The session cookie that the launch URL's single-use token was exchanged for, as a context's storage state. */
type Session = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A fresh context (a cold load: no cache) that holds only the session cookie. */
const coldContext = (browser: Browser, session: Session) => browser.newContext({ viewport: { width: 1280, height: 800 }, storageState: session });

/**
 * Two views of keystroke -> paint:
 *  - the browser's own Event Timing (what INP uses): for each key interaction, the time from the
 *    hardware event to the next paint after its handlers ran. Chromium reports only interactions
 *    of 16 ms or more (its minimum threshold), so an unreported keystroke took less than 16 ms;
 *  - a script probe (keydown -> rAF -> task after paint), which also counts the wait for the next
 *    frame that a keystroke arriving mid-frame pays even when the app does no work at all.
 */
const KEYSTROKE_PROBE = `
  window.__slowInteractions = new Map();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId || !entry.name.startsWith('key')) continue;
      const previous = window.__slowInteractions.get(entry.interactionId) ?? 0;
      window.__slowInteractions.set(entry.interactionId, Math.max(previous, entry.duration));
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  window.__keystrokeMs = [];
  document.addEventListener('keydown', (event) => {
    const started = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => window.__keystrokeMs.push(performance.now() - started);
      channel.port2.postMessage(0);
    });
  }, true);
`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function withManyAssets(page: Page): Promise<void> {
  // Adds synthetic assets to the real overview (asked for by the page, or carried by the
  // bootstrap) so that the view holds 1 000+ rows.
  const grow = (overview: { rows: object[] }) => {
    for (let i = 0; i < SYNTHETIC_ASSETS; i += 1) {
      const amount = `${i}.${(i * 7919) % 100000000}`;
      overview.rows.push({ asset: `SYN${i.toString().padStart(4, '0')}`, main: amount, tradeAvailable: '0', tradeFrozen: '0', collateral: '0', total: amount, price: '1', value: amount, change24h: null, share: null });
    }
  };
  await page.route('**/api/invoke', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as { channel?: string };
    if (body.channel !== 'balances.overview' && body.channel !== 'app.bootstrap') return route.fallback();
    const response = await route.fetch();
    const envelope = (await response.json()) as { ok: boolean; data?: { rows: object[] } & { landing?: { overview: { ok: boolean; data?: { rows: object[] } } } | null } };
    if (envelope.ok && envelope.data) {
      if (body.channel === 'balances.overview') grow(envelope.data);
      else if (envelope.data.landing?.overview.ok && envelope.data.landing.overview.data) grow(envelope.data.landing.overview.data);
    }
    return route.fulfill({ response, json: envelope });
  });
}

/** Navigation -> first balance row painted, in a fresh context (a cold load: no cache). */
async function firstRowPaintedAt(browser: Browser, url: string, session: Session): Promise<number> {
  const context = await coldContext(browser, session);
  try {
    const page = await context.newPage();
    await page.addInitScript(FIRST_ROW_PROBE);
    // 'commit': goto returns as the document starts to load, and the one evaluate below waits in the
    // page for the probe's promise without touching the page meanwhile.
    await page.goto(url, { waitUntil: 'commit' });
    const painted = await page.evaluate(() => (window as unknown as { __firstRowPainted?: Promise<number> }).__firstRowPainted);
    if (typeof painted !== 'number') throw new Error('the first-row probe did not run in the page');
    return painted;
  } finally {
    await context.close();
  }
}

/**
 * Opens the launch URL once: its session cookie for every later load, and the app's document once
 * its balance rows are in, scripts and module preloads removed (the static twin).
 */
async function openSession(browser: Browser, url: string): Promise<{ session: Session; snapshot: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.getByTestId('balance-row').first().waitFor({ timeout: 60_000 });
    const snapshot = await page.evaluate(() => {
      const copy = document.documentElement.cloneNode(true) as HTMLElement;
      for (const node of copy.querySelectorAll('script, link[rel="modulepreload"]')) node.remove();
      return `<!doctype html>\n${copy.outerHTML}`;
    });
    return { session: await context.storageState(), snapshot };
  } finally {
    await context.close();
  }
}

/** Serves the snapshot at / and the built assets (its stylesheets) beside it, on loopback. */
async function serveStaticTwin(html: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    if (path === '/' || path === '/index.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(html);
      return;
    }
    const file = resolve(RENDERER_OUT, `.${decodeURIComponent(path)}`);
    if (!file.startsWith(`${RENDERER_OUT}/`) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': file.endsWith('.css') ? 'text/css' : 'application/octet-stream', 'cache-control': 'no-store' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('static twin server has no port');
  return { url: `http://127.0.0.1:${address.port}/`, server };
}

/** Types the bench's keystrokes into `field` and reports keystroke -> paint both ways (see KEYSTROKE_PROBE). */
async function typeAndTime(page: Page, field: Locator) {
  await field.click();
  await page.evaluate(KEYSTROKE_PROBE);
  for (let round = 0; round < SEARCH_ROUNDS; round += 1) {
    await page.keyboard.type(round % 2 ? 'syn01' : 'usdt', { delay: 40 });
    for (let k = 0; k < 5; k += 1) await page.keyboard.press('Backspace', { delay: 40 });
  }
  await page.waitForTimeout(200);
  const samples = await page.evaluate(() => (window as unknown as { __keystrokeMs: number[] }).__keystrokeMs);
  const slow = await page.evaluate(() => [...(window as unknown as { __slowInteractions: Map<number, number> }).__slowInteractions.values()]);
  // Unreported keystrokes took under 16 ms; count them at 16 ms, which can only overstate the p95.
  const eventTiming = [...slow, ...Array.from({ length: Math.max(0, samples.length - slow.length) }, () => 16)];
  const p95 = percentile(eventTiming, 95);
  const over = slow.filter((d) => d > 16).length;
  // At most this many over 16 ms and the p95 is still within 16 ms.
  const allowed = Math.floor(samples.length * 0.05);
  const p95Text = over <= allowed ? '<= 16' : p95.toFixed(0);
  return { p95Text, over, allowed, keystrokes: samples.length, probeP50: percentile(samples, 50), probeP95: percentile(samples, 95) };
}

/** Chromium flag: draw a frame as soon as it is ready instead of at the display's next tick. */
const UNPACED_FRAMES_FLAG = '--disable-frame-rate-limit';

/** Balances search with 1 000+ assets, then the same keystrokes into a bare input (the floor), in `browser`. */
async function keystrokeCase(browser: Browser, origin: string, session: Session, label: string): Promise<void> {
  const context = await coldContext(browser, session);
  try {
    const page = await context.newPage();
    // The page asks for the bootstrap, which withManyAssets grows to 1 000+ rows.
    await withManyAssets(page);
    await page.goto(origin);
    await page.getByTestId('balance-row').first().waitFor({ timeout: 60_000 });
    const search = page.getByRole('searchbox', { name: 'Search assets' }).or(page.getByLabel('Search assets')).first();
    const app = await typeAndTime(page, search);
    console.log(
      `balances search keystroke to paint with ${SYNTHETIC_ASSETS}+ assets, ${label} (Event Timing): p95 ${app.p95Text} ms, ${app.over} of ${app.keystrokes} keystrokes over 16 ms (target p95 <= 16 ms: at most ${app.allowed} over)`,
    );
    console.log(`  script probe incl. next-frame wait: p50 ${app.probeP50.toFixed(1)} ms, p95 ${app.probeP95.toFixed(1)} ms`);
    // The floor of this browser and display: the same keystrokes into a bare input on a blank page.
    // Event Timing rounds durations to 8 ms, and a keystroke that lands mid-frame waits for the next
    // paint, so even a page that does nothing reports some keystrokes at 16 ms.
    const bare = await context.newPage();
    await bare.setContent('<input type="search" aria-label="Search assets">');
    const floor = await typeAndTime(bare, bare.getByLabel('Search assets'));
    console.log(`  the same keystrokes into a bare input on a blank page (the floor): p95 ${floor.p95Text} ms, ${floor.over} of ${floor.keystrokes} over 16 ms; probe p50 ${floor.probeP50.toFixed(1)} ms, p95 ${floor.probeP95.toFixed(1)} ms`);
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const js = initialJsGzipBytes();
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(
    `initial renderer JS (gzip): ${kb(js.bytes + js.catalogBytes)} KB = ${kb(js.bytes)} KB in the ${js.files.length} file(s) index.html loads + ${kb(js.catalogBytes)} KB first-paint catalog (guard <= 150 KB)`,
  );

  const userDataDir = mkdtempSync(join(tmpdir(), 'desk-bench-'));
  const { url, child } = await startBrowserMode(userDataDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const origin = `${new URL(url).origin}/`;
    const { session, snapshot } = await openSession(browser, url);
    // The static twin: the app's first view as it painted (same rows, same CSS), without scripts.
    const staticSite = await serveStaticTwin(snapshot);
    try {
      // Warm both once, then alternate cold loads so that machine load favours neither side.
      const appMs: number[] = [];
      const staticMs: number[] = [];
      for (let i = 0; i <= COLD_LOADS; i += 1) {
        const app = await firstRowPaintedAt(browser, origin, session);
        const twin = await firstRowPaintedAt(browser, staticSite.url, session);
        if (i > 0) {
          appMs.push(app);
          staticMs.push(twin);
        }
      }
      const summary = (values: number[]) => `median ${percentile(values, 50).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms over ${values.length} loads`;
      console.log(`navigation to first balance row painted: ${summary(appMs)}`);
      console.log(`static page with the same rows: ${summary(staticMs)}`);
      console.log(`first balance row, app / static page: ${(percentile(appMs, 50) / percentile(staticMs, 50)).toFixed(2)} (guard <= 6)`);
    } finally {
      staticSite.server.close();
    }

    await keystrokeCase(browser, origin, session, 'frames paced at 60 Hz');
    // The same with Chromium drawing each frame as soon as it is ready: what the page's own work
    // costs a keystroke, without the wait for the next 60 Hz tick of this machine's software
    // compositor, which keeps even a bare input at a p95 of 24 ms here (see the header).
    const unpaced = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, UNPACED_FRAMES_FLAG] });
    try {
      await keystrokeCase(unpaced, origin, session, `frames unpaced (${UNPACED_FRAMES_FLAG})`);
    } finally {
      await unpaced.close();
    }
  } finally {
    await stopAll(browser, child, userDataDir);
  }
}

runBench(main);
