/**
 * app.bootstrap through the real core (router, accounts, keychain, settings) against the simulator
 * over HTTP: one call answers what settings.get, accounts.list, balances.overview and
 * exchange.assets would, the launch's fetch is shared rather than repeated, and a later read goes
 * to the exchange again. Runs under .ci/with-keyring (real Secret Service).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Envelope } from '../../../shared/errors';
import type { Channel, RequestOf, ResponseOf } from '../../../shared/ipc';
import { DEMO_ACCOUNT_ID } from '../../../shared/model/accounts';
import { createCore, type Core } from '../../core';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { admin } from '../../simulator/test/admin-client';
import { BOOTSTRAP_WAIT_MS } from './landing';

const direct = { transport: 'direct' } as const;
const open: { core: Core; sim: RunningSimulator; dir: string }[] = [];

async function launch(prefetchLanding: boolean) {
  const sim = await startSimulator({ seed: 42, rateLimits: false, priceTickMs: 0 });
  const dir = mkdtempSync(join(tmpdir(), 'desk-bootstrap-'));
  const core = createCore({ userDataDir: dir, mode: 'browser', startSimulator: async () => sim, clientOptions: { timeoutMs: 5_000, maxRetries: 0 }, prefetchLanding });
  open.push({ core, sim, dir });
  const call = async <C extends Channel>(channel: C, payload: RequestOf<C>) => (await core.route(channel, payload, direct)) as Envelope<ResponseOf<C>>;
  const data = async <C extends Channel>(channel: C, payload: RequestOf<C>) => {
    const envelope = await call(channel, payload);
    if (!envelope.ok) throw new Error(`${channel} failed: ${JSON.stringify(envelope.error)}`);
    return envelope.data;
  };
  return { sim, core, call, data };
}


afterEach(async () => {
  for (const { core, sim, dir } of open.splice(0)) {
    await core.close();
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('app.bootstrap', () => {
  it('answers settings, accounts and the landing data as their own channels do', async () => {
    const app = await launch(false);
    const boot = await app.data('app.bootstrap', {});
    expect(boot.settings).toEqual(await app.data('settings.get', {}));
    expect(boot.accounts).toEqual(await app.data('accounts.list', {}));
    expect(boot.landing).toMatchObject({ accountId: DEMO_ACCOUNT_ID, quote: 'USDT' });
    expect(boot.landing?.overview.ok).toBe(true);
    expect(boot.landing?.assets.ok).toBe(true);
    // Prices are frozen (priceTickMs 0): a fresh overview values the same rows the same way.
    const fresh = await app.data('balances.overview', { accountId: DEMO_ACCOUNT_ID, quote: 'USDT' });
    expect(boot.landing?.overview.ok && boot.landing.overview.data.rows).toEqual(fresh.rows);
  });

  it('hands the launch fetch to the first reader only; a later read sees the exchange as it is now', async () => {
    const app = await launch(true);
    // Let the launch fetch end, then break the main balance: a read from the exchange would say so.
    const boot = await app.data('app.bootstrap', {});
    expect(boot.landing?.overview.ok).toBe(true);
    await admin(app.sim, 'POST', 'faults', { kind: 'server_error', path: '/api/v4/main-account/balance', count: 0 });
    const later = await app.data('balances.overview', { accountId: DEMO_ACCOUNT_ID, quote: 'USDT' });
    expect(later.notes).toMatchObject([{ kind: 'part_unavailable', part: 'main' }]);
  });

  it('a read arriving while the landing fetch runs joins it and sees its answer', async () => {
    const app = await launch(false);
    // Slow the main balance so that the bootstrap's fetch is still running when the read arrives.
    await admin(app.sim, 'POST', 'faults', { kind: 'latency', path: '/api/v4/main-account/balance', latencyMs: 300, count: 1 });
    const booting = app.data('app.bootstrap', {});
    // The fault is spent when the bootstrap's balance request reaches the simulator: the fetch runs.
    await vi.waitFor(async () => expect((await admin(app.sim, 'GET', 'faults')).body).toEqual([]), { timeout: 10_000, interval: 10 });
    const [boot, joined] = await Promise.all([booting, app.data('balances.overview', { accountId: DEMO_ACCOUNT_ID, quote: 'USDT' })]);
    // One fetch, one answer: with a second fetch the latency fault (count 1) would be spent and the
    // two answers' pricedAt would differ.
    expect(boot.landing?.overview.ok && boot.landing.overview.data.pricedAt).toBe(joined.pricedAt);
  });

  it('waits only BOOTSTRAP_WAIT_MS for a slow exchange, answers without the landing data, and the page then joins the fetch', async () => {
    const app = await launch(false);
    const latencyMs = BOOTSTRAP_WAIT_MS + 1_000;
    await admin(app.sim, 'POST', 'faults', { kind: 'latency', latencyMs, path: '/api/v4/main-account/balance', count: 0 });
    const asked = Date.now();
    const boot = await app.data('app.bootstrap', {});
    const waited = Date.now() - asked;
    expect(boot.landing).toBeNull();
    expect(boot.accounts.activeAccountId).toBe(DEMO_ACCOUNT_ID);
    // No landing data: the wait ended before the slow fetch did.
    expect(waited).toBeGreaterThanOrEqual(BOOTSTRAP_WAIT_MS - 20);
    // The fetch it started goes on, and the page's own first read gets its answer.
    const overview = await app.data('balances.overview', { accountId: DEMO_ACCOUNT_ID, quote: 'USDT' });
    expect(overview.rows.length).toBeGreaterThan(0);
  });

  it('answers without the landing data when the account cannot be reached, and the page asks itself', async () => {
    const app = await launch(false);
    await admin(app.sim, 'POST', 'faults', { kind: 'server_error', path: '/api/v4/main-account/balance', count: 0 });
    const boot = await app.data('app.bootstrap', {});
    expect(boot.settings.settings.quote).toBe('USDT');
    // The overview itself survives a failed part (as a note), so the landing data is still there.
    expect(boot.landing?.overview.ok && boot.landing.overview.data.notes).toMatchObject([{ kind: 'part_unavailable' }]);
  });

  it('gives a page that opens while the app runs the overview read moments ago, dated when it was answered', async () => {
    const app = await launch(false);
    const before = Date.now();
    const read = await app.data('balances.overview', { accountId: DEMO_ACCOUNT_ID, quote: 'USDT' });
    // From here on the exchange would answer differently: a new fetch would show the broken part.
    await admin(app.sim, 'POST', 'faults', { kind: 'server_error', path: '/api/v4/main-account/balance', count: 0 });
    const boot = await app.data('app.bootstrap', {});
    expect(boot.landing?.overview.ok && boot.landing.overview.data).toEqual(read);
    expect(boot.landing?.answeredAt).toBeGreaterThanOrEqual(before);
    expect(boot.landing?.answeredAt).toBeLessThanOrEqual(Date.now());
  });

  it('forgets the overviews it could hand out once money moves (an investment), so the next page sees the exchange', async () => {
    const app = await launch(false);
    await app.data('balances.overview', { accountId: DEMO_ACCOUNT_ID, quote: 'USDT' });
    await admin(app.sim, 'POST', 'faults', { kind: 'server_error', path: '/api/v4/main-account/balance', count: 0 });
    // Refused or not, the investment may have moved money: what was read before it is not reused.
    await app.call('exchange.flexInvest', { accountId: DEMO_ACCOUNT_ID, planId: 'no-such-plan', amount: '1' });
    const boot = await app.data('app.bootstrap', {});
    expect(boot.landing?.overview.ok && boot.landing.overview.data.notes).toMatchObject([{ kind: 'part_unavailable', part: 'main' }]);
  });
});
