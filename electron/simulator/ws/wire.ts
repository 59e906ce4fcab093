/**
 * The shapes the exchange's WebSocket sends (asyncapi files, docs/exchange-api.md "WebSocket"):
 * JSON-RPC answers and pushed updates, positions and balances with decimal strings.
 */
import { dec, toPlain, Decimal } from '../../../shared/money/decimal';
import type { PositionRecord } from '../model';
import type { AccountState } from '../accountState';
import type { SimulatorState } from '../state';

export const WS_ERROR = {
  invalidArgument: 1,
  internal: 2,
  unavailable: 3,
  methodNotFound: 4,
  timeout: 5,
  requireAuth: 6,
  tooManyRequests: 7,
} as const;

const ERROR_MESSAGES: Record<number, string> = {
  1: 'invalid argument',
  2: 'internal error',
  3: 'service unavailable',
  4: 'method not found',
  5: 'timeout',
  6: 'require authentication',
  7: 'too many requests',
};

export const answer = (id: number, result: unknown) => ({ id, result, error: null });
export const failure = (id: number | null, code: number) => ({ id, result: null, error: { code, message: ERROR_MESSAGES[code] ?? 'error' } });
export const update = (method: string, params: unknown) => ({ id: null, method, params });

/**
 * One position as `positionsMargin` and `positionsAccountMargin` send it: there `pnl` is the
 * unrealized P&L and `realized_pnl` what partial closes realized (the HTTP record's `pnl`).
 */
export function positionWire(p: PositionRecord, account: AccountState) {
  const amount = p.amount ?? '0';
  const basePrice = p.basePrice ?? '0';
  return {
    id: p.positionId,
    market: p.market,
    ctime: p.openDate,
    mtime: p.modifyDate,
    amount,
    amount_in_money: toPlain(dec(amount).times(dec(basePrice)).abs().toDecimalPlaces(8, Decimal.ROUND_HALF_UP)),
    base_price: basePrice,
    pnl: account.unrealizedPnl.get(p.positionId) ?? '0',
    liq_price: p.liquidationPrice ?? '0',
    liq_stage: p.liquidationState,
    unrealized_funding: p.unrealizedFunding,
    funding: p.funding,
    margin: p.margin,
    free_margin: p.freeMargin,
    realized_pnl: p.pnl ?? '0',
    position_side: p.positionSide ?? (dec(amount).isNegative() ? 'SHORT' : 'LONG'),
  };
}

/** Pending positions (not filled yet, amount null) are orders, not positions: the stream leaves them out. */
export function openPositionsOf(state: SimulatorState, account: AccountState, nowMs: number): PositionRecord[] {
  state.prices.advanceTo(nowMs);
  account.revalue(state.prices, nowMs);
  return account.positions.filter((p) => p.amount !== null);
}

export function marketStats(state: SimulatorState, market: string, period: number) {
  const last = state.prices.price(market) ?? '0';
  const spec = state.prices.spec(market);
  const open = state.prices.openOf(market) ?? last;
  const high = Decimal.max(dec(open), dec(last));
  const low = Decimal.min(dec(open), dec(last));
  const volume = spec?.baseVolume ?? '0';
  return {
    period,
    last,
    open,
    close: last,
    high: toPlain(high),
    low: toPlain(low),
    volume,
    deal: toPlain(dec(volume).times(dec(last)).toDecimalPlaces(8, Decimal.ROUND_HALF_UP)),
  };
}

export function spotBalance(account: AccountState, ticker: string): { available: string; freeze: string } {
  const held = account.tradeBalances.get(ticker);
  return held ? { available: held.available, freeze: held.freeze } : { available: '0', freeze: '0' };
}

export function marginBalance(account: AccountState, ticker: string) {
  const total = account.collateralBalances.get(ticker) ?? '0';
  return { balance: total, borrow: '0', available_without_borrow: total, available_with_borrow: total };
}
