import { describe, expect, it } from 'vitest';
import type { PositionRisk, PositionsOverview, RiskState } from '../../../shared/model/balances';
import { evaluatePositions, type AccountWatch } from './transitions';

function position(positionId: number, distancePercent: string | null, liquidationState: RiskState = null): PositionRisk {
  return {
    positionId,
    market: 'BTC_USDT',
    side: 'LONG',
    amount: '1',
    basePrice: '100',
    liquidationPrice: '80',
    liquidationState,
    currentPrice: distancePercent === null ? null : '100',
    priceSource: distancePercent === null ? null : 'last',
    distancePercent,
    unrealizedPnl: null,
    leverage: null,
    margin: '10',
  };
}

function overview(positions: PositionRisk[], unreadable = 0): PositionsOverview {
  return { accountId: 'a', positions, summary: null, unreadable, notes: [] };
}

/** Runs a sequence of refreshes and returns the alert kinds of each. */
function run(steps: PositionRisk[][], threshold: string | null = '10'): string[][] {
  let watch: AccountWatch | undefined;
  return steps.map((positions) => {
    const { next, alerts } = evaluatePositions(watch, overview(positions), threshold);
    watch = next;
    return alerts.map((a) => `${a.kind}#${a.position.positionId}`);
  });
}

describe('threshold alerts', () => {
  it('fire once when the distance falls below the threshold, not on every refresh below it', () => {
    expect(run([[position(1, '20')], [position(1, '9.99')], [position(1, '5')], [position(1, '9')]])).toEqual([[], ['threshold#1'], [], []]);
  });

  it('re-arm only at threshold + 1 point, so jitter around the line does not alert again', () => {
    const distances = ['20', '9.5', '10.5', '9.8', '10.99', '9.9', '11', '9.7'];
    expect(run(distances.map((d) => [position(1, d)]))).toEqual([[], ['threshold#1'], [], [], [], [], [], ['threshold#1']]);
  });

  it('exactly at the threshold is not below it', () => {
    expect(run([[position(1, '20')], [position(1, '10')], [position(1, '9.99')]])).toEqual([[], [], ['threshold#1']]);
  });

  it('treat an unknown distance as no news: it neither alerts nor re-arms nor clears', () => {
    // below, unknown, below again: still one alert; then unknown between above and below: one more.
    expect(run([[position(1, '20')], [position(1, '5')], [position(1, null)], [position(1, '5')], [position(1, '30')], [position(1, null)], [position(1, '4')]])).toEqual([
      [],
      ['threshold#1'],
      [],
      [],
      [],
      [],
      ['threshold#1'],
    ]);
  });

  it('learn on the first refresh: a position already below the threshold is not announced', () => {
    expect(run([[position(1, '5')], [position(1, '4')], [position(1, '12')], [position(1, '8')]])).toEqual([[], [], [], ['threshold#1']]);
  });

  it('learn silently when the distance first becomes known', () => {
    expect(run([[position(1, null)], [position(1, '5')], [position(1, '4')]])).toEqual([[], [], []]);
  });

  it('learn again when the threshold changes, instead of alerting for the new line at once', () => {
    let watch = evaluatePositions(undefined, overview([position(1, '15')]), '10').next;
    const changed = evaluatePositions(watch, overview([position(1, '15')]), '20');
    expect(changed.alerts).toEqual([]);
    watch = changed.next;
    expect(evaluatePositions(watch, overview([position(1, '25')]), '20').alerts).toEqual([]);
  });

  it('alert for a position opened since the last refresh that is already below the threshold', () => {
    expect(run([[position(1, '20')], [position(1, '20'), position(2, '3')]])).toEqual([[], ['threshold#2']]);
  });

  it('never fire without a threshold', () => {
    expect(run([[position(1, '20')], [position(1, '1')]], null)).toEqual([[], []]);
  });
});

describe('state alerts', () => {
  it('fire when a position enters margin call and again when it goes on to liquidation', () => {
    expect(run([[position(1, '20')], [position(1, '20', 'margin_call')], [position(1, '20', 'margin_call')], [position(1, '20', 'liquidation')]], null)).toEqual([
      [],
      ['margin_call#1'],
      [],
      ['liquidation#1'],
    ]);
  });

  it('are not raised for what is already risky at the first refresh', () => {
    expect(run([[position(1, '2', 'liquidation')], [position(1, '2', 'liquidation')]])).toEqual([[], []]);
  });

  it('come with a threshold alert when both happen in one refresh', () => {
    expect(run([[position(1, '20')], [position(1, '3', 'margin_call')]])).toEqual([[], ['margin_call#1', 'threshold#1']]);
  });

  it('do not come back for positions that were unreadable for one refresh', () => {
    let watch: AccountWatch | undefined = evaluatePositions(undefined, overview([position(1, '20', 'margin_call')]), '10').next;
    watch = evaluatePositions(watch, overview([], 1), '10').next;
    expect(evaluatePositions(watch, overview([position(1, '20', 'margin_call')]), '10').alerts).toEqual([]);
  });
});
