/**
 * Market data (ticker, markets, futures, collateral markets) and the account parts beside the main
 * balance (trade balance, collateral balance and summary), in the shapes the exchange documents.
 * Every answer that depends on prices first steps the price walk to the request's time.
 */
import { dec, toPlain, Decimal } from '../../../shared/money/decimal';
import { validationFailed, type Reply } from '../http';
import type { MarketSpec } from '../data/markets';
import type { AccountState } from '../accountState';
import type { SimulatorState } from '../state';
import { Validator } from '../validation';
import type { PrivateContext } from './context';
import { INVALID_TICKER, TICKER_TEXT } from './account';

/** Funding every 8 hours (480 minutes), as the exchange's perpetuals settle. */
const FUNDING_INTERVAL_MS = 8 * 3_600_000;

/** The body the exchange sends where a region has no futures or margin trading (documented 451). */
function regionUnavailable(message: 'api.futures.unavailable' | 'api.margin.unavailable'): Reply {
  return { status: 451, body: { success: false, message, errors: [] } };
}

function cryptoassetIdOf(state: SimulatorState, ticker: string): number {
  return state.catalogue.assets[ticker]?.unified_cryptoasset_id ?? 0;
}

export function ticker(state: SimulatorState, nowMs: number): Reply {
  state.prices.advanceTo(nowMs);
  const out: Record<string, unknown> = {};
  for (const spec of state.prices.markets()) {
    const last = state.prices.price(spec.name)!;
    out[spec.name] = {
      base_id: cryptoassetIdOf(state, spec.stock),
      quote_id: cryptoassetIdOf(state, spec.money),
      last_price: last,
      quote_volume: toPlain(dec(spec.baseVolume).times(dec(last)).toDecimalPlaces(8, Decimal.ROUND_HALF_UP)),
      base_volume: spec.baseVolume,
      isFrozen: !spec.tradesEnabled,
      change: state.prices.change(spec.name),
    };
  }
  return { status: 200, body: out };
}

const marketWire = (spec: MarketSpec) => ({
  name: spec.name,
  stock: spec.stock,
  money: spec.money,
  // Precisions are stringified integers, as documented.
  stockPrec: String(spec.stockPrec),
  moneyPrec: String(spec.moneyPrec),
  feePrec: '4',
  makerFee: spec.type === 'futures' ? '0.01' : '0.1',
  takerFee: spec.type === 'futures' ? '0.055' : '0.1',
  minAmount: spec.minAmount,
  minTotal: spec.minTotal,
  maxTotal: '10000000000',
  tradesEnabled: spec.tradesEnabled,
  isCollateral: spec.isCollateral,
  type: spec.type,
  isTradFiFutures: false,
  delistedAt: null,
});

export function markets(state: SimulatorState): Reply {
  return { status: 200, body: state.prices.markets().map(marketWire) };
}

export function futures(state: SimulatorState, nowMs: number): Reply {
  if (!state.futuresAvailable) return regionUnavailable('api.futures.unavailable');
  state.prices.advanceTo(nowMs);
  const result = state.prices
    .markets()
    .filter((spec) => spec.type === 'futures')
    .map((spec) => {
      const last = dec(state.prices.price(spec.name)!);
      const tick = new Decimal(1).dividedBy(new Decimal(10).pow(spec.moneyPrec));
      const index = state.prices.price(`${spec.stock}_USDT`) ?? toPlain(last);
      const nextFunding = Math.ceil(nowMs / FUNDING_INTERVAL_MS) * FUNDING_INTERVAL_MS;
      return {
        ticker_id: spec.name,
        stock_currency: spec.stock,
        money_currency: spec.money,
        last_price: toPlain(last),
        stock_volume: spec.baseVolume,
        money_volume: toPlain(dec(spec.baseVolume).times(last).toDecimalPlaces(4, Decimal.ROUND_HALF_UP)),
        bid: toPlain(last.minus(tick)),
        ask: toPlain(last.plus(tick)),
        high: toPlain(last.times('1.012').toDecimalPlaces(spec.moneyPrec, Decimal.ROUND_HALF_UP)),
        low: toPlain(last.times('0.988').toDecimalPlaces(spec.moneyPrec, Decimal.ROUND_HALF_UP)),
        product_type: 'Perpetual',
        open_interest: '6000',
        index_price: index,
        index_name: state.catalogue.assets[spec.stock]?.name ?? spec.stock,
        index_currency: spec.stock,
        funding_rate: '0.000044889033693137',
        funding_cap: '0.0003',
        funding_floor: '-0.0003',
        // Unix milliseconds as a string, as documented.
        next_funding_rate_timestamp: String(nextFunding),
        brackets: { '1': 0, '2': 0, '3': 0, '5': 0, '10': 0, '20': 0, '50': 20, '100': 50 },
        max_leverage: 100,
        funding_interval_minutes: FUNDING_INTERVAL_MS / 60_000,
      };
    });
  return { status: 200, body: { success: true, message: null, result } };
}

