/**
 * Read endpoints of the main and collateral accounts: balance, my codes, codes history, open positions.
 */
import { privateError, validationFailed, type Reply } from '../http';
import type { CodeRecord } from '../model';
import { Validator } from '../validation';
import type { PrivateContext } from './context';

export const INVALID_TICKER = 'The selected ticker is invalid.';

/** Documented bounds of codes/my and codes/history. */
const CODES_LIMIT = { min: 1, max: 100, default: 30 } as const;
const CODES_OFFSET = { min: 0, max: 10_000, default: 0 } as const;
export const TICKER_TEXT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;

/**
 * The main balance lists EVERY asset of the catalogue, "0" where the account holds none, as the
 * exchange does (documented example: "BSV":{"main_balance":"0"}). Asked for one ticker, it answers
 * that ticker, "0" for one it does not know (docs/exchange-api.md: "unknown ticker -> zero, not an error").
 */
export function balance(ctx: PrivateContext): Reply {
  const { account, state, body, nowMs } = ctx;
  account.settle(nowMs);
  const v = new Validator(body);
  const ticker = v.string('ticker', { max: 32 });
  if (ticker !== undefined && !TICKER_TEXT.test(ticker)) v.add('ticker', INVALID_TICKER);
  // The balance endpoint documents its validation failure under 422.
  if (v.failed) return validationFailed(v.errors, 422);
  if (ticker !== undefined) return { status: 200, body: { [ticker]: { main_balance: account.balanceOf(ticker) } } };
  // The full list is the hot path of dashboards and benchmarks: serialise once per balance change.
  const cached = account.cachedBalanceJson;
  if (cached && cached.version === account.balanceVersion) {
    return { status: 200, raw: { text: cached.json, contentType: 'application/json' } };
  }
  const out: Record<string, { main_balance: string }> = {};
  for (const t of Object.keys(state.catalogue.assets)) out[t] = { main_balance: account.balanceOf(t) };
  const json = JSON.stringify(out);
  account.cachedBalanceJson = { version: account.balanceVersion, json };
  return { status: 200, raw: { text: json, contentType: 'application/json' } };
}

/** Codes never change once issued: each is serialised once and reused. */
const codeJson = new WeakMap<CodeRecord, string>();

function codeToJson(code: CodeRecord): string {
  let json = codeJson.get(code);
  if (json === undefined) {
    json = JSON.stringify(code);
    codeJson.set(code, json);
  }
  return json;
}

/** codes/my and codes/history take the same fields with the same documented bounds, and answer alike. */
function codesPage(ctx: PrivateContext, codes: readonly CodeRecord[]): Reply {
  const v = new Validator(ctx.body);
  const limit = v.integer('limit', { min: CODES_LIMIT.min, max: CODES_LIMIT.max, default: CODES_LIMIT.default });
  const offset = v.integer('offset', { min: CODES_OFFSET.min, max: CODES_OFFSET.max, default: CODES_OFFSET.default });
  if (v.failed || limit === undefined || offset === undefined) return validationFailed(v.errors);
  const data = codes.slice(offset, offset + limit).map(codeToJson).join(',');
  const json = `{"total":${codes.length},"data":[${data}],"limit":${limit},"offset":${offset}}`;
  return { status: 201, raw: { text: json, contentType: 'application/json' } };
}

export const myCodes = (ctx: PrivateContext): Reply => codesPage(ctx, ctx.account.codes);

/** Created codes with a negative amount, applied ones with a positive one (simulator/data/accounts.ts). */
export const codesHistory = (ctx: PrivateContext): Reply => codesPage(ctx, ctx.account.codesHistory);

const MARKET = /^[A-Z0-9]{1,16}_[A-Z0-9]{1,16}$/;

/**
 * A malformed `market` is answered 422 with code 30, message "Validation failed" and empty errors
 * (seed 4.4 gives the body; 422 is the status the collateral endpoints use for validation).
 */
export function openPositions(ctx: PrivateContext): Reply {
  // P&L and liquidation states follow the prices: step the walk to now, revalue, then answer.
  ctx.state.prices.advanceTo(ctx.nowMs);
  ctx.account.revalue(ctx.state.prices, ctx.nowMs);
  const market = ctx.body.market;
  const positions = ctx.account.positions;
  if (market === undefined || market === null || market === '') {
    // Polled constantly by dashboards (and the benchmark): serialise once per change.
    const account = ctx.account;
    if (account.cachedPositionsJson?.version !== account.positionsVersion) {
      account.cachedPositionsJson = { version: account.positionsVersion, json: JSON.stringify(positions) };
    }
    return { status: 200, raw: { text: account.cachedPositionsJson.json, contentType: 'application/json' } };
  }
  if (typeof market !== 'string' || !MARKET.test(market)) return privateError(422, 30, 'Validation failed', {});
  return { status: 200, body: positions.filter((p) => p.market === market) };
}
