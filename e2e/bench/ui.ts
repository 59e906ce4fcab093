/**
 * `npm run bench:ui` (builds first): the renderer's figures in Chromium against browser mode, Demo
 * account. Prints figures; it never fails on speed.
 *   1. initial renderer JS, gzipped: what index.html loads plus the first-paint catalog       guard <= 150 KB
 *   2. navigation -> first balance row painted, median of cold loads alternating with a static
 *      page holding the same rows (the app's own markup and CSS, no script); app / static   guard <= 6
 *   3. Balances search with 1,000+ assets: keystroke -> next paint by the browser's Event Timing,
 *      p95; frames drawn as soon as ready (--disable-frame-rate-limit), since this machine's
 *      software compositor holds even a bare input to its 60 Hz tick                     target <= 16 ms
 */
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { REPO_ROOT, spawnBrowserMode, stopChild } from '../fixtures';

const RENDERER_OUT = join(REPO_ROOT, 'out', 'renderer');
const COLD_LOADS = 15;
const SYNTHETIC_ASSETS = 1000;
const SEARCH_ROUNDS = 16;

type Session = Awaited<ReturnType<BrowserContext['storageState']>>;
const coldContext = (browser: Browser, session: Session) => browser.newContext({ viewport: { width: 1280, height: 800 }, storageState: session });
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;
const gzipKb = (file: string) => gzipSync(readFileSync(join(RENDERER_OUT, file)), { level: 9 }).length / 1024;

function initialJsKb(): { scripts: number; catalog: number } {
  const html = readFileSync(join(RENDERER_OUT, 'index.html'), 'utf8');
  // A file both linked as a script and preloaded counts once.
  const files = new Set([...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]!));
  const catalog = readdirSync(join(RENDERER_OUT, 'assets')).find((f) => /^catalog-first-en-.*\.js$/.test(f));
  if (!catalog) throw new Error('the build has no first-paint catalog (assets/catalog-first-en-*.js)');
  return { scripts: [...files].reduce((kb, f) => kb + gzipKb(f), 0), catalog: gzipKb(join('assets', catalog)) };
}

/**
 * When the first balance row is in the DOM, then painted. Nothing of Playwright's runs in the page
 * meanwhile: polling a locator would run on the page's main thread during the app's start, which
 * counts against the app alone.
 */
const FIRST_ROW_PROBE = `window.__firstRowPainted = new Promise((resolve) => {
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[data-testid="balance-row"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
  }).observe(document, { childList: true, subtree: true });
});`;

async function firstRowPaintedAt(browser: Browser, url: string, session: Session): Promise<number> {
  const context = await coldContext(browser, session);
  try {
    const page = await context.newPage();
    await page.addInitScript(FIRST_ROW_PROBE);
    await page.goto(url, { waitUntil: 'commit' });
    const painted = await page.evaluate(() => (window as unknown as { __firstRowPainted?: Promise<number> }).__firstRowPainted);
    if (typeof painted !== 'number') throw new Error('the first-row probe did not run in the page');
    return painted;
  } finally {
    await context.close();
  }
}

/** The launch URL opened once: its session cookie, and the painted document without scripts (the static twin). */
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

/** Serves `html` at / and the built files (its stylesheets) beside it. */
async function serveStaticTwin(html: string): Promise<{ url: string; close(): void }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    const file = resolve(RENDERER_OUT, `.${decodeURIComponent(path)}`);
    if (path === '/') response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else if (file.startsWith(`${RENDERER_OUT}/`) && existsSync(file)) response.writeHead(200, { 'content-type': file.endsWith('.css') ? 'text/css' : 'application/octet-stream' }).end(readFileSync(file));
    else response.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

/** Grows the overview the page receives (asked for, or carried by the bootstrap) to 1,000+ rows. */
async function withManyAssets(page: Page): Promise<void> {
  type Overview = { rows: object[] };
  const grow = (overview: Overview) => {
    for (let i = 0; i < SYNTHETIC_ASSETS; i += 1) {
      const amount = `${i}.${(i * 7919) % 100000000}`;
      overview.rows.push({ asset: `SYN${i.toString().padStart(4, '0')}`, main: amount, tradeAvailable: '0', tradeFrozen: '0', collateral: '0', total: amount, price: '1', value: amount, change24h: null, share: null });
    }
  };
  await page.route('**/api/invoke', async (route) => {
    const { channel } = JSON.parse(route.request().postData() ?? '{}') as { channel?: string };
    if (channel !== 'balances.overview' && channel !== 'app.bootstrap') return route.fallback();
    const response = await route.fetch();
    const envelope = (await response.json()) as { ok: boolean; data?: Overview & { landing?: { overview: { ok: boolean; data?: Overview } } | null } };
    if (channel === 'balances.overview' && envelope.data) grow(envelope.data);
    if (channel === 'app.bootstrap' && envelope.data?.landing?.overview.data) grow(envelope.data.landing.overview.data);
    return route.fulfill({ response, json: envelope });
  });
}

