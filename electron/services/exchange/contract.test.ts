/**
 * The contract with the REAL exchange: every example body its documentation publishes
 * (shared/api/test/fixtures/documented-examples.json, copied from whitebit-exchange/docs) goes
 * through the same path the client uses: raw text -> lossless parse -> response schema for 2xx,
 * classifyFailure for everything else. The variants below cover what docs/exchange-api.md states in words
 * ("Shapes that break naive parsers", "Errors") but no example shows.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointName } from '../../../shared/api/endpoints';
import type { CodesHistoryResponse } from '../../../shared/api/schemas';
import type { ErrorKind } from '../../../shared/errors';
import { classifyFailure, interpretAnswer, type RawAnswer } from './classify';

interface DocumentedExample {
  name: string;
  body: unknown;
}
interface DocumentedOperation {
  summary: string;
  responses: Record<string, { description: string; examples: DocumentedExample[] }>;
}
interface DocumentedExamples {
  operations: Record<string, DocumentedOperation>;
}

const FIXTURE = fileURLToPath(new URL('../../../shared/api/test/fixtures/documented-examples.json', import.meta.url));
// Read losslessly and written back losslessly, so each body reaches the parser with its numbers as documented.
const documented = parseLossless(readFileSync(FIXTURE, 'utf8')) as DocumentedExamples;
const textOf = (body: unknown): string => stringifyLossless(body) ?? '';

const answer = (status: number, text: string, contentType = 'application/json', retryAfter?: string): RawAnswer => ({ status, contentType, retryAfter, text });

/** The catalogue entry for a documented "METHOD /path". */
function endpointFor(operation: string): EndpointName | undefined {
  const [method, path] = operation.split(' ');
  return (Object.keys(ENDPOINTS) as EndpointName[]).find((name) => ENDPOINTS[name].method === method && ENDPOINTS[name].path === path);
}

/** Parses a 2xx text as the client does, failing the test with the client's own words. */
function readSuccess(name: EndpointName, text: string, status = ENDPOINTS[name].successStatus): unknown {
  const result = interpretAnswer(answer(status, text), ENDPOINTS[name].response, 0);
  if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  return result.data;
}

/** Every `unreadable` list inside a parsed answer (list answers report their odd elements there). */
function unreadableOf(data: unknown): unknown[] {
  if (data === null || typeof data !== 'object') return [];
  const own = (data as { unreadable?: unknown }).unreadable;
  return Array.isArray(own) ? own : [];
}

const operations = Object.entries(documented.operations);

describe('the documented API surface', () => {
  it('holds every operation the fixture documents in the ENDPOINTS catalogue', () => {
    expect(operations.length).toBeGreaterThanOrEqual(20);
    const missing = operations.map(([operation]) => operation).filter((operation) => endpointFor(operation) === undefined);
    expect(missing).toEqual([]);
  });
  it('retries none of the documented money movers and every documented read', () => {
    for (const [operation] of operations) {
      const name = endpointFor(operation)!;
      const movesMoney = name === 'withdrawPay' || name === 'flexInvest';
      expect(ENDPOINTS[name].retry, operation).toBe(movesMoney ? 'never' : 'read');
    }
  });
});

const successExamples = operations.flatMap(([operation, spec]) =>
  Object.entries(spec.responses)
    .filter(([status]) => /^2\d\d$/.test(status))
    .flatMap(([status, response]) => response.examples.map((example) => ({ operation, status: Number(status), example }))),
);
const errorExamples = operations.flatMap(([operation, spec]) =>
  Object.entries(spec.responses)
    .filter(([status]) => /^[45]\d\d$/.test(status))
    .flatMap(([status, response]) => response.examples.map((example) => ({ operation, status: Number(status), example }))),
);

describe('every documented success body parses with our response schema, nothing left unreadable', () => {
  it('has bodies to check', () => expect(successExamples.length).toBeGreaterThanOrEqual(17));
  it.each(successExamples.map((e) => [`${e.operation} ${e.status} ${e.example.name}`, e] as const))('%s', (_label, { operation, status, example }) => {
    const name = endpointFor(operation)!;
    const data = readSuccess(name, textOf(example.body), status);
    expect(unreadableOf(data)).toEqual([]);
  });
});

/** What each documented error status must become (docs/exchange-api.md "Errors"). */
const KIND_BY_STATUS: Record<number, ErrorKind> = { 400: 'validation', 403: 'permission', 412: 'validation', 422: 'validation', 451: 'permission' };

