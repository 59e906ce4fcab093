/** The live model: pushed snapshots, events and prices applied as data, REST reconciles merged. */
import { describe, expect, it } from 'vitest';
import type { Position } from '../../../shared/api/schemas';
import type { CollateralSummary } from '../../../shared/model/balances';
import { AppFailure } from '../../../shared/errors';
import type { PartsRead } from '../positions/parts';
import { createLiveModel } from './model';

const record = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  market: 'BTC_USDT',
  ctime: 1704067200,
  mtime: 1704067200,
  amount: '0.5',
  amount_in_money: '30000',
  base_price: '60000',
  pnl: '-10',
  liq_price: '50000',
  liq_stage: null,
  unrealized_funding: '0',
  funding: '0',
  margin: '6000',
  free_margin: '900',
  realized_pnl: '0',
  position_side: 'LONG',
  ...over,
});

const restPosition = (id: number, market = 'BTC_USDT'): Position => ({
  positionId: id,
  market,
  openDate: 1704067200,
  modifyDate: 1704067200,
  amount: '0.5',
  basePrice: '60000',
  liquidationPrice: '50000',
  liquidationState: null,
  pnl: '0',
  pnlPercent: '1.5',
  margin: '6000',
  freeMargin: '900',
  funding: '0',
  unrealizedFunding: '0',
  tpsl: { takeProfit: '70000', stopLoss: null },
  positionSide: 'LONG',
  leverage: '5',
  unrealizedPnl: null,
});

const summary: CollateralSummary = { equity: '10000', margin: '6000', freeMargin: '4000', unrealizedFunding: '0', pnl: '0', leverage: '5', marginFraction: '0.6' };

const ok = <T>(value: T): PromiseFulfilledResult<T> => ({ status: 'fulfilled', value });
const failed = (): PromiseRejectedResult => ({ status: 'rejected', reason: new AppFailure({ kind: 'server', status: 503, message: 'busy' }) });

function rest(over: Partial<PartsRead> = {}): PartsRead {
  return {
    positions: ok({ items: [restPosition(1)], unreadable: 0 }),
    summary: ok(summary),
    lastPrices: ok(new Map([['BTC_USDT', '60000']])),
    indexPrices: ok(new Map<string, string>()),
    ...over,
  };
}

function model(at = 1_000) {
  let clock = at;
  const m = createLiveModel('a1', () => clock);
  return { m, advance: (ms: number) => (clock += ms) };
}

