import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BalancesOverview } from '../../shared/model/balances';
import { DEFAULT_SETTINGS, DEMO_ACCOUNT, installBridge } from '../test/setup';
import { bootstrapSettled, resetBootstrap, startBootstrap, takeSettledBootstrap } from './boot';
import { invoke } from './invoke';

const OVERVIEW: BalancesOverview = {
  quote: 'USDT',
  accounts: [{ id: 'demo', name: 'Demo' }],
  rows: [],
  totals: { value: '0', main: '0', trade: '0', collateral: '0', change24h: null },
  allocation: [],
  unpriced: 0,
  zeroAssets: 0,
  byAccount: [],
  grandTotal: '0',
  notes: [],
  pricedAt: 1,
};

function withBootstrap(answeredAt = Date.now()) {
  const bridge = installBridge();
  bridge.reply('app.bootstrap', {
    settings: { settings: DEFAULT_SETTINGS, notice: null, forgottenAccounts: 0 },
    accounts: { accounts: [DEMO_ACCOUNT], activeAccountId: 'demo' },
    landing: { accountId: 'demo', quote: 'USDT', overview: { ok: true, data: OVERVIEW }, assets: { ok: false, error: { kind: 'server', message: 'down' } }, answeredAt },
  });
  bridge.reply('balances.overview', { ...OVERVIEW, pricedAt: 2 });
  return bridge;
}

afterEach(() => resetBootstrap());

describe('the bootstrap call', () => {
  it('answers the first settings, accounts and landing reads, each once', async () => {
    const bridge = withBootstrap();
    startBootstrap();
    expect(await invoke('settings.get', {})).toEqual({ settings: DEFAULT_SETTINGS, notice: null, forgottenAccounts: 0 });
    expect(await invoke('accounts.list', {})).toMatchObject({ activeAccountId: 'demo' });
    // Keys in another order are the same request.
    expect(await invoke('balances.overview', { quote: 'USDT', accountId: 'demo' })).toMatchObject({ pricedAt: 1 });
    await expect(invoke('exchange.assets', { accountId: 'demo' })).rejects.toMatchObject({ error: { kind: 'server' } });
    expect(bridge.calls.map((c) => c.channel)).toEqual(['app.bootstrap']);
    // A refresh asks the main process.
    expect(await invoke('balances.overview', { accountId: 'demo', quote: 'USDT' })).toMatchObject({ pricedAt: 2 });
    await invoke('settings.get', {});
    expect(bridge.callsTo('settings.get')).toHaveLength(1);
  });

  it('is one call however often the start is asked for', async () => {
    const bridge = withBootstrap();
    startBootstrap();
    startBootstrap();
    await bootstrapSettled(60_000);
    expect(bridge.callsTo('app.bootstrap')).toHaveLength(1);
  });

  it('leaves other requests to the main process', async () => {
    const bridge = withBootstrap();
    startBootstrap();
    await invoke('balances.overview', { quote: 'USDT' });
    await invoke('balances.overview', { accountId: 'demo', quote: 'BTC' });
    expect(bridge.callsTo('balances.overview')).toHaveLength(2);
  });

  it('hands an arrived answer to the first render as cache entries, each once; failed parts stay for the queries', async () => {
    const bridge = withBootstrap();
    startBootstrap();
    expect(takeSettledBootstrap()).toEqual([]); // not arrived yet
    await bootstrapSettled(60_000);
    expect(takeSettledBootstrap().map((e) => [e.channel, e.payload])).toEqual([
      ['settings.get', {}],
      ['accounts.list', {}],
      ['balances.overview', { accountId: 'demo', quote: 'USDT' }],
    ]);
    expect(takeSettledBootstrap()).toEqual([]);
    // The asset list failed in the bootstrap: its query hears that failure, once.
    await expect(invoke('exchange.assets', { accountId: 'demo' })).rejects.toMatchObject({ error: { kind: 'server' } });
    await invoke('balances.overview', { accountId: 'demo', quote: 'USDT' });
    expect(bridge.callsTo('balances.overview')).toHaveLength(1);
  });

  it('dates the first render\'s overview by when the main process answered it, not by its arrival', async () => {
    const answeredAt = Date.now() - 3_000;
    withBootstrap(answeredAt);
    startBootstrap();
    await bootstrapSettled(60_000);
    const overview = takeSettledBootstrap().find((e) => e.channel === 'balances.overview');
    expect(overview?.updatedAt).toBe(answeredAt);
  });

  it('does not hand an overview answered seconds ago to a query, which would date it now: the query asks afresh', async () => {
    const bridge = withBootstrap(Date.now() - 3_000);
    startBootstrap();
    expect(await invoke('balances.overview', { accountId: 'demo', quote: 'USDT' })).toMatchObject({ pricedAt: 2 });
    expect(bridge.callsTo('balances.overview')).toHaveLength(1);
  });

  it('lets the first render wait for the answer, so that it starts with the answers in its cache', async () => {
    withBootstrap();
    startBootstrap();
    await bootstrapSettled(60_000);
    expect(takeSettledBootstrap().map((e) => e.channel)).toContain('balances.overview');
  });

  it('stops that wait after its cap when the answer is slow', async () => {
    const bridge = installBridge();
    bridge.hang('app.bootstrap');
    startBootstrap();
    vi.useFakeTimers();
    try {
      let settled = false;
      void bootstrapSettled(30).then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(29);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    expect(takeSettledBootstrap()).toEqual([]);
  });

  it('falls back to the channels themselves when the bootstrap fails', async () => {
    const bridge = installBridge();
    startBootstrap();
    expect(await invoke('settings.get', {})).toEqual({ settings: DEFAULT_SETTINGS, notice: null, forgottenAccounts: 0 });
    expect(bridge.callsTo('settings.get')).toHaveLength(1);
  });
});