describe('every documented error body is classified with its message, code and field errors', () => {
  it('has bodies to check', () => expect(errorExamples.length).toBeGreaterThanOrEqual(30));
  it.each(errorExamples.map((e) => [`${e.operation} ${e.status} ${e.example.name}`, e] as const))('%s', (_label, { status, example }) => {
    const body = parseLossless(textOf(example.body)) as { code?: { value: string }; message?: string; errors?: Record<string, string[]> | [] };
    const error = classifyFailure(answer(status, textOf(example.body)), 0);
    expect(error.kind).toBe(KIND_BY_STATUS[status]);
    expect(error.status).toBe(status);
    if (body.code !== undefined) expect(error.code).toBe(Number(body.code.value));
    const fields = body.errors && !Array.isArray(body.errors) && Object.keys(body.errors).length > 0 ? body.errors : undefined;
    expect(error.fields).toEqual(fields);
    // The person reads the exchange's reason: the first field message, or its message.
    if (fields) expect(error.message).toContain(Object.values(fields)[0]![0]);
    else if (status === 403) expect(error.message).toContain(body.message);
  });
});

// ---------- what docs/exchange-api.md says in words ----------

const POSITION = {
  positionId: 527,
  market: 'BTC_USDT',
  openDate: 1651568067.789679,
  modifyDate: 1651568067.789679,
  amount: '0.1',
  basePrice: '45658.349',
  liquidationPrice: null,
  liquidationState: 'margin_call',
  pnl: '-168.42',
  pnlPercent: '-0.43',
  margin: '8316.74',
  freeMargin: '619385.67',
  funding: '0',
  unrealizedFunding: '0.0019142920201966',
  tpsl: null,
  positionSide: 'LONG',
};

describe('positions', () => {
  it('reads a pending position (trigger/limit order): null amounts and prices, no tpsl, no positionSide', () => {
    const { tpsl: _t, positionSide: _s, ...withoutOptional } = POSITION;
    const pending = { ...withoutOptional, positionId: 9, basePrice: null, liquidationPrice: null, amount: null, pnl: null, pnlPercent: null };
    const data = readSuccess('positions', JSON.stringify([POSITION, pending])) as { items: Record<string, unknown>[]; unreadable: unknown[] };
    expect(data.unreadable).toEqual([]);
    expect(data.items[1]).toMatchObject({ positionId: 9, amount: null, basePrice: null, liquidationPrice: null, pnl: null, pnlPercent: null, tpsl: null, positionSide: null, leverage: null, unrealizedPnl: null });
  });
  it('keeps leverage and unrealizedPnl, also when sent as JSON numbers, with every digit', () => {
    const text = JSON.stringify([{ ...POSITION, leverage: 'LEV', unrealizedPnl: 'PNL' }]).replace('"LEV"', '10').replace('"PNL"', '-12.345678901234567890123');
    const data = readSuccess('positions', text) as { items: { leverage: string; unrealizedPnl: string }[] };
    expect(data.items[0]).toMatchObject({ leverage: '10', unrealizedPnl: '-12.345678901234567890123' });
  });
  it('keeps the readable positions and names the one it cannot read', () => {
    const data = readSuccess('positions', JSON.stringify([POSITION, { ...POSITION, positionId: 7, amount: '0.1x' }]));
    expect(data).toMatchObject({ items: [{ positionId: 527 }], unreadable: [{ where: 'positionId 7', reason: 'amount: must be a decimal string' }] });
  });
  it('still refuses an answer that is not a list at all', () => {
    const result = interpretAnswer(answer(200, '{"positions":[]}'), ENDPOINTS.positions.response, 0);
    expect(result.ok).toBe(false);
  });
});

describe('assets', () => {
  it('reads an asset without currency_precision as null (the consumer picks the fallback)', () => {
    const data = readSuccess('assets', JSON.stringify({ XYZ: { name: 'Xyz', can_deposit: true, can_withdraw: true, memo: { deposit: true, withdraw: false } } })) as {
      items: Record<string, { currency_precision: number | null; memo?: { withdraw: boolean } }>;
    };
    expect(data.items.XYZ).toMatchObject({ currency_precision: null, memo: { deposit: true, withdraw: false } });
  });
  it('keeps the other assets when one is unreadable', () => {
    const data = readSuccess('assets', JSON.stringify({ BAD: { name: 'Bad', can_deposit: 'yes', can_withdraw: true }, OK: { name: 'Ok', can_deposit: true, can_withdraw: true, currency_precision: 2 } }));
    expect(data).toMatchObject({ items: { OK: { currency_precision: 2 } }, unreadable: [{ where: 'BAD' }] });
  });
});

