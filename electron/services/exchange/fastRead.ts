/**
 * Hand-written readers for the answers the app asks for most (on every refresh: open positions,
 * the ticker and the three balances of the overview), producing exactly what the endpoint's zod
 * schema (shared/api/schemas.ts) produces, several times faster: zod's generic machinery (a
 * preprocess pipe per decimal field, a safeParse per list element) cost about as much as the whole
 * HTTP exchange on these paths, and the real exchange's ticker lists several hundred markets.
 *
 * A reader only takes an answer it recognises completely: every element readable, every field of
 * the plain shapes the schema accepts. Anything else - an unreadable element, an odd type, a field
 * it is unsure of - makes it answer NOT_READ, and the caller runs the schema as before, so every
 * rejection, every unreadable-element notice and every message still comes from the schema. The
 * readers never accept what the schema refuses and never return anything but the schema's output
 * (same fields, same order, unknown fields dropped); fastRead.test.ts checks that against the
 * schema itself over many generated answers, so a change to a schema that is not mirrored here
 * fails there.
 */
import type { z } from 'zod';
import { isLooseDecimalString } from '../../../shared/money/decimal';
import { JsonNumber } from '../../../shared/api/jsonNumber';
import type { ReadableRecord } from '../../../shared/api/tolerant';
import {
  BalanceResponse,
  CollateralBalanceResponse,
  PositionsResponse,
  TickerResponse,
  TradeBalanceResponse,
  type BalanceEntry,
  type MarketActivity,
  type Position,
} from '../../../shared/api/schemas';

/** The reader did not take the answer: parse it with the schema. */
export const NOT_READ: unique symbol = Symbol('not read');
type Read<T> = T | typeof NOT_READ;

/** What z.object accepts as an object. */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON number read losslessly is taken as its source text, as the schemas' preprocessing does. */
function sourceOf(value: unknown): unknown {
  return value instanceof JsonNumber ? value.source : value;
}

const WHOLE_NUMBER_TEXT = /^-?\d{1,15}$/;
const UNIX_SECONDS_TEXT = /^\d{1,12}(\.\d+)?$/;

/** schemas.ts IntLike: a safe integer, or up to 15 digits as text. */
function intLike(raw: unknown): Read<number> {
  const value = sourceOf(raw);
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : NOT_READ;
  if (typeof value === 'string' && WHOLE_NUMBER_TEXT.test(value)) return Number(value);
  return NOT_READ;
}

/** schemas.ts UnixSeconds: a finite non-negative number, or its digits as text. */
function unixSeconds(raw: unknown): Read<number> {
  const value = sourceOf(raw);
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : NOT_READ;
  if (typeof value === 'string' && UNIX_SECONDS_TEXT.test(value)) return Number(value);
  return NOT_READ;
}

/** schemas.ts DecimalString: a plain decimal string; a JSON number as its source text. */
function decimal(raw: unknown): Read<string> {
  const value = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : sourceOf(raw);
  return isLooseDecimalString(value) ? value : NOT_READ;
}

function nullableDecimal(raw: unknown): Read<string | null> {
  return raw === null ? null : decimal(raw);
}

/** absentAsNull(DecimalString) */
function decimalOrNull(raw: unknown): Read<string | null> {
  return raw === undefined || raw === null ? null : decimal(raw);
}

function shortTextOrNull(raw: unknown, max: number): Read<string | null> {
  if (raw === null) return null;
  return typeof raw === 'string' && raw.length <= max ? raw : NOT_READ;
}

/** schemas.ts Tpsl under absentAsNull: only the fields that are present, in the schema's order. */
function tpslOf(raw: unknown): Read<Position['tpsl']> {
  if (raw === undefined || raw === null) return null;
  if (!isObject(raw)) return NOT_READ;
  const out: NonNullable<Position['tpsl']> = {};
  const { takeProfitId, takeProfit, stopLossId, stopLoss } = raw;
  if (takeProfitId !== undefined) {
    const v = takeProfitId === null ? null : intLike(takeProfitId);
    if (v === NOT_READ) return NOT_READ;
    out.takeProfitId = v;
  }
  if (takeProfit !== undefined) {
    const v = nullableDecimal(takeProfit);
    if (v === NOT_READ) return NOT_READ;
    out.takeProfit = v;
  }
  if (stopLossId !== undefined) {
    const v = stopLossId === null ? null : intLike(stopLossId);
    if (v === NOT_READ) return NOT_READ;
    out.stopLossId = v;
  }
  if (stopLoss !== undefined) {
    const v = nullableDecimal(stopLoss);
    if (v === NOT_READ) return NOT_READ;
    out.stopLoss = v;
  }
  return out;
}

function positionSideOf(raw: unknown): Read<Position['positionSide']> {
  if (raw === undefined || raw === null) return null;
  return raw === 'LONG' || raw === 'SHORT' || raw === 'BOTH' ? raw : NOT_READ;
}

