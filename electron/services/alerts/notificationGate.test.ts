/** Notifications in a storm of alerts, with the clock and timers run by hand. */
import { describe, expect, it } from 'vitest';
import type { PositionAlert } from '../../../shared/model/alerts';
import { createNotificationGate } from './notificationGate';
import type { AlertTimers } from './service';

function harness() {
  let clock = 1_000_000;
  const pending: { at: number; run: () => void }[] = [];
  const timers: AlertTimers = {
    setTimeout: (run, ms) => {
      const entry = { at: clock + ms, run };
      pending.push(entry);
      return entry;
    },
    clearTimeout: (handle) => void pending.splice(pending.indexOf(handle as (typeof pending)[number]), 1),
  };
  const shown: string[] = [];
  const gate = createNotificationGate({
    now: () => clock,
    timers,
    notify: (alert) => shown.push(alert.id),
    summarize: (count, latest) => shown.push(`summary of ${count}, latest ${latest.id}`),
  });
  return {
    gate,
    shown,
    /** Moves the clock, running each timer that comes due on the way. */
    advance(ms: number) {
      const until = clock + ms;
      for (;;) {
        pending.sort((a, b) => a.at - b.at);
        const next = pending[0];
        if (!next || next.at > until) break;
        pending.shift();
        clock = next.at;
        next.run();
      }
      clock = until;
    },
  };
}

let nextId = 1;
const priceAlert = (ruleId: string, rearm: 'once' | 'every' = 'every'): PositionAlert => ({
  id: `alert-${nextId++}`,
  kind: 'price',
  accountId: 'a1',
  accountName: 'Main',
  positionId: 0,
  market: 'BTC_USDT',
  distancePercent: null,
  thresholdPercent: null,
  at: 0,
  watch: { ruleId, rearm, direction: 'above', threshold: '100', value: '101' },
});
const positionAlert = (): PositionAlert => ({ ...priceAlert('x'), kind: 'margin_call', positionId: 7, watch: undefined });

describe('notifications in a storm', () => {
  it('300 "every crossing" alerts over 20 alternating crossings in 8 s give at most 30 notifications', () => {
    const h = harness();
    for (let crossing = 0; crossing < 20; crossing++) {
      // Every other crossing goes up (fires) and the next comes back (re-arms): 10 firings of all 300.
      if (crossing % 2 === 0) for (let rule = 0; rule < 300; rule++) h.gate.offer(priceAlert(`rule-${rule}`));
      h.advance(400);
    }
    h.advance(60_000);
    expect(h.shown.length).toBeLessThanOrEqual(30);
    // The first three as they came, then one summary for the rest of the first window.
    expect(h.shown.slice(0, 3).every((s) => s.startsWith('alert-'))).toBe(true);
    expect(h.shown[3]).toMatch(/^summary of 297, latest alert-/);
  });

  it('an "every crossing" alert notifies once a minute however often it fires', () => {
    const h = harness();
    h.gate.offer(priceAlert('r1'));
    h.advance(20_000);
    h.gate.offer(priceAlert('r1'));
    h.advance(39_999);
    h.gate.offer(priceAlert('r1'));
    expect(h.shown).toHaveLength(1);
    h.advance(1);
    h.gate.offer(priceAlert('r1'));
    expect(h.shown).toHaveLength(2);
  });

  it('a once alert re-armed by hand and firing again within the minute is news: it notifies', () => {
    const h = harness();
    h.gate.offer(priceAlert('r2', 'once'));
    h.advance(5_000);
    h.gate.offer(priceAlert('r2', 'once'));
    expect(h.shown).toHaveLength(2);
  });

  it('three within ten seconds show; the fourth waits for the summary; a quiet window shows again', () => {
    const h = harness();
    for (let i = 0; i < 5; i++) h.gate.offer(positionAlert());
    expect(h.shown).toHaveLength(3);
    h.advance(9_999);
    expect(h.shown).toHaveLength(3);
    h.advance(1);
    expect(h.shown[3]).toMatch(/^summary of 2, /);
    h.advance(10_000);
    h.gate.offer(positionAlert());
    expect(h.shown).toHaveLength(5);
    expect(h.shown[4]).toMatch(/^alert-/);
  });
});