describe('fees', () => {
  it('reads a fiat entry keyed by provider id, and a missing is_withdrawal as false', () => {
    const fiat = (documented.operations['GET /api/v4/public/fee']!.responses['200']!.examples.find((e) => e.name === 'fiat')!.body as Record<string, unknown>).EUR;
    const crypto = { ticker: 'XLM', name: 'Stellar', providers: [], withdraw: { fixed: '0.01', flex: null } };
    const data = readSuccess('fees', textOf({ EUR: fiat, XLM: crypto })) as { items: Record<string, unknown>; unreadable: unknown[] };
    expect(data.unreadable).toEqual([]);
    expect(data.items.EUR).toEqual({
      ticker: 'EUR',
      name: 'Euro',
      is_withdrawal: true,
      is_api_withdrawal: true,
      withdraw: null,
      withdrawByProvider: {
        EUR_SEPA_BCB: { providerId: 'EUR_SEPA_BCB', name: 'EUR SEPA BCB', is_withdrawal: true, is_api_withdrawal: true, min_amount: '10', max_amount: '14500', fixed: null, flex: { percent: '0.05', min_fee: '3', max_fee: '7.25' } },
        EUR_ADVCASH: { providerId: 'EUR_ADVCASH', name: 'EUR Volet.com', is_withdrawal: true, is_api_withdrawal: true, min_amount: '10', max_amount: '10000', fixed: null, flex: { percent: '1.5', min_fee: '0.15', max_fee: '150' } },
      },
    });
    expect(data.items.XLM).toEqual({
      ticker: 'XLM',
      name: 'Stellar',
      is_withdrawal: false,
      is_api_withdrawal: null,
      withdraw: { min_amount: null, max_amount: null, fixed: '0.01', flex: null },
      withdrawByProvider: {},
    });
  });
  it('names a crypto entry whose terms are unreadable and keeps the rest', () => {
    const data = readSuccess('fees', JSON.stringify({ BTC: { ticker: 'BTC', name: 'Bitcoin', providers: [], withdraw: { fixed: 'abc', flex: null } }, ETH: { ticker: 'ETH', name: 'Ether', withdraw: { fixed: '0.001', flex: null } } }));
    expect(data).toMatchObject({ items: { ETH: { withdraw: { fixed: '0.001' } } }, unreadable: [{ where: 'BTC', reason: 'withdraw.fixed: must be a decimal string' }] });
  });
});

describe('balances', () => {
  it('keeps zero balances, which the real exchange lists for every asset', () => {
    const data = readSuccess('balance', '{"BSV":{"main_balance":"0"},"XLM":{"main_balance":"36.48"}}');
    expect(data).toEqual({ items: { BSV: { main_balance: '0' }, XLM: { main_balance: '36.48' } }, unreadable: [] });
  });
  it('reads collateral balances sent as JSON numbers without losing a digit', () => {
    const data = readSuccess('collateralBalance', '{"BTC":1,"USDT":1000.123456789012345678}');
    expect(data).toEqual({ items: { BTC: '1', USDT: '1000.123456789012345678' }, unreadable: [] });
  });
  it('reads every number exactly whichever parser the answer takes (native when all numbers survive a float, lossless otherwise)', () => {
    // Each line holds one number that reads back as itself through a float and, beside it, one that does not.
    expect(readSuccess('collateralBalance', '{"BTC":0.5,"ETH":12,"USDT":0.1}')).toEqual({ items: { BTC: '0.5', ETH: '12', USDT: '0.1' }, unreadable: [] });
    expect(readSuccess('collateralBalance', '{"BTC":0.5,"ETH":12,"USDT":0.10}')).toEqual({ items: { BTC: '0.5', ETH: '12', USDT: '0.10' }, unreadable: [] });
    expect(readSuccess('collateralBalance', '{"BTC":0.5,"SHIB":123456789012345678901234}')).toEqual({ items: { BTC: '0.5', SHIB: '123456789012345678901234' }, unreadable: [] });
  });
  it('tolerates a byte-order mark before the body', () => {
    expect(readSuccess('balance', '\ufeff{"BTC":{"main_balance":"1"}}')).toMatchObject({ items: { BTC: { main_balance: '1' } } });
  });
});