export function collateralMarkets(state: SimulatorState): Reply {
  if (!state.marginAvailable) return regionUnavailable('api.margin.unavailable');
  const result = state.prices
    .markets()
    .filter((spec) => spec.type === 'spot' && spec.isCollateral)
    .map((spec) => spec.name)
    .sort();
  return { status: 200, body: { success: true, message: null, result } };
}

/** The optional `ticker` filter of the trade and collateral balances; undefined = all. */
function tickerFilter(ctx: PrivateContext): { ticker?: string; refused?: Reply } {
  const v = new Validator(ctx.body);
  const ticker = v.string('ticker', { max: 32 });
  if (ticker !== undefined && !TICKER_TEXT.test(ticker)) v.add('ticker', INVALID_TICKER);
  if (v.failed) return { refused: validationFailed(v.errors, 422) };
  return { ticker };
}

/** Like the main balance, the trade balance lists every asset, zero where none is held. */
export function tradeBalance(ctx: PrivateContext): Reply {
  const { ticker: only, refused } = tickerFilter(ctx);
  if (refused) return refused;
  const balances = ctx.account.tradeBalances;
  if (only !== undefined) return { status: 200, body: { [only]: tradeEntryOf(balances, only) } };
  const out: Record<string, { available: string; freeze: string }> = {};
  for (const t of Object.keys(ctx.state.catalogue.assets)) out[t] = tradeEntryOf(balances, t);
  return { status: 200, body: out };
}

/** One asset's trade balance, zero where the account holds none. */
function tradeEntryOf(balances: ReadonlyMap<string, { available: string; freeze: string }>, ticker: string): { available: string; freeze: string } {
  return balances.get(ticker) ?? { available: '0', freeze: '0' };
}

/**
 * Collateral balances are JSON NUMBERS (documented `{"BTC":1,"USDT":1000}`). The text is written by
 * hand from the decimal strings so that every digit reaches the wire (JSON.stringify of a float would
 * round 15000.123456789012345678).
 */
export function collateralBalance(ctx: PrivateContext): Reply {
  const { ticker: only, refused } = tickerFilter(ctx);
  if (refused) return refused;
  const entries = only !== undefined ? [[only, ctx.account.collateralBalances.get(only) ?? '0'] as const] : [...ctx.account.collateralBalances.entries()];
  const text = `{${entries.map(([t, amount]) => `${JSON.stringify(t)}:${toPlain(dec(amount))}`).join(',')}}`;
  return { status: 200, raw: { text, contentType: 'application/json' } };
}

/** The USDT value of an amount at the simulator's prices (direct, or through BTC); 0 without a price. */
function inUsdt(state: SimulatorState, ticker: string, amount: Decimal): Decimal {
  if (ticker === 'USDT') return amount;
  const direct = state.prices.price(`${ticker}_USDT`);
  if (direct !== undefined) return amount.times(direct);
  const viaBtc = state.prices.price(`${ticker}_BTC`);
  if (viaBtc !== undefined) return amount.times(viaBtc).times(state.prices.price('BTC_USDT')!);
  return new Decimal(0);
}

const moneyOf = (market: string) => (market.endsWith('_PERP') ? 'USDT' : market.slice(market.indexOf('_') + 1));

/**
 * The collateral summary in USDT: equity = balances + open P&L, margin = the positions' margins,
 * free margin = equity - margin, margin fraction = margin / equity. Follows the prices because the
 * positions' P&L does.
 */
export function collateralSummary(ctx: PrivateContext): Reply {
  const { state, account, nowMs } = ctx;
  state.prices.advanceTo(nowMs);
  account.revalue(state.prices, nowMs);
  return { status: 200, body: summaryOf(state, account) };
}

function summaryOf(state: SimulatorState, account: AccountState) {
  let balances = new Decimal(0);
  for (const [t, amount] of account.collateralBalances) balances = balances.plus(inUsdt(state, t, dec(amount)));
  let pnl = new Decimal(0);
  let margin = new Decimal(0);
  let funding = new Decimal(0);
  for (const p of account.positions) {
    const money = moneyOf(p.market);
    margin = margin.plus(inUsdt(state, money, dec(p.margin)));
    funding = funding.plus(inUsdt(state, money, dec(p.unrealizedFunding)));
    // The open (unrealized) P&L: the realized part of partial closes is already in the balances.
    const unrealized = account.unrealizedPnl.get(p.positionId);
    if (unrealized !== undefined) pnl = pnl.plus(inUsdt(state, money, dec(unrealized)));
  }
  const equity = balances.plus(pnl);
  const round = (d: Decimal, places = 2) => d.toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);
  return {
    equity: round(equity),
    margin: round(margin),
    freeMargin: round(equity.minus(margin)),
    unrealizedFunding: round(funding),
    pnl: round(pnl),
    leverage: account.leverage,
    marginFraction: equity.greaterThan(0) ? round(margin.dividedBy(equity), 4) : '0',
  };
}
