/**
 * Odd, broken and merely unusual answers, served by a hand-written server, and what the client
 * makes of them: tolerated where docs/exchange-api.md says the exchange varies, otherwise a classified
 * AppFailure with the HTTP status kept. Never a raw exception, never a silently wrong number.
 */
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppFailure, ERROR_KINDS, type ErrorKind } from '../../../shared/errors';
import { createExchangeClient, type ExchangeClient } from './client';
import { createExchangeRuntime } from './runtime';
import { json, raw, startCraftedServer, withRealTime, type CraftedServer } from './test/crafted-server';

/** The exchange runtime this file's clients share, as one core's clients do. */
const runtime = createExchangeRuntime();

const POSITION = {
  positionId: 1,
  market: 'BTC_USDT',
  openDate: 1700000000.123,
  modifyDate: 1700000100.5,
  amount: '0.5',
  basePrice: '40000',
  liquidationPrice: '30000',
  liquidationState: null,
  pnl: '0',
  pnlPercent: '1.5',
  margin: '2000',
  freeMargin: '100',
  funding: '0',
  unrealizedFunding: '0',
  tpsl: null,
  positionSide: 'LONG',
};
const HISTORY_RECORD = { address: 'addr', amount: '1', fee: '0.1', status: 3, ticker: 'USDT', createdAt: 1700000000, method: 2 };
const CODES = { total: 1, limit: 30, offset: 0, data: [{ amount: '1', code: 'WB-CODE', date: 1700000000, status: 'Activated', ticker: 'USDT', external_id: 'x1' }] };

type Call = (c: ExchangeClient) => Promise<unknown>;
type Answer = (res: http.ServerResponse) => void;
interface Case {
  name: string;
  call: Call;
  answer: Answer;
  /** A failure kind (and status), or a check of the data on success. */
  expect: { kind: ErrorKind; status?: number; code?: number; fields?: string[] } | { data: (value: unknown) => void };
  /** The case is about /public/time itself (otherwise that path keeps telling the real time for nonces). */
  answersTime?: boolean;
}

const balance: Call = (c) => c.balance();

/** Expects a list answer whose only unreadable element is `where`, for `reason`, beside `items`. */
function unreadableOnly(where: string, reason: string, items: unknown): (value: unknown) => void {
  return (value) => expect(value).toEqual({ items, unreadable: [{ where, reason }] });
}
const positions: Call = (c) => c.positions();