describe('history', () => {
  const record = { address: 'a', createdAt: 1593437922, ticker: 'BTC', method: 2, amount: '0.0006', fee: '0', status: 18, network: null };
  it('reads both id spellings, details.partial and confirmations', () => {
    const text = JSON.stringify({
      limit: 100,
      offset: 0,
      total: 2,
      records: [
        { ...record, unique_id: 'u-1', transaction_id: 't-1', details: { partial: { requestAmount: '50000', processedAmount: '39000', processedFee: '273', normalizeTransaction: '' } }, confirmations: { actual: 1, required: 2 } },
        { ...record, uniqueId: 'u-2', transactionId: 't-2' },
      ],
    });
    const data = readSuccess('history', text) as { records: Record<string, unknown>[]; unreadable: unknown[] };
    expect(data.unreadable).toEqual([]);
    expect(data.records[0]).toMatchObject({ uniqueId: 'u-1', transactionId: 't-1', partial: { requestAmount: '50000', processedAmount: '39000', processedFee: '273' }, confirmations: { actual: 1, required: 2 } });
    expect(data.records[1]).toMatchObject({ uniqueId: 'u-2', transactionId: 't-2', partial: null, confirmations: null });
  });
  it('keeps the readable records and names the unreadable one by its unique id', () => {
    const data = readSuccess('history', JSON.stringify({ limit: 10, offset: 0, total: 2, records: [{ ...record, uniqueId: 'ok' }, { ...record, unique_id: 'odd', amount: null }] }));
    expect(data).toMatchObject({ records: [{ uniqueId: 'ok' }], unreadable: [{ where: 'unique_id odd' }] });
  });
});

describe('flex', () => {
  it('reads the integer investment status', () => {
    const investment = { id: 'i', planId: 'p', currency: 'USDT', invested: '1', withAutoReinvest: false, createdAt: 1, updatedAt: 2 };
    const data = readSuccess('flexInvestments', JSON.stringify({ data: [{ ...investment, status: 1 }, { ...investment, id: 'j', status: 0 }], limit: 100, offset: 0 }));
    expect(data).toMatchObject({ data: [{ status: 1 }, { status: 0 }], unreadable: [] });
  });
  it('does not take an undocumented string status for an integer', () => {
    const investment = { id: 'i', planId: 'p', currency: 'USDT', invested: '1', withAutoReinvest: false, createdAt: 1, updatedAt: 2, status: 'active' };
    expect(readSuccess('flexInvestments', JSON.stringify({ data: [investment], limit: 100, offset: 0 }))).toMatchObject({ data: [], unreadable: [{ where: 'id i' }] });
  });
  it.each([
    ['transaction_id (current docs)', '{"data":{"transaction_id":"tx-1"}}'],
    ['transactionId (older docs)', '{"data":{"transactionId":"tx-1"}}'],
  ])('reads an invest answer spelled %s', (_label, text) => {
    expect(readSuccess('flexInvest', text)).toEqual({ transactionId: 'tx-1' });
  });
  it('refuses an invest answer without a transaction id', () => {
    expect(interpretAnswer(answer(201, '{"data":{}}'), ENDPOINTS.flexInvest.response, 0).ok).toBe(false);
  });
});

describe('the codes history', () => {
  it('reads the documented body with its signs kept: + applied (received), - created (given)', () => {
    const body = documented.operations['POST /api/v4/main-account/codes/history']!.responses['201']!.examples[0]!.body;
    const page = readSuccess('codesHistory', textOf(body)) as CodesHistoryResponse;
    expect(page).toMatchObject({ total: 29, limit: 100, offset: 0, unreadable: [] });
    expect(page.data.map((r) => [r.amount, r.status, r.date])).toEqual([
      ['+0.002', 'Activated', 1598296734],
      ['-0.002', 'Activated', 1598296332],
    ]);
  });
  it('names a record with an unsigned-looking non-number amount by its external id, never by its code', () => {
    const text = '{"total":1,"data":[{"amount":"+-1","code":"WBSECRET","date":1,"status":"Activated","ticker":"ETH","external_id":"ext-1"}],"limit":100,"offset":0}';
    const page = readSuccess('codesHistory', text) as CodesHistoryResponse;
    expect(page.data).toEqual([]);
    expect(JSON.stringify(page.unreadable)).toContain('ext-1');
    expect(JSON.stringify(page.unreadable)).not.toContain('WBSECRET');
  });
});

