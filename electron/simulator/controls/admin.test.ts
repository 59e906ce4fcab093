import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { type RunningSimulator } from '../index';
import type { PositionRecord } from '../model';
import type { LedgerView } from '../accountState';
import { admin, type SimClient } from '../test/admin-client';
import { simulatorForFile } from '../test/perFile';

let sim: RunningSimulator;
let main: SimClient;

simulatorForFile({ seed: 42, rateLimits: false }, (started) => ({ sim, main } = started));

describe('admin API', () => {
  it('shows the ledger of an account, and 404 for an unknown key', async () => {
    const res = await admin<LedgerView>(sim, 'GET', `ledger?apiKey=${main.account.apiKey}`);
    expect(res.status).toBe(200);
    expect(res.body.balances.BTC).toBe('1.23456789');
    expect(res.body.debits).toEqual([]);
    expect((await admin(sim, 'GET', 'ledger?apiKey=nobody')).status).toBe(404);
  });

  it('sets a balance that the API then reports', async () => {
    const set = await admin(sim, 'POST', 'balances', { apiKey: main.account.apiKey, ticker: 'ETH', amount: '1' });
    expect(set.body).toEqual({ ticker: 'ETH', amount: '1' });
    expect((await main.post(ENDPOINTS.balance.path, { ticker: 'ETH' })).body).toEqual({ ETH: { main_balance: '1' } });
    // A zero balance stays in the full list, as "0" (the exchange lists zero balances).
    await admin(sim, 'POST', 'balances', { apiKey: main.account.apiKey, ticker: 'ETH', amount: '0' });
    expect((await main.post(ENDPOINTS.balance.path)).body).toHaveProperty('ETH', { main_balance: '0' });
    expect((await admin(sim, 'POST', 'balances', { apiKey: main.account.apiKey, ticker: 'ETH', amount: '-1' })).status).toBe(400);
    expect((await admin(sim, 'POST', 'balances', { apiKey: main.account.apiKey, ticker: 'NOPE1', amount: '1' })).status).toBe(400);
  });

  it('moves a position into and out of margin_call / liquidation', async () => {
    const positionsNow = async () => (await main.post(ENDPOINTS.positions.path)).body as PositionRecord[];
    const calm = (await positionsNow()).find((p) => p.liquidationState === null)!;
    const res = await admin(sim, 'POST', 'positions', { apiKey: main.account.apiKey, positionId: calm.positionId, liquidationState: 'liquidation' });
    expect(res.status).toBe(200);
    const after = (await positionsNow()).find((p) => p.positionId === calm.positionId)!;
    expect(after.liquidationState).toBe('liquidation');
    expect(after.modifyDate).toBeGreaterThan(calm.modifyDate);
    await admin(sim, 'POST', 'positions', { apiKey: main.account.apiKey, positionId: calm.positionId, liquidationState: null });
    expect(sim.state.positions(main.account.apiKey).find((p) => p.positionId === calm.positionId)?.liquidationState).toBeNull();
    expect((await admin(sim, 'POST', 'positions', { apiKey: main.account.apiKey, positionId: calm.positionId, liquidationState: 'panic' })).status).toBe(400);
    expect((await admin(sim, 'POST', 'positions', { apiKey: main.account.apiKey, positionId: 999_999, liquidationState: null })).status).toBe(404);
  });

  it('switches account flags and validates them', async () => {
    const res = await admin(sim, 'POST', 'account', { apiKey: main.account.apiKey, twoFactor: false });
    expect(res.body).toEqual({ name: 'Main (B2B)', twoFactor: false, enabled: true, b2b: true, eea: false });
    expect((await admin(sim, 'POST', 'account', { apiKey: main.account.apiKey, twoFactor: 'no' })).status).toBe(400);
    await admin(sim, 'POST', 'account', { apiKey: main.account.apiKey, twoFactor: true });
    expect((await admin(sim, 'POST', 'account', { apiKey: main.account.apiKey, eea: true })).body).toMatchObject({ eea: true });
    expect((await main.post(ENDPOINTS.withdrawPay.path, { ticker: 'BTC', amount: '0.01', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', uniqueId: 'admin-eea-1' })).status).toBe(422);
    await admin(sim, 'POST', 'account', { apiKey: main.account.apiKey, eea: false });
  });

  it('refuses malformed bodies and unknown routes', async () => {
    const bad = await fetch(`${sim.url}/__admin/balances`, { method: 'POST', headers: { 'x-admin-token': sim.adminToken }, body: '{oops' });
    expect(bad.status).toBe(400);
    expect((await admin(sim, 'GET', 'nothing')).status).toBe(404);
  });

  it('resets everything to the seed', async () => {
    await admin(sim, 'POST', 'balances', { apiKey: main.account.apiKey, ticker: 'BTC', amount: '99' });
    await admin(sim, 'POST', 'faults', { kind: 'server_error', count: 0 });
    expect((await admin(sim, 'POST', 'reset')).status).toBe(200);
    expect(sim.state.balanceOf(main.account.apiKey, 'BTC')).toBe('1.23456789');
    expect((await main.get(ENDPOINTS.ping.path)).status).toBe(200);
  });
});
