import { describe, expect, it } from 'vitest';
import { riskBadge, sideLabel, sortByRisk, summarizeRisk } from './risk';
import { distanceFigure, distanceText } from './distance';

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
    expect([sideLabel('LONG'), sideLabel('SHORT'), sideLabel('BOTH')]).toEqual(['Long', 'Short', 'One-way']);
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

describe('distance words', () => {
  it('says the room left, or how far past liquidation the price is, with the figure the table shows', () => {
    expect(distanceText('12.34')).toBe('12.34\u00a0% to liquidation');
    expect(distanceFigure('12.34')).toBe('12.34\u00a0%');
    expect(distanceText('-2.1')).toBe('past liquidation by 2.1\u00a0%');
    expect(distanceFigure('-2.1')).toBe('\u22122.1\u00a0%');
    expect(distanceText('0')).toBe('at the liquidation price');
  });
});
