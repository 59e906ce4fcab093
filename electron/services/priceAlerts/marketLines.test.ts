/** Which alerts a price move can change: those whose line or re-arm band it passes, found by line. */
import { describe, expect, it } from 'vitest';
import { evaluate, type AlertMemo } from './evaluate';
import { createMarketLines } from './marketLines';
import type { PriceAlert } from '../../../shared/model/priceAlerts';

describe('market lines', () => {
  it('a move finds the lines between its two prices, with room for the re-arm band, in either direction', () => {
    const lines = createMarketLines();
    for (const [id, line] of [['a', '90'], ['b', '100'], ['c', '110'], ['d', '120'], ['e', '99.9']] as const) lines.add('BTC_USDT', id, line);
    lines.add('ETH_USDT', 'x', '105');
    expect(lines.between('BTC_USDT', '101', '111').sort()).toEqual(['c']);
    expect(lines.between('BTC_USDT', '111', '100').sort()).toEqual(['b', 'c', 'e']);
    // 100 is within the band's reach of 100.1; 99.9 too.
    expect(lines.between('BTC_USDT', '100.1', '100.15').sort()).toEqual(['b', 'e']);
    expect(lines.between('BTC_USDT', '130', '140')).toEqual([]);
    lines.remove('BTC_USDT', 'c');
    expect(lines.between('BTC_USDT', '101', '111')).toEqual([]);
    expect([...lines.all('BTC_USDT')].sort()).toEqual(['a', 'b', 'd', 'e']);
  });

  it('an alert left out of a move would have evaluated to no change', () => {
    // Every line from 95 to 105 in steps of 0.05, both directions and re-arm kinds, walked through
    // a price path: at each step, an alert outside `between` must come out of evaluate unchanged.
    const lines = createMarketLines();
    const alerts: (Pick<PriceAlert, 'rule' | 'rearm' | 'state'> & { id: string; memo: AlertMemo })[] = [];
    for (let i = 0; i <= 200; i++) {
      const line = (95 + i * 0.05).toFixed(2);
      for (const direction of ['above', 'below'] as const) {
        for (const rearm of ['once', 'every'] as const) {
          const id = `${line}-${direction}-${rearm}`;
          alerts.push({ id, rule: { kind: 'price', accountId: 'a', market: 'M', direction, threshold: line }, rearm, state: 'armed', memo: { seenBefore: false } });
          lines.add('M', id, line);
        }
      }
    }
    const path = ['100', '100.02', '101.3', '99.1', '99.05', '104.9', '95.2', '100', '100.09', '99.91', '103'];
    for (const alert of alerts) {
      const first = evaluate(alert, alert.memo, path[0]!);
      alert.memo = first.memo;
    }
    for (let step = 1; step < path.length; step++) {
      const reached = new Set(lines.between('M', path[step - 1]!, path[step]!));
      for (const alert of alerts) {
        const result = evaluate(alert, alert.memo, path[step]!);
        if (!reached.has(alert.id)) {
          expect({ id: alert.id, change: result.outcome.change, memo: result.memo }).toEqual({ id: alert.id, change: 'none', memo: alert.memo });
        }
        alert.memo = result.memo;
        if (result.outcome.change === 'fired') alert.state = 'fired';
        if (result.outcome.change === 'rearmed') alert.state = 'armed';
      }
    }
  });
});
