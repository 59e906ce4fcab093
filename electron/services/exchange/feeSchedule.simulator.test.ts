/**
 * The fee schedule a withdrawal preview uses, read from the simulator over HTTP: the account's own
 * terms over the published list where they apply, following a fee change at once, and the published
 * list alone (and why) when the account's schedule cannot be read.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { createExchangeClient, type ExchangeClient } from './client';
import { readFeeSchedule } from './feeSchedule';
import { createExchangeRuntime } from './runtime';

let sim: RunningSimulator;
let client: ExchangeClient;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 7 });
  const main = sim.accounts.find((a) => a.name === 'Main (B2B)')!;
  client = createExchangeClient({ runtime: createExchangeRuntime(), baseUrl: sim.url, credentials: { apiKey: main.apiKey, apiSecret: main.apiSecret }, maxRetries: 0 });
});
afterAll(() => sim.close());

async function admin(route: string, body: object): Promise<void> {
  const res = await fetch(`${sim.url}/__admin/${route}`, { method: 'POST', headers: { 'X-Admin-Token': sim.adminToken, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`admin ${route}: ${res.status} ${await res.text()}`);
}

it("uses the account's terms for a currency with one fee entry, the published ones per network", async () => {
  const schedule = await readFeeSchedule(client);
  expect(schedule.accountSchedule).toBe('read');
  expect(schedule.accountTerms.length).toBeGreaterThan(0);
  for (const key of schedule.accountTerms) expect(schedule.items[key]!.ticker).toBe(key);
  // USDT is fee'd per network: the account's one entry for it would not say which.
  expect(schedule.accountTerms).not.toContain('USDT');
  expect(schedule.items['USDT (TRC20)']).toEqual((await client.fees()).items['USDT (TRC20)']);
});

it("follows a fee change: the account's terms are read again, not kept", async () => {
  const before = await readFeeSchedule(client);
  const ticker = before.accountTerms.find((key) => before.items[key]!.withdraw?.fixed)!;
  expect(ticker).toBeDefined();
  await admin('fees', { ticker, fixed: '7.25' });
  const after = await readFeeSchedule(client);
  expect(after.accountTerms).toContain(ticker);
  expect(after.items[ticker]!.withdraw!.fixed).toBe('7.25');
});

it('falls back to the published list, and says why, when the key may not read the schedule', async () => {
  await admin('faults', { kind: 'server_error', path: '/api/v4/main-account/fee', status: 403, count: 1 });
  const refused = await readFeeSchedule(client);
  expect(refused).toMatchObject({ accountSchedule: 'not_permitted', accountTerms: [] });
  expect(refused.items).toEqual((await client.fees()).items);
  await admin('faults', { kind: 'server_error', path: '/api/v4/main-account/fee', status: 503, count: 1 });
  expect((await readFeeSchedule(client)).accountSchedule).toBe('unavailable');
});