describe('live model', () => {
  it('knows nothing until positions come, then serves the REST seed', () => {
    const { m } = model();
    expect(m.overview()).toBeNull();
    m.applyRest(rest(), m.mark());
    const overview = m.overview()!;
    expect(overview.positions).toHaveLength(1);
    expect(overview.positions[0]).toMatchObject({ currentPrice: '60000', priceSource: 'last', distancePercent: '16.67', leverage: '5' });
    expect(overview.summary).toEqual(summary);
    expect(m.markets()).toEqual(['BTC_USDT']);
    expect(m.lastPushAt()).toBeNull();
  });

  it('a pushed snapshot replaces the positions, keeping what only REST carries; its time is the last push', () => {
    const { m, advance } = model();
    m.applyRest(rest(), m.mark());
    advance(500);
    expect(m.applySnapshot({ total: 1, records: [record(1, { liq_stage: 'margin_call', pnl: '-25.5' })] })).toBe(true);
    const [p] = m.overview()!.positions;
    expect(p).toMatchObject({ liquidationState: 'margin_call', unrealizedPnl: '-25.5', leverage: '5' });
    expect(m.lastPushAt()).toBe(1_500);
    expect(m.snapshotMovedRisk()).toBe(true);
    m.applySnapshot({ total: 1, records: [record(1, { liq_stage: 'margin_call', pnl: '-26' })] });
    expect(m.snapshotMovedRisk()).toBe(false);
  });

  it('skips one unreadable record, counts it, and keeps the rest of the snapshot', () => {
    const { m } = model();
    m.applySnapshot({ total: 3, records: [record(1), { id: 'x', market: 5 }, record(2, { market: 'ETH_USDT', base_price: '3000', liq_price: '2500' })] });
    const overview = m.overview()!;
    expect(overview.positions.map((p) => p.positionId).sort()).toEqual([1, 2]);
    expect(overview.unreadable).toBe(1);
    expect(overview.notes).toContainEqual({ kind: 'unreadable', part: 'positions', count: 1 });
    expect(m.markets()).toEqual(['BTC_USDT', 'ETH_USDT']);
  });

  it('a frame that is not a snapshot changes nothing', () => {
    const { m } = model();
    m.applyRest(rest(), m.mark());
    const before = m.overview();
    expect(m.applySnapshot('garbage')).toBe(false);
    expect(m.applySnapshot({ records: 'no' })).toBe(false);
    expect(m.overview()).toEqual(before);
    expect(m.lastPushAt()).toBeNull();
  });

  it('a pushed last price moves the current price and the distance of its market', () => {
    const { m } = model();
    m.applyRest(rest(), m.mark());
    expect(m.applyLastPrice(['BTC_USDT', '52000'])).toBe(true);
    expect(m.overview()!.positions[0]).toMatchObject({ currentPrice: '52000', distancePercent: '3.85' });
  });

  it('ignores and counts a price that is zero, negative, an overflowing exponent or not a number', () => {
    const { m } = model();
    m.applyRest(rest(), m.mark());
    for (const bad of ['-1', '0', '1e308', 'NaN', 'Infinity', 42, null]) expect(m.applyLastPrice(['BTC_USDT', bad])).toBe(false);
    expect(m.ignoredPrices()).toBe(7);
    expect(m.overview()!.positions[0]!.currentPrice).toBe('60000');
    expect(m.lastPushAt()).toBeNull();
  });

  it('a price of a market without a position changes nothing', () => {
    const { m } = model();
    m.applyRest(rest(), m.mark());
    expect(m.applyLastPrice(['ETH_USDT', '3000'])).toBe(false);
    expect(m.applyLastPrice('not a tuple')).toBe(false);
    expect(m.ignoredPrices()).toBe(0);
  });

  it('a margin-call event sets the position state at once', () => {
    const { m } = model();
    m.applyRest(rest(), m.mark());
    expect(m.applyAccountEvent([1, record(1, { liq_stage: 'margin_call' })])).toBe(true);
    expect(m.overview()!.positions[0]!.liquidationState).toBe('margin_call');
    expect(m.applyAccountEvent([2, record(1)])).toBe(true);
    expect(m.overview()!.positions[0]!.liquidationState).toBe('liquidation');
    expect(m.applyAccountEvent([9, record(1)])).toBe(false);
  });

  it('a reconcile answered after a newer snapshot keeps the pushed positions, but takes the summary and extras', () => {
    const { m } = model();
    const mark = m.mark();
    m.applySnapshot({ total: 1, records: [record(1, { liq_stage: 'margin_call' })] });
    m.applyRest(rest(), mark);
    expect(m.overview()!.positions[0]).toMatchObject({ liquidationState: 'margin_call', leverage: '5' });
    expect(m.overview()!.summary).toEqual(summary);
  });

  it('the ticker does not overwrite a price pushed since the connection opened; a new connection lets it', () => {
    const { m } = model();
    m.applyRest(rest(), m.mark());
    m.applyLastPrice(['BTC_USDT', '55000']);
    m.applyRest(rest(), m.mark());
    expect(m.overview()!.positions[0]!.currentPrice).toBe('55000');
    m.reconnected();
    m.applyRest(rest(), m.mark());
    expect(m.overview()!.positions[0]!.currentPrice).toBe('60000');
  });

  it('a failed positions read keeps the pushed figures and says so; pushed prices still move them', () => {
    const { m } = model();
    m.applySnapshot({ total: 1, records: [record(1)] });
    m.applyRest(rest({ positions: failed(), lastPrices: ok(new Map([['BTC_USDT', '60000']])) }), m.mark());
    expect(m.overview()!.notes[0]).toMatchObject({ kind: 'part_unavailable', part: 'positions' });
    m.applyLastPrice(['BTC_USDT', '51000']);
    expect(m.overview()!.positions[0]).toMatchObject({ currentPrice: '51000', distancePercent: '1.96' });
  });

  it('a perpetual is priced by the index price of the reconcile', () => {
    const { m } = model();
    m.applyRest(
      rest({
        positions: ok({ items: [restPosition(1, 'BTC_PERP')], unreadable: 0 }),
        lastPrices: ok(new Map([['BTC_PERP', '60100']])),
        indexPrices: ok(new Map([['BTC_PERP', '60000']])),
      }),
      m.mark(),
    );
    expect(m.overview()!.positions[0]).toMatchObject({ currentPrice: '60000', priceSource: 'index' });
  });
});

describe('live model and pending positions', () => {
  it('keeps a position REST lists as pending (not filled) through snapshots, which leave it out', () => {
    const { m } = model();
    const waiting: Position = { ...restPosition(7), amount: null, basePrice: null, liquidationPrice: null };
    m.applyRest(rest({ positions: ok({ items: [restPosition(1), waiting], unreadable: 0 }) }), m.mark());
    m.applySnapshot({ total: 1, records: [record(1)] });
    expect(m.overview()!.positions.map((p) => p.positionId).sort()).toEqual([1, 7]);
    expect(m.markets()).toEqual(['BTC_USDT']);
  });
});
