/**
 * The simulated exchange's markets: spot pairs, perpetual futures and which spot pairs trade on
 * margin, each with the price its random walk is centred on. Prices are chosen so that every seeded
 * collateral position starts in the liquidation state the positions data gives it (see
 * `liquidationStateAt` in ../prices.ts): e.g. BTC_PERP below the Main account's long liquidation
 * price 63100.5 and within the margin-call band of the Trader's short at 63900.
 *
 * Deliberately without a market: LUNC, MATIC and about a third of the generated assets ("no price"
 * in a valuation), HBAR only against BTC (two hops to USDT), USDC trading slightly under 1 USDT
 * (a stablecoin is not assumed to be worth exactly 1).
 */
import type { Catalogue } from './catalogue';
import { forkRandom } from '../random';

export interface MarketSpec {
  name: string;
  stock: string;
  money: string;
  type: 'spot' | 'futures';
  /** Where the random walk is centred (a decimal string). */
  centre: string;
  stockPrec: number;
  moneyPrec: number;
  minAmount: string;
  minTotal: string;
  isCollateral: boolean;
  tradesEnabled: boolean;
  /** 24 h volume in stock currency, for the ticker. */
  baseVolume: string;
}

/** `[stock, money, centre price, money precision]`. */
const SPOT: readonly [string, string, string, number][] = [
  ['BTC', 'USDT', '62000', 2],
  ['ETH', 'USDT', '2500', 2],
  ['USDC', 'USDT', '0.9998', 4],
  ['DAI', 'USDT', '0.9991', 4],
  ['XRP', 'USDT', '0.52', 5],
  ['XLM', 'USDT', '0.1123', 5],
  ['TON', 'USDT', '5.5', 4],
  ['ATOM', 'USDT', '7.85', 3],
  ['EOS', 'USDT', '0.61', 4],
  ['LTC', 'USDT', '58.3', 2],
  ['DOGE', 'USDT', '0.126', 5],
  ['TRX', 'USDT', '0.158', 5],
  ['BNB', 'USDT', '585.4', 2],
  ['SOL', 'USDT', '145', 3],
  ['ADA', 'USDT', '0.36', 5],
  ['DOT', 'USDT', '4.12', 3],
  ['BTT', 'USDT', '0.00000091', 8],
  ['WBT', 'USDT', '24.85', 3],
  ['LINK', 'USDT', '13.2', 3],
  ['UNI', 'USDT', '7.4', 3],
  ['AAVE', 'USDT', '151.5', 2],
  ['ETC', 'USDT', '19.8', 3],
  ['AVAX', 'USDT', '26.3', 3],
  ['BCH', 'USDT', '352.1', 2],
  ['DASH', 'USDT', '23.4', 3],
  ['ZEC', 'USDT', '38.9', 3],
  ['XTZ', 'USDT', '0.71', 4],
  ['ALGO', 'USDT', '0.142', 5],
  ['NEAR', 'USDT', '4.9', 4],
  ['FIL', 'USDT', '3.6', 4],
  ['APT', 'USDT', '6.45', 4],
  ['ARB', 'USDT', '0.58', 4],
  ['SHIB', 'USDT', '0.00001412', 8],
  ['BSV', 'USDT', '45.2', 2],
  ['XMR', 'USDT', '162.4', 2],
  ['ETH', 'BTC', '0.04032', 6],
  ['LTC', 'BTC', '0.00094', 8],
  ['HBAR', 'BTC', '0.00000112', 8],
  ['XMR', 'BTC', '0.00262', 6],
  ['BTC', 'EUR', '57300', 2],
  ['USDT', 'EUR', '0.924', 4],
  ['BTC', 'UAH', '2560000', 0],
  ['USDT', 'UAH', '41.3', 2],
  ['USDT', 'USD', '1.0004', 4],
];

/** Perpetuals: `[stock, centre price, money precision]`, all settled in USDT. */
const PERPETUALS: readonly [string, string, number][] = [
  ['BTC', '62000', 1],
  ['ETH', '2500', 2],
  ['SOL', '145', 3],
  ['DOGE', '0.126', 5],
];

/** Spot pairs that also trade on margin (the collateral account's markets). */
const COLLATERAL = new Set(['BTC_USDT', 'ETH_USDT', 'SOL_USDT', 'XRP_USDT', 'TON_USDT', 'ADA_USDT', 'LTC_USDT', 'LTC_BTC', 'DOGE_USDT']);
/** Listed but halted (ticker `isFrozen`, markets `tradesEnabled: false`). */
const HALTED = new Set(['BSV_USDT']);

export function buildMarkets(seed: number, catalogue: Catalogue): MarketSpec[] {
  const rng = forkRandom(seed, 'markets');
  const volume = () => `${rng.int(10, 900_000)}.${rng.int(100, 999)}`;
  const out: MarketSpec[] = [];
  for (const [stock, money, centre, moneyPrec] of SPOT) {
    const name = `${stock}_${money}`;
    out.push({
      name,
      stock,
      money,
      type: 'spot',
      centre,
      stockPrec: Math.min(catalogue.specs.get(stock)?.precision ?? 8, 8),
      moneyPrec,
      minAmount: '0.0001',
      minTotal: money === 'USDT' ? '5' : '0.0001',
      isCollateral: COLLATERAL.has(name),
      tradesEnabled: !HALTED.has(name),
      baseVolume: volume(),
    });
  }
  // About two in three generated assets trade against USDT; the rest have no market at all.
  const known = new Set(SPOT.map(([stock]) => stock));
  for (const ticker of [...catalogue.specs.keys()].sort()) {
    if (known.has(ticker) || catalogue.specs.get(ticker)?.fiat || ['LUNC', 'MATIC', 'USDT', 'UAH', 'EUR', 'USD'].includes(ticker)) continue;
    if (!rng.chance(0.66)) continue;
    const places = rng.int(2, 6);
    const whole = rng.int(0, 300);
    const fraction = String(rng.int(1, 10 ** places - 1)).padStart(places, '0');
    out.push({
      name: `${ticker}_USDT`,
      stock: ticker,
      money: 'USDT',
      type: 'spot',
      centre: `${whole}.${fraction}`,
      stockPrec: Math.min(catalogue.specs.get(ticker)?.precision ?? 8, 8),
      moneyPrec: places,
      minAmount: '1',
      minTotal: '5',
      isCollateral: false,
      tradesEnabled: true,
      baseVolume: volume(),
    });
  }
  for (const [stock, centre, moneyPrec] of PERPETUALS) {
    out.push({
      name: `${stock}_PERP`,
      stock,
      money: 'USDT',
      type: 'futures',
      centre,
      stockPrec: 4,
      moneyPrec,
      minAmount: '0.001',
      minTotal: '5',
      isCollateral: true,
      tradesEnabled: true,
      baseVolume: volume(),
    });
  }
  return out;
}
