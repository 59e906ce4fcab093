/**
 * The simulator as the app's Demo starts it: the exchange's API and stream, and none of the test
 * harness (controls/): no admin API to steer it, no faults to switch on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from './paths';
import { startExchangeSimulator, type ExchangeSimulator } from './start';
import { clientFor } from './test/admin-client';
import { WsTestClient } from './test/ws-client';

let sim: ExchangeSimulator;
beforeAll(async () => {
  sim = await startExchangeSimulator({ seed: 42 });
});
afterAll(() => sim.close());

describe('the bare simulator (the Demo)', () => {
  it('answers the exchange API', async () => {
    const balance = await clientFor(sim, 'Main (B2B)').post(PATHS.balance, {});
    expect(balance.status).toBe(200);
    expect((await fetch(sim.url + PATHS.ping)).status).toBe(200);
  });

  it('has no admin API: its routes are unknown paths, whatever token comes along', async () => {
    for (const [method, route] of [['GET', 'faults'], ['POST', 'faults'], ['POST', 'live'], ['POST', 'reset']] as const) {
      const response = await fetch(`${sim.url}/__admin/${route}`, {
        method,
        headers: { 'x-admin-token': 'anything', 'content-type': 'application/json' },
        body: method === 'POST' ? JSON.stringify({ kind: 'server_error', down: true }) : undefined,
      });
      expect(response.status, `${method} ${route}`).toBe(404);
      expect(await response.text()).toBe('');
    }
    expect((await fetch(sim.url + PATHS.ping)).status).toBe(200);
  });

  it('serves the stream', async () => {
    const client = await WsTestClient.open(sim.url);
    try {
      expect((await client.request('ping')).result).toBe('pong');
      expect(client.violations).toEqual([]);
    } finally {
      client.ws.close();
    }
  });
});
