/** The crossing rules: one alert per crossing, the re-arm band, once versus every crossing. */
import { describe, expect, it } from 'vitest';
import type { PriceAlert, PriceAlertRule } from '../../../shared/model/priceAlerts';
import { evaluate, isBackBeyondBand, rearmBand, type AlertMemo } from './evaluate';

const above: PriceAlertRule = { kind: 'price', accountId: 'a1', market: 'BTC_USDT', direction: 'above', threshold: '50000' };
const below: PriceAlertRule = { kind: 'marginFraction', accountId: 'a1', direction: 'below', threshold: '0.2' };

/** Feeds values through evaluate as the service does, keeping state and memo; returns what fired. */
function run(rule: PriceAlertRule, rearm: PriceAlert['rearm'], values: string[]) {
  let state: PriceAlert['state'] = 'armed';
  let memo: AlertMemo = { seenBefore: false };
  const fired: string[] = [];
  const rearmed: string[] = [];
  for (const value of values) {
    const result = evaluate({ rule, rearm, state }, memo, value);
    memo = result.memo;
    if (result.outcome.change === 'fired') {
      state = 'fired';
      fired.push(value);
    }
    if (result.outcome.change === 'rearmed') {
      state = 'armed';
      rearmed.push(value);
    }
  }
  return { fired, rearmed, state };
}

describe('price above a line', () => {
  it('fires once when the price crosses, not while it stays above', () => {
    expect(run(above, 'every', ['49000', '49999.99', '50000.01', '50500', '51000']).fired).toEqual(['50000.01']);
  });

  it('the line itself is not above it', () => {
    expect(run(above, 'every', ['49000', '50000', '50000']).fired).toEqual([]);
  });

  it('does not announce a price that was already above when the alert was set', () => {
    expect(run(above, 'every', ['51000', '52000']).fired).toEqual([]);
    // ...but a later crossing is news.
    expect(run(above, 'every', ['51000', '49000', '50001']).fired).toEqual(['50001']);
  });

  it('a price dancing on the line inside the 0.1 % band fires once', () => {
    // Band: 50 (0.1 % of 50000); the dance goes no lower than 49950.01.
    expect(rearmBand(above)).toBe('50');
    const dance = ['49990', '50010', '49960', '50005', '49950.01', '50020', '49999', '50001'];
    const result = run(above, 'every', dance);
    expect(result.fired).toEqual(['50010']);
    expect(result.rearmed).toEqual([]);
  });

  it('with every crossing, a move back past the band re-arms and the next crossing fires again', () => {
    const result = run(above, 'every', ['49000', '50100', '49950', '50100']);
    expect(result.rearmed).toEqual(['49950']);
    expect(result.fired).toEqual(['50100', '50100']);
  });

  it('once: fires one time and stays fired whatever the price does', () => {
    const result = run(above, 'once', ['49000', '50100', '40000', '50100', '60000']);
    expect(result.fired).toEqual(['50100']);
    expect(result.state).toBe('fired');
  });
});

describe('below a line (margin fraction)', () => {
  it('fires on a fall below, re-arms only above line + band', () => {
    expect(rearmBand(below)).toBe('0.0002');
    expect(isBackBeyondBand(below, '0.2001')).toBe(false);
    expect(isBackBeyondBand(below, '0.2002')).toBe(true);
    const result = run(below, 'every', ['0.25', '0.19', '0.2001', '0.1999', '0.21', '0.18']);
    expect(result.fired).toEqual(['0.19', '0.18']);
    expect(result.rearmed).toEqual(['0.21']);
  });
});

describe('distance to liquidation', () => {
  it('re-arms with the position alerts’ band of 1 percentage point', () => {
    const rule: PriceAlertRule = { kind: 'distance', accountId: 'a1', market: null, direction: 'below', threshold: '10' };
    expect(rearmBand(rule)).toBe('1');
    const result = run(rule, 'every', ['12', '9.5', '10.5', '9', '11', '8']);
    expect(result.fired).toEqual(['9.5', '8']);
    expect(result.rearmed).toEqual(['11']);
  });
});