const cases: Case[] = [
  // ---- not JSON at all ----
  { name: 'HTML 503 maintenance page', call: balance, answer: (res) => raw(res, 503, '<!DOCTYPE html><html><body>Maintenance</body></html>', 'text/html'), expect: { kind: 'server', status: 503 } },
  { name: 'HTML page with status 200', call: balance, answer: (res) => raw(res, 200, '<html><body>Please log in</body></html>', 'text/html'), expect: { kind: 'bad_response', status: 200 } },
  { name: 'HTML body labelled as JSON', call: balance, answer: (res) => raw(res, 200, '<!doctype html><p>hi</p>', 'application/json'), expect: { kind: 'bad_response', status: 200 } },
  { name: 'empty body with 200', call: balance, answer: (res) => raw(res, 200, '', 'application/json'), expect: { kind: 'bad_response', status: 200 } },
  { name: '204 no content', call: balance, answer: (res) => { res.writeHead(204); res.end(); }, expect: { kind: 'bad_response', status: 204 } },
  { name: 'empty body with 500', call: balance, answer: (res) => raw(res, 500, ''), expect: { kind: 'server', status: 500 } },
  { name: 'empty body with 401', call: balance, answer: (res) => raw(res, 401, ''), expect: { kind: 'auth', status: 401 } },
  { name: 'plain text 429 from a gateway, Retry-After in seconds', call: balance, answer: (res) => raw(res, 429, 'Too Many Requests', 'text/plain', { 'Retry-After': '7' }), expect: { kind: 'rate_limited', status: 429 } },
  { name: 'HTML 404', call: balance, answer: (res) => raw(res, 404, '<html>Not Found</html>', 'text/html'), expect: { kind: 'not_found', status: 404 } },
  { name: 'redirect', call: balance, answer: (res) => raw(res, 301, '', 'text/plain', { Location: 'https://example.test/' }), expect: { kind: 'bad_response', status: 301 } },
  // ---- cut off ----
  { name: 'truncated JSON in a complete 200 answer', call: balance, answer: (res) => raw(res, 200, '{"BTC":{"main_balance":"0.0', 'application/json'), expect: { kind: 'bad_response', status: 200 } },
  { name: 'truncated JSON with a 502', call: balance, answer: (res) => raw(res, 502, '{"message":"upstr', 'application/json'), expect: { kind: 'server', status: 502 } },
  {
    name: 'connection closed before Content-Length bytes arrived',
    call: balance,
    answer: (res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': 500 });
      res.write('{"BTC":{"main_');
      setTimeout(() => res.socket?.destroy(), 20);
    },
    expect: { kind: 'network' },
  },
  {
    name: 'chunked answer cut before its last chunk',
    call: balance,
    answer: (res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"BTC":');
      setTimeout(() => res.socket?.destroy(), 20);
    },
    expect: { kind: 'network' },
  },
  // ---- wrong shape ----
  // One unreadable element of a list answer is named beside the readable ones, never a failed answer.
  { name: 'amount as a JSON number is read from its source text', call: balance, answer: (res) => raw(res, 200, '{"BTC":{"main_balance":0.50000000000000000001}}'), expect: { data: (v) => expect(v).toEqual({ items: { BTC: { main_balance: '0.50000000000000000001' } }, unreadable: [] }) } },
  { name: 'amount "NaN"', call: balance, answer: (res) => json(res, 200, { BTC: { main_balance: 'NaN' }, ETH: { main_balance: '1' } }), expect: { data: unreadableOnly('BTC', 'main_balance: must be a decimal string', { ETH: { main_balance: '1' } }) } },
  { name: 'amount in exponent notation', call: balance, answer: (res) => json(res, 200, { BTC: { main_balance: '1e-8' } }), expect: { data: unreadableOnly('BTC', 'main_balance: must be a decimal string', {}) } },
  { name: 'amount as a JSON number in exponent notation', call: balance, answer: (res) => raw(res, 200, '{"BTC":{"main_balance":1e-8}}'), expect: { data: unreadableOnly('BTC', 'main_balance: must be a decimal string', {}) } },
  { name: 'amount "Infinity"', call: positions, answer: (res) => json(res, 200, [{ ...POSITION, amount: 'Infinity' }]), expect: { data: unreadableOnly('positionId 1', 'amount: must be a decimal string', []) } },
  { name: 'negative balance', call: balance, answer: (res) => json(res, 200, { BTC: { main_balance: '-1' } }), expect: { data: unreadableOnly('BTC', 'main_balance: must not be negative', {}) } },
  { name: 'an 81-digit amount', call: balance, answer: (res) => json(res, 200, { BTC: { main_balance: '1'.repeat(81) } }), expect: { data: unreadableOnly('BTC', 'main_balance: must be a decimal string', {}) } },
  { name: 'missing field (codes without total)', call: (c) => c.codes(), answer: (res) => json(res, 201, { ...CODES, total: undefined }), expect: { kind: 'bad_response', status: 201 } },
  { name: 'extra nesting (positions wrapped in data)', call: positions, answer: (res) => json(res, 200, { data: [POSITION] }), expect: { kind: 'bad_response' } },
  { name: 'extra nesting (balance wrapped in result) reads as one unreadable entry', call: balance, answer: (res) => json(res, 200, { result: { BTC: { main_balance: '1' } } }), expect: { data: unreadableOnly('result', 'main_balance: Invalid input: expected string, received undefined', {}) } },
  { name: 'a balance answer that is an array', call: balance, answer: (res) => json(res, 200, [{ main_balance: '1' }]), expect: { kind: 'bad_response' } },
  { name: 'null where not nullable (position margin)', call: positions, answer: (res) => json(res, 200, [{ ...POSITION, margin: null }]), expect: { data: unreadableOnly('positionId 1', 'margin: Invalid input: expected string, received null', []) } },
  { name: 'object where an array is expected', call: positions, answer: (res) => json(res, 200, { '0': POSITION }), expect: { kind: 'bad_response' } },
  { name: 'unknown liquidation side', call: positions, answer: (res) => json(res, 200, [{ ...POSITION, positionSide: 'UP' }, { ...POSITION, positionId: 2 }]), expect: { data: (v) => expect(v).toMatchObject({ items: [{ positionId: 2 }], unreadable: [{ where: 'positionId 1' }] }) } },
  { name: 'ping without pong', call: (c) => c.ping(), answer: (res) => json(res, 200, ['pang']), expect: { kind: 'bad_response' } },
  { name: 'time as a float string with letters', call: (c) => c.serverTime(), answer: (res) => json(res, 200, { time: '12ab' }), expect: { kind: 'bad_response' }, answersTime: true },
  { name: 'withdraw-pay 201 with an unexpected object', call: (c) => c.withdrawPay({ ticker: 'BTC', amount: '1', address: 'a1', uniqueId: 'unique-001' }), answer: (res) => json(res, 201, { status: 'queued' }), expect: { kind: 'bad_response', status: 201 } },
  { name: 'flex invest without transaction id', call: (c) => c.flexInvest({ planId: 'p', amount: '1' }), answer: (res) => json(res, 201, { data: {} }), expect: { kind: 'bad_response', status: 201 } },
  {
    name: 'deeply nested arrays',
    call: (c) => c.ping(),
    answer: (res) => raw(res, 200, '['.repeat(50_000) + ']'.repeat(50_000), 'application/json'),
    expect: { kind: 'bad_response' },
  },
  // ---- too big ----
  {
    name: 'huge body announced by Content-Length',
    call: balance,
    answer: (res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': 10 * 1024 * 1024 });
      res.write('{"x":"');
    },
    expect: { kind: 'bad_response', status: 200 },
  },
  {
    name: 'huge chunked body without Content-Length',
    call: (c) => c.assets(),
    answer: (res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const block = 'x'.repeat(64 * 1024);
      res.write('{"BTC":{"name":"');
      let sent = 0;
      const pump = () => {
        while (sent < 200 && res.write(block)) sent++;
        if (sent < 200 && !res.destroyed) res.once('drain', pump);
      };
      res.on('error', () => undefined);
      pump();
    },
    expect: { kind: 'bad_response', status: 200 },
  },
  // ---- error bodies classified by body, not status ----
  { name: '"Validation failed" with 422', call: (c) => c.codes(), answer: (res) => json(res, 422, { code: 0, message: 'Validation failed', errors: { limit: ['The limit may not be greater than 100.'] } }), expect: { kind: 'validation', status: 422, code: 0, fields: ['limit'] } },
  { name: '"Validation failed" with 400, errors as a string', call: (c) => c.codes(), answer: (res) => json(res, 400, { code: 0, message: 'Validation failed', errors: { offset: 'The offset must be at least 0.' } }), expect: { kind: 'validation', status: 400, fields: ['offset'] } },
  { name: 'positions code 30 with empty errors', call: positions, answer: (res) => json(res, 400, { code: 30, message: 'Validation failed', errors: {} }), expect: { kind: 'validation', code: 30 } },
  { name: 'code 4 with 401 is a permission problem', call: balance, answer: (res) => json(res, 401, { code: 4, message: 'This API Key is not authorized to perform this action.' }), expect: { kind: 'permission', status: 401, code: 4 } },
  { name: 'code 9 invalid payload', call: balance, answer: (res) => json(res, 401, { code: 9, message: 'Invalid payload.' }), expect: { kind: 'auth', code: 9 } },
  { name: 'code 2 disabled key', call: balance, answer: (res) => json(res, 401, { code: 2, message: 'This action is unauthorized. Enable your key in API settings' }), expect: { kind: 'auth', code: 2 } },
  { name: 'missing payload message', call: balance, answer: (res) => json(res, 401, { message: 'Payload not provided.' }), expect: { kind: 'auth', status: 401 } },
  { name: '403 flex without B2B', call: (c) => c.flexPlans(), answer: (res) => json(res, 403, { code: 0, message: "You don't have permission to use this endpoint. Please contact support for more details" }), expect: { kind: 'permission', status: 403 } },
  { name: 'public error format on 400', call: (c) => c.assets(), answer: (res) => json(res, 400, { success: false, message: 'Bad things', params: [] }), expect: { kind: 'validation', status: 400 } },
  { name: 'JSON array as an error body', call: balance, answer: (res) => json(res, 400, []), expect: { kind: 'bad_response', status: 400 } },
  // ---- tolerated variations ----
  { name: 'valid JSON labelled text/plain', call: balance, answer: (res) => raw(res, 200, '{"BTC":{"main_balance":"1.5"}}', 'text/plain'), expect: { data: (v) => expect(v).toEqual({ items: { BTC: { main_balance: '1.5' } }, unreadable: [] }) } },
  { name: 'JSON after a byte-order mark', call: balance, answer: (res) => raw(res, 200, '\uFEFF{"BTC":{"main_balance":"2"}}', 'application/json'), expect: { data: (v) => expect(v).toEqual({ items: { BTC: { main_balance: '2' } }, unreadable: [] }) } },
  { name: 'no content type at all', call: (c) => c.ping(), answer: (res) => { res.writeHead(200); res.end('["pong"]'); }, expect: { data: (v) => expect(v).toHaveProperty('latencyMs') } },
  { name: 'leading zeros and trailing dot in amounts', call: balance, answer: (res) => json(res, 200, { BTC: { main_balance: '00.5' }, ETH: { main_balance: '1.' } }), expect: { data: (v) => expect(v).toEqual({ items: { BTC: { main_balance: '00.5' }, ETH: { main_balance: '1.' } }, unreadable: [] }) } },
  { name: 'unknown extra fields are dropped', call: balance, answer: (res) => json(res, 200, { BTC: { main_balance: '1', frozen: '0' } }), expect: { data: (v) => expect(v).toEqual({ items: { BTC: { main_balance: '1' } }, unreadable: [] }) } },
  { name: 'integers as numeric strings', call: (c) => c.codes(), answer: (res) => json(res, 201, { ...CODES, total: '1', limit: '30' }), expect: { data: (v) => expect(v).toMatchObject({ total: 1, limit: 30 }) } },
  { name: 'server time as a string', call: (c) => c.serverTime(), answer: (res) => json(res, 200, { time: '1631451591' }), expect: { data: (v) => expect(v).toBe(1631451591) }, answersTime: true },
  { name: 'missing positionSide', call: positions, answer: (res) => json(res, 200, [{ ...POSITION, positionSide: undefined }]), expect: { data: (v) => expect((v as { items: { positionSide: unknown }[] }).items[0]!.positionSide).toBeNull() } },
  {
    name: 'nullable liquidation fields and tpsl present',
    call: positions,
    answer: (res) => json(res, 200, [{ ...POSITION, liquidationPrice: null, liquidationState: 'margin_call', tpsl: { takeProfitId: 5, takeProfit: '50000', stopLossId: null, stopLoss: null } }]),
    expect: { data: (v) => expect(v).toMatchObject({ items: [{ liquidationPrice: null, liquidationState: 'margin_call' }], unreadable: [] }) },
  },
  {
    name: 'history with camelCase ids',
    call: (c) => c.history({ transactionMethod: 2 }),
    answer: (res) => json(res, 200, { limit: 100, offset: 0, total: 1, records: [{ ...HISTORY_RECORD, uniqueId: 'u-1', transactionId: 't-1' }] }),
    expect: { data: (v) => expect((v as { records: unknown[] }).records[0]).toMatchObject({ uniqueId: 'u-1', transactionId: 't-1' }) },
  },
  {
    name: 'history with snake_case ids',
    call: (c) => c.history({ transactionMethod: 2 }),
    answer: (res) => json(res, 200, { limit: 100, offset: 0, total: 1, records: [{ ...HISTORY_RECORD, unique_id: 'u-2', transaction_id: 't-2' }] }),
    expect: { data: (v) => expect((v as { records: unknown[] }).records[0]).toMatchObject({ uniqueId: 'u-2', transactionId: 't-2' }) },
  },
  { name: 'withdraw-pay 201 with []', call: (c) => c.withdrawPay({ ticker: 'BTC', amount: '1', address: 'a1', uniqueId: 'unique-002' }), answer: (res) => json(res, 201, []), expect: { data: (v) => expect(v).toBeUndefined() } },
  { name: 'flex invest with a numeric transaction id', call: (c) => c.flexInvest({ planId: 'p', amount: '1' }), answer: (res) => json(res, 201, { data: { transaction_id: 991 } }), expect: { data: (v) => expect(v).toEqual({ transactionId: '991' }) } },
];