/** One element of schemas.ts Position, or NOT_READ. */
function positionOf(raw: unknown): Read<Position> {
  if (!isObject(raw)) return NOT_READ;
  const positionId = intLike(raw.positionId);
  const market = raw.market;
  const openDate = unixSeconds(raw.openDate);
  const modifyDate = unixSeconds(raw.modifyDate);
  const amount = nullableDecimal(raw.amount);
  const basePrice = nullableDecimal(raw.basePrice);
  const liquidationPrice = nullableDecimal(raw.liquidationPrice);
  const liquidationState = shortTextOrNull(raw.liquidationState, 32);
  const pnl = nullableDecimal(raw.pnl);
  const pnlPercent = nullableDecimal(raw.pnlPercent);
  const margin = decimal(raw.margin);
  const freeMargin = decimal(raw.freeMargin);
  const funding = decimal(raw.funding);
  const unrealizedFunding = decimal(raw.unrealizedFunding);
  const tpsl = tpslOf(raw.tpsl);
  const positionSide = positionSideOf(raw.positionSide);
  const leverage = decimalOrNull(raw.leverage);
  const unrealizedPnl = decimalOrNull(raw.unrealizedPnl);
  if (
    positionId === NOT_READ ||
    typeof market !== 'string' ||
    market.length > 64 ||
    openDate === NOT_READ ||
    modifyDate === NOT_READ ||
    amount === NOT_READ ||
    basePrice === NOT_READ ||
    liquidationPrice === NOT_READ ||
    liquidationState === NOT_READ ||
    pnl === NOT_READ ||
    pnlPercent === NOT_READ ||
    margin === NOT_READ ||
    freeMargin === NOT_READ ||
    funding === NOT_READ ||
    unrealizedFunding === NOT_READ ||
    tpsl === NOT_READ ||
    positionSide === NOT_READ ||
    leverage === NOT_READ ||
    unrealizedPnl === NOT_READ
  ) {
    return NOT_READ;
  }
  // The schema's field order, so the result is the schema's output down to key order.
  return {
    positionId,
    market,
    openDate,
    modifyDate,
    amount,
    basePrice,
    liquidationPrice,
    liquidationState,
    pnl,
    pnlPercent,
    margin,
    freeMargin,
    funding,
    unrealizedFunding,
    tpsl,
    positionSide,
    leverage,
    unrealizedPnl,
  };
}

/** schemas.ts PositionsResponse when every element is readable; NOT_READ otherwise. */
export function readPositions(value: unknown): Read<z.output<typeof PositionsResponse>> {
  if (!Array.isArray(value)) return NOT_READ;
  const items: Position[] = [];
  for (let i = 0; i < value.length; i++) {
    const position = positionOf(value[i]);
    if (position === NOT_READ) return NOT_READ;
    items.push(position);
  }
  return { items, unreadable: [] };
}

/**
 * schemas.ts tolerantRecord(entry) when every entry is readable; NOT_READ otherwise. Only a plain
 * object is taken (what z.record accepts), and an answer with a "__proto__" key is left to the
 * schema, which keeps such a key as data.
 */
function readRecord<T>(value: unknown, entryOf: (raw: unknown) => Read<T>): Read<ReadableRecord<T>> {
  if (!isObject(value)) return NOT_READ;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return NOT_READ;
  const items: Record<string, T> = {};
  for (const key of Object.keys(value)) {
    if (key === '__proto__') return NOT_READ;
    const entry = entryOf(value[key]);
    if (entry === NOT_READ) return NOT_READ;
    items[key] = entry;
  }
  return { items, unreadable: [] };
}

/** schemas.ts AmountString: a DecimalString that does not start with a minus sign. */
function amount(raw: unknown): Read<string> {
  const value = decimal(raw);
  return value !== NOT_READ && value.startsWith('-') ? NOT_READ : value;
}

/** schemas.ts MarketActivity: the optional fields only when present, in the schema's order. */
function marketActivityOf(raw: unknown): Read<MarketActivity> {
  if (!isObject(raw)) return NOT_READ;
  const lastPrice = decimal(raw.last_price);
  const quoteVolume = decimal(raw.quote_volume);
  const baseVolume = decimal(raw.base_volume);
  const change = decimal(raw.change);
  if (lastPrice === NOT_READ || quoteVolume === NOT_READ || baseVolume === NOT_READ || change === NOT_READ) return NOT_READ;
  const out: Partial<MarketActivity> = {};
  if (raw.base_id !== undefined) {
    const baseId = intLike(raw.base_id);
    if (baseId === NOT_READ) return NOT_READ;
    out.base_id = baseId;
  }
  if (raw.quote_id !== undefined) {
    const quoteId = intLike(raw.quote_id);
    if (quoteId === NOT_READ) return NOT_READ;
    out.quote_id = quoteId;
  }
  out.last_price = lastPrice;
  out.quote_volume = quoteVolume;
  out.base_volume = baseVolume;
  if (raw.isFrozen !== undefined) {
    if (typeof raw.isFrozen !== 'boolean') return NOT_READ;
    out.isFrozen = raw.isFrozen;
  }
  out.change = change;
  return out as MarketActivity;
}

function balanceEntryOf(raw: unknown): Read<BalanceEntry> {
  if (!isObject(raw)) return NOT_READ;
  const mainBalance = amount(raw.main_balance);
  return mainBalance === NOT_READ ? NOT_READ : { main_balance: mainBalance };
}

function tradeEntryOf(raw: unknown): Read<{ available: string; freeze: string }> {
  if (!isObject(raw)) return NOT_READ;
  const available = amount(raw.available);
  const freeze = amount(raw.freeze);
  return available === NOT_READ || freeze === NOT_READ ? NOT_READ : { available, freeze };
}

export const readTicker = (value: unknown) => readRecord(value, marketActivityOf);
export const readBalance = (value: unknown) => readRecord(value, balanceEntryOf);
export const readTradeBalance = (value: unknown) => readRecord(value, tradeEntryOf);
export const readCollateralBalance = (value: unknown) => readRecord(value, decimal);

const READERS = new Map<z.ZodType, (value: unknown) => unknown>([
  [PositionsResponse, readPositions],
  [TickerResponse, readTicker],
  [BalanceResponse, readBalance],
  [TradeBalanceResponse, readTradeBalance],
  [CollateralBalanceResponse, readCollateralBalance],
]);

/** The schema's output for `value` through a hand-written reader, or NOT_READ when there is none or it declined. */
export function readFast(schema: z.ZodType, value: unknown): unknown {
  const reader = READERS.get(schema);
  return reader ? reader(value) : NOT_READ;
}
