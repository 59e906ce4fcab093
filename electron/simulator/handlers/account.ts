/**
 * Read endpoints of the main and collateral accounts: balance, my codes, open positions.
 */
import { CODES_LIMIT, CODES_OFFSET, ENDPOINTS } from '../../../shared/api/endpoints';
import { isZero } from '../../../shared/money/decimal';
import { privateError, validationFailed, type Reply } from '../http';
import type { CodeRecord } from '../model';
import { Validator } from '../validation';
import type { PrivateContext } from './context';

export const INVALID_TICKER = 'The selected ticker is invalid.';

export function balance(ctx: PrivateContext): Reply {
  const { account, state, body, nowMs } = ctx;
  account.settle(nowMs);
  const v = new Validator(body);
  const ticker = v.string('ticker', { max: 32 });
  if (ticker !== undefined && !state.catalogue.specs.has(ticker)) v.add('ticker', INVALID_TICKER);
  if (v.failed) return validationFailed(v.errors);
  if (ticker !== undefined) {
    // Asked for one ticker: answer it even when zero, so the caller sees a definite 0.
    return { status: ENDPOINTS.balance.successStatus, body: { [ticker]: { main_balance: account.balanceOf(ticker) } } };
  }
  // The full list is the hot path of dashboards and benchmarks: serialise once per balance change.
  const cached = account.cachedBalanceJson;
  if (cached && cached.version === account.balanceVersion) {
    return { status: ENDPOINTS.balance.successStatus, raw: { text: cached.json, contentType: 'application/json' } };
  }
  const out: Record<string, { main_balance: string }> = {};
  for (const [t, amount] of account.balances) if (!isZero(amount)) out[t] = { main_balance: amount };
  const json = JSON.stringify(out);
  account.cachedBalanceJson = { version: account.balanceVersion, json };
  return { status: ENDPOINTS.balance.successStatus, raw: { text: json, contentType: 'application/json' } };
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

export function myCodes(ctx: PrivateContext): Reply {
  const v = new Validator(ctx.body);
  const limit = v.integer('limit', { min: CODES_LIMIT.min, max: CODES_LIMIT.max, default: CODES_LIMIT.default });
  const offset = v.integer('offset', { min: CODES_OFFSET.min, max: CODES_OFFSET.max, default: CODES_OFFSET.default });
  if (v.failed || limit === undefined || offset === undefined) return validationFailed(v.errors);
  const codes = ctx.account.codes;
  const data = codes.slice(offset, offset + limit).map(codeToJson).join(',');
  const json = `{"total":${codes.length},"data":[${data}],"limit":${limit},"offset":${offset}}`;
  return { status: ENDPOINTS.codes.successStatus, raw: { text: json, contentType: 'application/json' } };
}

const MARKET = /^[A-Z0-9]{1,16}_[A-Z0-9]{1,16}$/;

/**
 * A malformed `market` is answered 422 with code 30, message "Validation failed" and empty errors
 * (seed 4.4 gives the body; 422 is the status the collateral endpoints use for validation).
 */
export function openPositions(ctx: PrivateContext): Reply {
  const market = ctx.body.market;
  const positions = ctx.account.positions;
  if (market === undefined || market === null || market === '') {
    // Polled constantly by dashboards (and the benchmark): serialise once per change.
    const account = ctx.account;
    if (account.cachedPositionsJson?.version !== account.positionsVersion) {
      account.cachedPositionsJson = { version: account.positionsVersion, json: JSON.stringify(positions) };
    }
    return { status: ENDPOINTS.positions.successStatus, raw: { text: account.cachedPositionsJson.json, contentType: 'application/json' } };
  }
  if (typeof market !== 'string' || !MARKET.test(market)) return privateError(422, 30, 'Validation failed', {});
  return { status: ENDPOINTS.positions.successStatus, body: positions.filter((p) => p.market === market) };
}
