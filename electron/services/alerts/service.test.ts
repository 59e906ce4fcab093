/** The watcher's schedule and log, with the overview answered in-process and the timer run by hand. */
import { describe, expect, it } from 'vitest';
import type { PositionAlert } from '../../../shared/model/alerts';
import type { PositionsOverview } from '../../../shared/model/balances';
import { createAlertsService, type AlertTimers, type WatchedAccount } from './service';

function harness(accounts: WatchedAccount[], logSize = 3) {
  let pending: (() => void) | null = null;
  const timers: AlertTimers = {
    setTimeout: (callback) => (pending = callback),
    clearTimeout: () => void (pending = null),
  };
  let state: 'margin_call' | null = null;
  let reads = 0;
  const fired: PositionAlert[] = [];
  const service = createAlertsService({
    accounts: async () => accounts,
    overview: async (accountId): Promise<PositionsOverview> => {
      reads++;
      return { accountId, positions: [{ positionId: 1, market: 'X_USDT', side: 'LONG', amount: '1', basePrice: '1', liquidationPrice: '0.5', liquidationState: state, currentPrice: '1', priceSource: 'last', distancePercent: '50', unrealizedPnl: null, leverage: null, margin: '1' }], summary: null, unreadable: 0, notes: [] };
    },
    intervalMs: () => 1000,
    onAlert: (alert) => fired.push(alert),
    onStatus: () => undefined,
    timers,
    logSize,
  });
  return {
    service,
    fired,
    reads: () => reads,
    setState: (s: 'margin_call' | null) => (state = s),
    pending: () => pending,
    async tick() {
      const run = pending;
      pending = null;
      run?.();
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

const on: WatchedAccount = { id: 'a', name: 'A', notifyPositions: true, alertThresholdPercent: null };

describe('alerts service', () => {
  it('does not schedule anything while no account has alerts on', async () => {
    const h = harness([{ ...on, notifyPositions: false }]);
    await h.service.sync();
    expect(h.reads()).toBe(0);
    expect(h.pending()).toBeNull();
    expect(h.service.status()).toMatchObject({ watching: false, worst: 'unknown' });
  });

  it('keeps only the newest alerts in its log, newest first', async () => {
    const h = harness([on], 2);
    await h.service.sync();
    for (let i = 0; i < 5; i++) {
      h.setState(i % 2 === 0 ? 'margin_call' : null);
      await h.tick();
    }
    expect(h.fired).toHaveLength(3);
    expect(h.service.log().map((a) => a.id)).toEqual([h.fired[2]!.id, h.fired[1]!.id]);
    expect(h.service.status()).toMatchObject({ watching: true, worst: 'margin_call', count: 1 });
  });

  it('stops its schedule on close', async () => {
    const h = harness([on]);
    await h.service.sync();
    expect(h.pending()).not.toBeNull();
    await h.service.close();
    expect(h.pending()).toBeNull();
    await h.service.sync();
    expect(h.reads()).toBe(1);
  });

  it('positions already at risk raise one summary when first watched: at start, on switching alerts on, for an added account', async () => {
    const accounts: WatchedAccount[] = [{ ...on }];
    const h = harness(accounts);
    h.setState('margin_call');
    await h.service.sync();
    expect(h.fired.map((a) => a.kind)).toEqual(['at_risk']);
    expect(h.fired[0]!.atRisk).toEqual({ liquidation: 0, marginCall: 1, accounts: ['A'] });
    // Still at risk on the next reads: nothing more.
    await h.tick();
    expect(h.fired).toHaveLength(1);

    accounts[0]!.notifyPositions = false;
    await h.service.sync();
    accounts[0]!.notifyPositions = true;
    await h.service.sync();
    expect(h.fired.map((a) => a.kind)).toEqual(['at_risk', 'at_risk']);

    // An added account: one summary for it; the one already watched is not announced again.
    accounts.push({ ...on, id: 'b', name: 'B' });
    await h.service.sync();
    expect(h.fired).toHaveLength(3);
    expect(h.fired[2]!.atRisk).toEqual({ liquidation: 0, marginCall: 1, accounts: ['B'] });
  });

  it('no summary when nothing is at risk', async () => {
    const h = harness([on]);
    await h.service.sync();
    await h.tick();
    expect(h.fired).toEqual([]);
  });
});