describe('documented bodies without an example in the docs', () => {
  it('ping, time, markets and the private fee list parse', () => {
    expect(readSuccess('ping', '["pong"]')).toEqual(['pong']);
    expect(readSuccess('time', '{"time":1631451591}')).toEqual({ time: 1631451591 });
    const market = { name: 'SON_USD', stock: 'SON', money: 'USD', stockPrec: '3', moneyPrec: '2', feePrec: '4', makerFee: '0.1', takerFee: '0.1', minAmount: '0.001', minTotal: '0.001', maxTotal: '10000000000', tradesEnabled: true, isCollateral: true, type: 'spot', isTradFiFutures: false, delistedAt: null };
    expect(readSuccess('markets', JSON.stringify([market, { ...market, name: 'BTC_PERP', type: 'futures', delistedAt: 1786752000 }]))).toMatchObject({
      items: [{ stockPrec: 3, delistedAt: null }, { delistedAt: 1786752000 }],
      unreadable: [],
    });
    const fee = { ticker: 'ETH', name: 'Ethereum', can_deposit: true, can_withdraw: true, deposit: { minFlex: '0', maxFlex: '0', percentFlex: '0', fixed: '0', minAmount: '0.01', maxAmount: '0' }, withdraw: { minFlex: '0', maxFlex: '0', percentFlex: '0', fixed: '0.0004', minAmount: '0.01', maxAmount: '0' } };
    expect(readSuccess('mainAccountFees', JSON.stringify([fee]))).toMatchObject({ items: [{ ticker: 'ETH' }], unreadable: [] });
  });
});

describe('market data and the other balances', () => {
  it('keeps the readable tickers when one market is odd, and names the odd one', () => {
    const ok = { base_id: 1, quote_id: 825, last_price: '9164.09', quote_volume: '1', base_volume: '2', isFrozen: false, change: '-0.57' };
    const data = readSuccess('ticker', JSON.stringify({ BTC_USDT: ok, ODD_USDT: { ...ok, last_price: null } }));
    expect(data).toMatchObject({ items: { BTC_USDT: { last_price: '9164.09', change: '-0.57' } }, unreadable: [{ where: 'ODD_USDT' }] });
  });
  it('reads a collateral summary whose leverage is a JSON integer and keeps every digit of the amounts', () => {
    const text = '{"equity":"15000.123456789012345678","margin":"5000.00","freeMargin":"10000.50","unrealizedFunding":"0","pnl":"-150.25","leverage":10,"marginFraction":"0.3333"}';
    expect(readSuccess('collateralSummary', text)).toMatchObject({ equity: '15000.123456789012345678', leverage: '10', pnl: '-150.25' });
  });
  it('reads trade balances and keeps the others when one is odd', () => {
    const data = readSuccess('tradeBalance', JSON.stringify({ BTC: { available: '0.123', freeze: '0.01' }, BAD: { available: 1 } }));
    expect(data).toMatchObject({ items: { BTC: { available: '0.123', freeze: '0.01' } }, unreadable: [{ where: 'BAD' }] });
  });
  it('keeps the readable futures and collateral markets beside an odd one', () => {
    const futures = (documented.operations['GET /api/v4/public/futures']!.responses['200']!.examples[0]!.body as { result: unknown[] }).result[0];
    expect(readSuccess('futures', textOf({ success: true, message: null, result: [futures, { ticker_id: 'ODD_PERP' }] }))).toMatchObject({ items: [{ ticker_id: 'BTC_PERP', index_price: '24019.25' }], unreadable: [{ where: 'ticker_id ODD_PERP' }] });
    expect(readSuccess('collateralMarkets', '{"success":true,"message":null,"result":["BTC_USDT","not a market"]}')).toMatchObject({ items: ['BTC_USDT'], unreadable: [{ where: '#2' }] });
  });
  it.each(['api.futures.unavailable', 'api.margin.unavailable'])('a 451 (%s) says the region has no such service, with a reason a caller can treat as a state', (message) => {
    const error = classifyFailure(answer(451, JSON.stringify({ success: false, message, errors: [] })), 0);
    expect(error).toMatchObject({ status: 451, reason: 'region_unavailable' });
  });
});

