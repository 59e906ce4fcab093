/**
 * `npm run bench:valuation`: how long valuing 1,000 assets takes when every price needs two hops
 * (asset → BTC → quote; no asset trades against the quote directly). Target: under 5 ms.
 *
 * The index is built from a ticker-like list of 1,000 ASSETk_BTC markets plus BTC_USDT once per
 * run (a ticker answer is indexed once, then used for every asset); the figure printed is the median
 * of many runs of index + valuation together, and of valuation alone. It prints figures; it is not a
 * timed test and never fails on speed.
 */
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

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
