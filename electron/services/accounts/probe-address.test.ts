/**
 * A key test against a server that is not the exchange says so (`not_an_exchange`), instead of
 * "the exchange refused this API key": a public question comes first. Real parts: the exchange
 * client over HTTP to a tiny local web server, and to the simulator.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppFailure } from '../../../shared/errors';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { createExchangeClient } from '../exchange/client';
import { createExchangeRuntime } from '../exchange/runtime';
import { json, raw, startCraftedServer, type CraftedServer } from '../exchange/test/crafted-server';
import { answeredAsNotAnExchange, probeNewKey } from './probe';

const runtime = createExchangeRuntime();
const credentials = { apiKey: 'probe-address-key-0001', apiSecret: 'probe-address-secret-0001' };
const servers: CraftedServer[] = [];
let simulator: RunningSimulator;

beforeAll(async () => {
  simulator = await startSimulator({ seed: 7 });
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await simulator.close();
  await runtime.close();
});

async function webServer(handler: Parameters<typeof startCraftedServer>[0]): Promise<CraftedServer> {
  const server = await startCraftedServer(handler);
  servers.push(server);
  return server;
}

async function failureOf(baseUrl: string, keys = credentials): Promise<AppFailure['error']> {
  const client = createExchangeClient({ runtime, baseUrl, credentials: keys, rateLimit: false });
  const outcome = await probeNewKey(client, Date.now, 10_000, baseUrl).then(
    () => null,
    (thrown: AppFailure) => thrown.error,
  );
  if (outcome === null) throw new Error('the probe passed');
  return outcome;
}

describe('probeNewKey against a wrong address', () => {
  it('a web site answering pages: not an exchange, named by its address, and no signed request sent', async () => {
    const site = await webServer((_req, res) => raw(res, 200, '<!doctype html><title>Welcome</title><p>Hello', 'text/html'));
    const error = await failureOf(site.url);
    expect(error).toMatchObject({ kind: 'bad_response', reason: 'not_an_exchange', values: { address: site.url.replace(/\/$/, '') } });
    // The key never travelled to a server that is not the exchange.
    expect(site.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(site.requests.every((r) => r.headers['x-txc-apikey'] === undefined)).toBe(true);
  });

  it('another JSON service answering 404, or JSON of another shape: not an exchange', async () => {
    const api = await webServer((_req, res) => json(res, 404, { error: 'no such route' }));
    expect(await failureOf(api.url)).toMatchObject({ reason: 'not_an_exchange' });
    const other = await webServer((_req, res) => json(res, 200, { hello: 'world' }));
    expect(await failureOf(other.url)).toMatchObject({ reason: 'not_an_exchange' });
  });

  it('an exchange that is busy is not called "not an exchange": the failure stays what it is', async () => {
    const busy = await webServer((_req, res) => json(res, 503, { message: 'Service temporarily unavailable' }));
    const error = await failureOf(busy.url);
    expect(error.reason).not.toBe('not_an_exchange');
    expect(error.kind).toBe('server');
  });

  it('the exchange itself passes the public question and tests the key as before', async () => {
    const account = simulator.accounts[0]!;
    const client = createExchangeClient({ runtime, baseUrl: simulator.url, credentials: { apiKey: account.apiKey, apiSecret: account.apiSecret }, rateLimit: false });
    const report = await probeNewKey(client, Date.now, 10_000, simulator.url);
    expect(report.balance.status).toBe('ok');
    // A refused key on the real exchange is still a refused key.
    const refused = await failureOf(simulator.url);
    expect(refused.reason).not.toBe('not_an_exchange');
    expect(refused.kind).toBe('auth');
  });
});

describe('answeredAsNotAnExchange', () => {
  it('takes what only a wrong server answers, never busy, limited, unreachable or slow', () => {
    expect(answeredAsNotAnExchange({ kind: 'bad_response', status: 200, message: 'm' })).toBe(true);
    expect(answeredAsNotAnExchange({ kind: 'not_found', status: 404, message: 'm' })).toBe(true);
    expect(answeredAsNotAnExchange({ kind: 'permission', status: 403, message: 'm' })).toBe(true);
    expect(answeredAsNotAnExchange({ kind: 'validation', status: 405, message: 'm' })).toBe(true);
    expect(answeredAsNotAnExchange({ kind: 'server', status: 503, message: 'm' })).toBe(false);
    expect(answeredAsNotAnExchange({ kind: 'rate_limited', status: 429, message: 'm' })).toBe(false);
    expect(answeredAsNotAnExchange({ kind: 'network', message: 'm' })).toBe(false);
    expect(answeredAsNotAnExchange({ kind: 'timeout', message: 'm' })).toBe(false);
  });
});