// ---------- errors docs/exchange-api.md describes in words ----------

describe('public and gateway errors, never assumed to be JSON', () => {
  it.each([
    ['an empty 404', answer(404, '', ''), 'not_found'],
    ['the documented 500 {"error":[...]}', answer(500, '{"error":["Internal server error."]}'), 'server'],
    ['an HTML 429 from a gateway', answer(429, '<html><body>429 Too Many Requests</body></html>', 'text/html', '3'), 'rate_limited'],
    ['a text 503 from a gateway', answer(503, 'Service Temporarily Unavailable', 'text/plain'), 'server'],
    ['an HTML 503 page', answer(503, '<!DOCTYPE html><html><body>Maintenance</body></html>', 'text/html'), 'server'],
  ] as const)('%s', (_label, raw, kind) => {
    const error = classifyFailure(raw, 0);
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(raw.status);
  });
  it('keeps a gateway Retry-After on a 429', () => {
    expect(classifyFailure(answer(429, 'Too Many Requests', 'text/plain', '3'), 0).retryAfterMs).toBe(3000);
  });
});

describe('private errors classified by body, whatever the status', () => {
  it.each([400, 401])('code 9 "Invalid payload." under %i is an auth failure', (status) => {
    const error = classifyFailure(answer(status, '{"code":9,"message":"Invalid payload."}'), 0);
    expect(error).toMatchObject({ kind: 'auth', status, code: 9 });
    expect(error.message).toMatch(/invalid payload/i);
  });
  it.each([400, 429])('withdraw throttling "Too Many Attempts." code 0 under %i is rate_limited', (status) => {
    const error = classifyFailure(answer(status, '{"code":0,"message":"Too Many Attempts."}'), 0);
    expect(error).toMatchObject({ kind: 'rate_limited', status, code: 0 });
    expect(error.message).toMatch(/withdrawal attempts/);
  });
  it('a paused plan (422 code 0 "Plan is paused") is a validation failure that says so', () => {
    const error = classifyFailure(answer(422, '{"code":0,"message":"Plan is paused"}'), 0);
    expect(error).toMatchObject({ kind: 'validation', status: 422, code: 0 });
    expect(error.message).toContain('Plan is paused');
  });
  it('the 403 endpoint refusal names both causes: no B2B access, or a key restricted away from the endpoint', () => {
    const error = classifyFailure(answer(403, `{"code":0,"message":"You don't have permission to use this endpoint. Please contact support for more details"}`), 0);
    expect(error).toMatchObject({ kind: 'permission', status: 403, code: 0 });
    expect(error.message).toMatch(/B2B/);
    expect(error.message).toMatch(/API key's endpoint restrictions/);
  });
  it('code 10 "Unauthorized request." and code 2 are auth failures', () => {
    expect(classifyFailure(answer(401, '{"code":10,"message":"Unauthorized request."}'), 0)).toMatchObject({ kind: 'auth', code: 10 });
    expect(classifyFailure(answer(401, '{"code":2,"message":"This action is unauthorized."}'), 0)).toMatchObject({ kind: 'auth', code: 2 });
  });
  it('"Nonce not provided." under 400 is an auth failure, not a validation one', () => {
    expect(classifyFailure(answer(400, '{"code":0,"message":"Nonce not provided."}'), 0)).toMatchObject({ kind: 'auth', status: 400 });
  });
});

describe('exchange text in an error is made safe to show', () => {
  it('strips direction overrides, isolates, zero-width and control characters from messages and field errors', () => {
    const sneaky = '{"code":0,"message":"Inner validation failed","errors":{"am\\u200bount":["Fee is \\u202e%5.1\\u202c now\\u2066!\\u2069\\u0007\\u0085 ok\\u2028line"]}}';
    const error = classifyFailure(answer(422, sneaky), 0);
    expect(error.fields).toEqual({ amount: ['Fee is %5.1 now! ok line'] });
    expect(error.message).toBe('The exchange refused the request: Fee is %5.1 now! ok line');
    // eslint-disable-next-line no-control-regex -- asserting that no control or format character survives
    expect(`${error.message}${JSON.stringify(error.fields)}`).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/);
  });
  it('also in the 403 message that quotes the exchange', () => {
    const error = classifyFailure(answer(403, '{"code":0,"message":"You don\'t have permission to use this endpoint.\\u202e gnirts"}'), 0);
    expect(error.message).not.toContain('\u202e');
  });
});
