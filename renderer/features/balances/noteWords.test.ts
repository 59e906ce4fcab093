import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { messages as ukFirst } from '../../i18n/locales/first/uk.po';
import type { OverviewNote } from '../../../shared/model/balances';
import { noteWords } from './noteWords';

const english = { locale: i18n.locale, messages: i18n.messages };
afterEach(() => i18n.loadAndActivate(english));

const notes: OverviewNote[] = [
  { kind: 'prices_unavailable', error: { kind: 'timeout', message: 'The exchange did not answer in time.' } },
  { kind: 'part_unavailable', accountId: 'a', accountName: 'Main' },
  { kind: 'region_unavailable', part: 'futures' },
  { kind: 'unreadable', part: 'trade', accountName: 'Main', count: 3 },
  { kind: 'quote_without_market', quote: 'EUR' },
  { kind: 'price_missing', markets: ['BTC_PERP', 'ETH_PERP'] },
];

describe('an overview note is worded by the page from its code and values', () => {
  it('in English', () => {
    expect(noteWords(notes[1]!)).toBe('Main could not be reached: the app could not read it');
    expect(noteWords(notes[2]!)).toBe('The futures list (index prices) is not available in this region.');
    expect(noteWords(notes[3]!)).toBe('3 trade balance entries of Main could not be read and are left out.');
    expect(noteWords(notes[4]!)).toBe('The exchange has no market to value in EUR. Choose another currency.');
    expect(noteWords(notes[5]!)).toBe('No current price for BTC_PERP, ETH_PERP: the distance to liquidation is unknown there.');
    // The failure's words come from the renderer's error words, not the main process's message.
    expect(noteWords(notes[0]!)).toMatch(/^Prices could not be read: /);
    expect(noteWords(notes[0]!)).not.toContain('did not answer in time');
  });

  it('in Ukrainian, with no English left', () => {
    i18n.loadAndActivate({ locale: 'uk', messages: ukFirst });
    expect(noteWords(notes[3]!)).toBe('3 записи торгового балансу Main не вдалося прочитати, їх пропущено.');
    expect(noteWords(notes[4]!)).toBe('На біржі немає ринку для оцінки в EUR. Оберіть іншу валюту.');
    for (const note of notes) expect(noteWords(note)).not.toMatch(/\b(could|not|the|of|and)\b/i);
  });
});
