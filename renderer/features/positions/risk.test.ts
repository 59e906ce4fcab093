import { describe, expect, it } from 'vitest';
import { riskBadge, sideLabel, sortByRisk, summarizeRisk } from './risk';
import { liquidationDistance } from './distance';

describe('riskBadge', () => {
  it('maps documented states to labelled tones and shows unknown ones verbatim', () => {
    expect(riskBadge('margin_call')).toEqual({ label: 'Margin call', tone: 'warning' });
    expect(riskBadge('liquidation')).toEqual({ label: 'Liquidation', tone: 'danger' });
    expect(riskBadge(null)).toEqual({ label: 'Normal', tone: 'neutral' });
    expect(riskBadge('auto_deleverage')).toEqual({ label: 'auto_deleverage', tone: 'info' });
  });
});

describe('sideLabel', () => {
  it('words each side the exchange sends, not in its capitals', () => {
    expect([sideLabel('LONG'), sideLabel('SHORT'), sideLabel('BOTH')]).toEqual(['Long', 'Short', 'Both']);
  });
});

describe('sortByRisk', () => {
  it('puts liquidation first, then margin_call, keeping the exchange order otherwise', () => {
    const rows = [
      { id: 'a', liquidationState: null },
      { id: 'b', liquidationState: 'margin_call' },
      { id: 'c', liquidationState: 'weird' },
      { id: 'd', liquidationState: 'liquidation' },
      { id: 'e', liquidationState: 'margin_call' },
    ];
    expect(sortByRisk(rows).map((r) => r.id)).toEqual(['d', 'b', 'e', 'a', 'c']);
    expect(rows.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('counts positions at risk', () => {
    expect(summarizeRisk([{ liquidationState: 'liquidation' }, { liquidationState: 'margin_call' }, { liquidationState: 'margin_call' }, { liquidationState: null }])).toEqual({
      liquidation: 1,
      marginCall: 2,
    });
  });
});

describe('liquidationDistance', () => {
  it('gives the distance below base for a long position', () => {
    expect(liquidationDistance('100', '87.66')).toEqual({ percent: '12.34', direction: 'below', text: 'liquidation 12.34 % below base' });
  });

  it('gives the distance above base for a short position', () => {
    expect(liquidationDistance('20000', '25000')?.text).toBe('liquidation 25 % above base');
  });

  it('uses decimal math on long amounts (no float noise)', () => {
    expect(liquidationDistance('0.3', '0.1')?.percent).toBe('66.67');
    expect(liquidationDistance('123456789012345678901234.5', '123456789012345678901234.5')?.text).toBe('liquidation at the base price');
  });

  it('is absent for a pending position, whose base price is not known yet', () => {
    expect(liquidationDistance(null, '87.66')).toBeNull();
    expect(liquidationDistance(null, null)).toBeNull();
  });

  it('is absent when there is no liquidation price or the base price is zero', () => {
    expect(liquidationDistance('100', null)).toBeNull();
    expect(liquidationDistance('0', '5')).toBeNull();
  });
});