/** Keystroke -> paint in Balances search. Chromium reports only interactions of 16 ms or more. */
async function keystrokes(browser: Browser, origin: string, session: Session): Promise<void> {
  const context = await coldContext(browser, session);
  try {
    const page = await context.newPage();
    await withManyAssets(page);
    await page.goto(origin);
    await page.getByTestId('balance-row').first().waitFor({ timeout: 60_000 });
    await page.getByRole('searchbox', { name: 'Search assets' }).click();
    await page.evaluate(() => {
      const slow = new Map<number, number>();
      (window as unknown as { __slow: Map<number, number> }).__slow = slow;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEventTiming[]) {
          if (entry.interactionId && entry.name.startsWith('key')) slow.set(entry.interactionId, Math.max(slow.get(entry.interactionId) ?? 0, entry.duration));
        }
      }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
    });
    let pressed = 0;
    for (let round = 0; round < SEARCH_ROUNDS; round += 1) {
      const text = round % 2 ? 'syn01' : 'usdt';
      await page.keyboard.type(text, { delay: 40 });
      for (let k = 0; k < 5; k += 1) await page.keyboard.press('Backspace', { delay: 40 });
      pressed += text.length + 5;
    }
    await page.waitForTimeout(200);
    const slow = await page.evaluate(() => [...(window as unknown as { __slow: Map<number, number> }).__slow.values()]);
    // Unreported keystrokes took under 16 ms; counted at 16 ms, which can only overstate the p95.
    const p95 = percentile([...slow, ...Array.from({ length: Math.max(0, pressed - slow.length) }, () => 16)], 95);
    const over = slow.filter((d) => d > 16).length;
    console.log(`balances search with ${SYNTHETIC_ASSETS}+ assets, keystroke to paint (Event Timing): p95 ${p95 <= 16 ? '<= 16' : p95.toFixed(0)} ms, ${over} of ${pressed} over 16 ms (target p95 <= 16 ms)`);
  } finally {
    await context.close();
  }
}

const js = initialJsKb();
console.log(`initial renderer JS (gzip): ${(js.scripts + js.catalog).toFixed(1)} KB = ${js.scripts.toFixed(1)} KB of scripts + ${js.catalog.toFixed(1)} KB first-paint catalog (guard <= 150 KB)`);

const userDataDir = mkdtempSync(join(tmpdir(), 'desk-bench-'));
const app = await spawnBrowserMode(userDataDir);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const unpaced = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--disable-frame-rate-limit'] });
try {
  const origin = `${new URL(app.url).origin}/`;
  const { session, snapshot } = await openSession(browser, app.url);
  const twin = await serveStaticTwin(snapshot);
  try {
    // One warm-up each, then alternating cold loads, so that machine load favours neither side.
    const appMs: number[] = [];
    const staticMs: number[] = [];
    for (let i = 0; i <= COLD_LOADS; i += 1) {
      const a = await firstRowPaintedAt(browser, origin, session);
      const s = await firstRowPaintedAt(browser, twin.url, session);
      if (i === 0) continue;
      appMs.push(a);
      staticMs.push(s);
    }
    const median = (values: number[]) => percentile(values, 50).toFixed(0);
    console.log(`first balance row painted, median of ${COLD_LOADS} cold loads: app ${median(appMs)} ms, static page ${median(staticMs)} ms`);
    console.log(`first balance row, app / static page: ${(percentile(appMs, 50) / percentile(staticMs, 50)).toFixed(2)} (guard <= 6)`);
  } finally {
    twin.close();
  }
  await keystrokes(unpaced, origin, session);
} finally {
  await Promise.all([browser.close(), unpaced.close()]);
  await stopChild(app.child);
  rmSync(userDataDir, { recursive: true, force: true });
}
