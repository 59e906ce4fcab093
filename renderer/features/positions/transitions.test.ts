import { describe, expect, it } from 'vitest';
import { describeRiskEntry, findRiskEntries } from './transitions';

const pos = (positionId: number, liquidationState: string | null, market = 'BTC_USDT') => ({ positionId, market, liquidationState });

describe('findRiskEntries', () => {
  it('reports nothing on the first load, even for positions already at risk', () => {
    expect(findRiskEntries(undefined, [pos(1, 'liquidation'), pos(2, 'margin_call')])).toEqual([]);
  });

  it('reports a position that moves from normal to margin_call', () => {
    expect(findRiskEntries([pos(1, null)], [pos(1, 'margin_call')])).toEqual([
      { positionId: 1, market: 'BTC_USDT', state: 'margin_call', previousState: null },
    ]);
  });

  it('reports an escalation from margin_call to liquidation', () => {
    const entries = findRiskEntries([pos(1, 'margin_call')], [pos(1, 'liquidation')]);
    expect(entries.map((e) => [e.positionId, e.state, e.previousState])).toEqual([[1, 'liquidation', 'margin_call']]);
  });

  it('does not repeat a state that was already known at the previous refresh', () => {
    expect(findRiskEntries([pos(1, 'liquidation'), pos(2, 'margin_call')], [pos(1, 'liquidation'), pos(2, 'margin_call')])).toEqual([]);
  });

  it('ignores recoveries and unknown states', () => {
    expect(findRiskEntries([pos(1, 'liquidation'), pos(2, null)], [pos(1, null), pos(2, 'adl_pending')])).toEqual([]);
  });

  it('reports a new position that appears already at risk', () => {
    const entries = findRiskEntries([pos(1, null)], [pos(1, null), pos(7, 'liquidation', 'ETH_PERP')]);
    expect(entries).toEqual([{ positionId: 7, market: 'ETH_PERP', state: 'liquidation', previousState: undefined }]);
  });

  it('tracks positions by id, not by order or market', () => {
    const previous = [pos(1, 'margin_call', 'BTC_USDT'), pos(2, null, 'BTC_USDT')];
    const current = [pos(2, 'margin_call', 'BTC_USDT'), pos(1, 'margin_call', 'BTC_USDT')];
    expect(findRiskEntries(previous, current).map((e) => e.positionId)).toEqual([2]);
  });
});

describe('describeRiskEntry', () => {
  it('names the market, position and state in plain words', () => {
    const text = describeRiskEntry({ positionId: 42, market: 'ETH_USDT', state: 'margin_call', previousState: null });
    expect(text.title).toBe('ETH_USDT: position in margin call');
    expect(text.body).toContain('#42');
  });
});
