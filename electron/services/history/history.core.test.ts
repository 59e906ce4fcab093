/**
 * History through the real core (router, keychain, SQLite file) against the simulator over HTTP:
 * a balances refresh leaves a snapshot whose total is the refresh's total, and a withdrawal sent
 * appears on the timeline. Runs under .ci/with-keyring.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Channel, RequestOf, ResponseOf } from '../../../shared/ipc';
import { DEMO_ACCOUNT_ID } from '../../../shared/model/accounts';
import { createCore, type Core } from '../../core';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { cryptoAddress } from '../withdrawals/test/harness';
import { openDatabase } from '../database';

const direct = { transport: 'direct' } as const;
let sim: RunningSimulator;
let dir: string;
let core: Core;

async function data<C extends Channel>(channel: C, payload: RequestOf<C>): Promise<ResponseOf<C>> {
  const envelope = await core.route(channel, payload, direct);
  if (!envelope.ok) throw new Error(`${channel} failed: ${JSON.stringify(envelope.error)}`);
  return envelope.data as ResponseOf<C>;
}

beforeAll(async () => {
  sim = await startSimulator({ seed: 42, rateLimits: false, priceTickMs: 0 });
  dir = mkdtempSync(join(tmpdir(), 'desk-history-core-'));
  core = createCore({ userDataDir: dir, mode: 'browser', startSimulator: async () => sim, clientOptions: { timeoutMs: 5_000, maxRetries: 0 }, history: { intervalMs: 0 } });
});
afterAll(async () => {
  await core?.close();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('a balances refresh becomes a snapshot; its last point is the refresh total; an unchanged refresh adds none', async () => {
  const empty = await data('history.series', { accountId: DEMO_ACCOUNT_ID, range: '1d' });
  expect(empty).toMatchObject({ points: [], firstAt: null });
  const overview = await data('balances.overview', { accountId: DEMO_ACCOUNT_ID });
  await expect.poll(async () => (await data('history.series', { accountId: DEMO_ACCOUNT_ID, range: '1d' })).points).toHaveLength(1);
  const series = await data('history.series', { accountId: DEMO_ACCOUNT_ID, range: '1d' });
  expect(series.points[0]!.value).toBe(overview.totals.value);
  expect(series.assets).toEqual([...overview.rows.map((r) => r.asset)].sort());

  await data('balances.overview', { accountId: DEMO_ACCOUNT_ID });
  // Reading the series writes what was offered and not yet looked at: the refresh is in it.
  expect((await data('history.series', { accountId: DEMO_ACCOUNT_ID, range: '1d' })).snapshots).toBe(1);

  // What changed per asset: the refresh's figures are "now"; no snapshot a day old yet.
  expect(await data('history.changes', { accountId: DEMO_ACCOUNT_ID })).toMatchObject({ accountId: DEMO_ACCOUNT_ID, quote: overview.quote, missing: 'not_enough_history', since: null, assets: [] });

  const asOf = await data('history.asOf', { accountId: DEMO_ACCOUNT_ID, at: Date.now() });
  expect(asOf.snapshot?.total).toBe(overview.totals.value);
  expect(asOf.snapshot?.assets.find((a) => a.asset === 'BTC')).toMatchObject(
    (({ asset, main, tradeAvailable, tradeFrozen, collateral, total, price, value }) => ({ asset, main, tradeAvailable, tradeFrozen, collateral, total, price, value }))(overview.rows.find((r) => r.asset === 'BTC')!),
  );
});

it('a withdrawal sent is an event on the timeline', async () => {
  const prepared = await data('withdrawals.prepare', { accountId: DEMO_ACCOUNT_ID, ticker: 'USDT', amount: '12.5', address: cryptoAddress('', 'TRC20'), network: 'TRC20' });
  const sent = await data('withdrawals.send', { uniqueId: prepared.uniqueId, acceptNewDestination: true });
  expect(sent.state).toBe('sent');
  const series = await data('history.series', { accountId: DEMO_ACCOUNT_ID, range: '1d' });
  expect(series.events).toEqual([
    expect.objectContaining({ kind: 'withdrawal_sent', withdrawal: expect.objectContaining({ amount: '12.5', ticker: 'USDT', state: 'sent' }) }),
  ]);
});

it('withdrawals sent before are put on the timeline when history starts', async () => {
  await core.close();
  // As a database from before history kept events (or an imported journal) would be.
  const database = openDatabase(dir);
  database.connection.exec('DELETE FROM timeline_events');
  database.close();
  core = createCore({ userDataDir: dir, mode: 'browser', startSimulator: async () => sim, clientOptions: { timeoutMs: 5_000, maxRetries: 0 }, history: { intervalMs: 0 } });
  const series = await data('history.series', { accountId: DEMO_ACCOUNT_ID, range: '1d' });
  expect(series.events).toEqual([
    expect.objectContaining({ kind: 'withdrawal_sent', withdrawal: expect.objectContaining({ amount: '12.5', ticker: 'USDT', address: expect.stringMatching(/^T/), state: 'sent' }) }),
  ]);
});