describe('malformed and unusual answers', () => {
  let server: CraftedServer;
  let current: Answer = (res) => json(res, 500, {});
  let currentAnswersTime = false;
  let client: ExchangeClient;

  beforeAll(async () => {
    const timeKeeping = withRealTime((_req, res) => current(res));
    server = await startCraftedServer((req, res) => (currentAnswersTime ? current(res) : timeKeeping(req, res)));
    client = createExchangeClient({
      runtime,
      baseUrl: server.url,
      credentials: { apiKey: `malformed-${process.pid}`, apiSecret: 'malformed-secret' },
      rateLimit: false,
      maxRetries: 0,
      timeoutMs: 5000,
      maxResponseBytes: 4 * 1024 * 1024,
    });
  });
  afterAll(() => server.close());

  it('covers at least 20 malformed answers', () => {
    expect(cases.filter((c) => 'kind' in c.expect).length).toBeGreaterThanOrEqual(20);
  });

  for (const testCase of cases) {
    it(testCase.name, async () => {
      current = testCase.answer;
      currentAnswersTime = testCase.answersTime ?? false;
      let data: unknown;
      let failure: unknown;
      try {
        data = await testCase.call(client);
      } catch (thrown) {
        failure = thrown;
      }
      if ('data' in testCase.expect) {
        expect(failure, failure instanceof AppFailure ? failure.message : String(failure)).toBeUndefined();
        testCase.expect.data(data);
        return;
      }
      expect(failure).toBeInstanceOf(AppFailure);
      const error = (failure as AppFailure).error;
      expect(ERROR_KINDS).toContain(error.kind);
      expect(error.kind, error.message).toBe(testCase.expect.kind);
      if (testCase.expect.status !== undefined) expect(error.status).toBe(testCase.expect.status);
      if (testCase.expect.code !== undefined) expect(error.code).toBe(testCase.expect.code);
      if (testCase.expect.fields) expect(Object.keys(error.fields ?? {})).toEqual(testCase.expect.fields);
      // Plain words for a person: no JSON, no HTML, no stack.
      expect(error.message).not.toMatch(/[<{]|at .*\.ts:/);
      expect(error.message.length).toBeLessThan(400);
    });
  }
});
