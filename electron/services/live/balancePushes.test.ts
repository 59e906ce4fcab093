/** Pushed balances: the first value of a ticker teaches, a different one is a change, garbage is refused. */
import { describe, expect, it } from 'vitest';
import { createBalanceWatch } from './balancePushes';

describe('balance watch', () => {
  it('learns the first values, then tells a change of a spot balance', () => {
    const watch = createBalanceWatch();
    expect(watch.apply('balanceSpot_update', [{ USDT: { available: '100', freeze: '0' } }])).toBe(false);
    expect(watch.apply('balanceSpot_update', [{ USDT: { available: '100', freeze: '0' } }])).toBe(false);
    expect(watch.apply('balanceSpot_update', [{ USDT: { available: '90', freeze: '10' } }])).toBe(true);
  });

  it('tells a change of a collateral balance; a new connection learns again', () => {
    const watch = createBalanceWatch();
    expect(watch.apply('balanceMargin_update', [{ a: 'USDT', B: '50', b: '0', av: '50', ab: '50' }])).toBe(false);
    expect(watch.apply('balanceMargin_update', [{ a: 'USDT', B: '49.5', b: '0', av: '49.5', ab: '49.5' }])).toBe(true);
    watch.reset();
    expect(watch.apply('balanceMargin_update', [{ a: 'USDT', B: '10', b: '0', av: '10', ab: '10' }])).toBe(false);
  });

  it('refuses frames it cannot read, changing nothing', () => {
    const watch = createBalanceWatch();
    expect(watch.apply('balanceSpot_update', 'garbage')).toBeNull();
    expect(watch.apply('balanceMargin_update', [{ a: 'USDT', B: 'NaN' }])).toBeNull();
    expect(watch.apply('balanceMargin_update', [{ a: 'USDT', B: '5' }])).toBe(false);
  });
});
