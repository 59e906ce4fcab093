/**
 * `npm run bench:valuation`: valuing 1,000 assets when every price needs two hops (asset -> BTC ->
 * quote), index + valuation together and valuation alone (median of many runs; target under 5 ms).
 * Then a whole Balances overview as every refresh makes one, from the simulator's "Main (B2B)"
 * answers read once over HTTP: time and bytes allocated per overview (V8's sampling heap profiler,
 * freed objects included); last, the all-accounts overview of 10 accounts of 200 assets each.
 * Prints figures; it never fails on speed.
 */
import { Session } from 'node:inspector/promises';
import { startSimulator } from '../../electron/simulator';
import { createExchangeClient } from '../../electron/services/exchange/client';
import { createExchangeRuntime } from '../../electron/services/exchange/runtime';
import { createBalancesService, type BalancesClient } from '../../electron/services/balances/service';
import { PriceIndex, valueAssets, type MarketPrice } from '../../electron/services/balances/valuation';

const ASSETS = 1_000;
const RUNS = 200;
const WARMUP = 30;
const TARGET_MS = 5;

const prices: MarketPrice[] = [{ market: 'BTC_USDT', last: '62000.12', change: '1.5' }];
const amounts: { asset: string; amount: string }[] = [];
for (let i = 0; i < ASSETS; i++) {
  const asset = `A${i.toString(36).toUpperCase()}`;
  // Prices and amounts with many digits, as real tiny-cap markets have.
  prices.push({ market: `${asset}_BTC`, last: `0.${String(1_000 + ((i * 7919) % 9_000)).padStart(8, '0')}17`, change: '-0.25' });
  amounts.push({ asset, amount: `${(i * 104_729) % 1_000_000}.123456789` });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const whole: number[] = [];
const valuationOnly: number[] = [];
let total = '';
for (let run = 0; run < WARMUP + RUNS; run++) {
  const started = performance.now();
  const index = new PriceIndex(prices);
  const indexed = performance.now();
  const result = valueAssets(amounts, 'USDT', index);
  const finished = performance.now();
  if (result.unpriced !== 0 || result.rows.some((r) => r.route.length !== 2)) throw new Error('every asset must be valued through two hops');
  total = result.total;
  if (run >= WARMUP) {
    whole.push(finished - started);
    valuationOnly.push(finished - indexed);
  }
}

const fmt = (ms: number) => ms.toFixed(3);
console.log(`assets: ${ASSETS}, every price two hops (ASSET_BTC then BTC_USDT); total ${total} USDT`);
console.log(`valuation only: median ${fmt(median(valuationOnly))} ms over ${RUNS} runs (fastest ${fmt(Math.min(...valuationOnly))} ms)`);
console.log(`index + valuation: median ${fmt(median(whole))} ms (fastest ${fmt(Math.min(...whole))} ms)`);
console.log(`target < ${TARGET_MS} ms: ${median(whole) < TARGET_MS ? 'met' : 'NOT met'}`);

const OVERVIEW_RUNS = 300;
/** Bytes between two samples of the heap profiler: small, so a few hundred overviews give a steady figure. */
const SAMPLING_BYTES = 256;

interface SampledNode {
  selfSize: number;
  children: SampledNode[];
}
const sampledBytes = (node: SampledNode): number => node.selfSize + node.children.reduce((sum, child) => sum + sampledBytes(child), 0);

async function overviewCase(): Promise<void> {
  const simulator = await startSimulator({ port: 0, seed: 1, rateLimits: false, priceTickMs: 0 });
  const runtime = createExchangeRuntime();
  try {
    const { apiKey, apiSecret } = simulator.accounts.find((a) => a.name === 'Main (B2B)')!;
    const client = createExchangeClient({ baseUrl: simulator.url, credentials: { apiKey, apiSecret }, rateLimit: false, maxRetries: 0, runtime });
    const [balance, tradeBalance, collateralBalance, ticker] = await Promise.all([client.balance({}), client.tradeBalance({}), client.collateralBalance({}), client.ticker()]);
    // The answers as read, handed back at once: what is timed is the service's own work.
    const answered: BalancesClient = {
      balance: async () => balance,
      tradeBalance: async () => tradeBalance,
      collateralBalance: async () => collateralBalance,
      ticker: async () => ticker,
    };
    const service = createBalancesService({ accounts: async () => [{ id: 'bench', name: 'Bench', isDemo: false }], clientFor: async () => answered, quote: () => 'USDT' });
    let rows = 0;
    for (let run = 0; run < WARMUP; run++) rows = (await service.overview({})).rows.length;
    const times: number[] = [];
    for (let run = 0; run < OVERVIEW_RUNS; run++) {
      const started = performance.now();
      await service.overview({});
      times.push(performance.now() - started);
    }
    const session = new Session();
    session.connect();
    try {
      await session.post('HeapProfiler.startSampling', { samplingInterval: SAMPLING_BYTES, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
      for (let run = 0; run < OVERVIEW_RUNS; run++) await service.overview({});
      const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: SampledNode } };
      const perOverview = sampledBytes(profile.head) / OVERVIEW_RUNS;
      console.log(
        `overview of the simulator's Main (B2B) account: ${Object.keys(balance.items).length} balances, ${Object.keys(ticker.items).length} markets, ${rows} rows held; ` +
          `median ${fmt(median(times))} ms over ${OVERVIEW_RUNS} runs (fastest ${fmt(Math.min(...times))} ms), about ${(perOverview / 1024).toFixed(0)} KB allocated per overview`,
      );
    } finally {
      session.disconnect();
    }

    // All accounts at a glance: 10 accounts of up to 200 assets each (overlapping slices of the same
    // answers), summed per account and together, as the overview is every refresh.
    const entries = Object.entries(balance.items);
    const accountsTen = Array.from({ length: 10 }, (_, k) => ({ id: `bench-${k}`, name: `Bench ${k}`, isDemo: false }));
    const sliceOf = (k: number) => ({ ...balance, items: Object.fromEntries(entries.slice((k * 20) % entries.length).concat(entries).slice(0, 200)) });
    const ten = createBalancesService({
      accounts: async () => accountsTen,
      clientFor: async (id) => ({ ...answered, balance: async () => sliceOf(Number(id.slice('bench-'.length))) }),
      quote: () => 'USDT',
    });
    for (let run = 0; run < WARMUP; run++) await ten.overview({});
    const tenTimes: number[] = [];
    let accountsShown = 0;
    for (let run = 0; run < 100; run++) {
      const started = performance.now();
      accountsShown = (await ten.overview({})).byAccount.length;
      tenTimes.push(performance.now() - started);
    }
    console.log(`all-accounts overview, ${accountsShown} accounts x ${Object.keys(sliceOf(0).items).length} assets: median ${fmt(median(tenTimes))} ms of main-process work (guard < 50 ms)`);
  } finally {
    runtime.close();
    await simulator.close();
  }
}

await overviewCase();
