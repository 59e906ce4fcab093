/**
 * Words that used to reach a Ukrainian page in English or as the exchange spells them: a code's
 * status and its tooltip, a flex rate's tooltip, a position's side. Each now comes from the
 * catalogs, in both languages.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { codeStatusLabel, codeStatusMeaning } from '../features/codes/codeStatus';
import { rateTitle } from '../features/flex/rate';
import { sideLabel } from '../features/positions/risk';
import { activateLanguage } from '.';
import '../test/setup';

const CYRILLIC = /[\u0400-\u04FF]/;
/** Latin words of two letters or more, once figures are set aside. */
const latinWords = (text: string) => text.replace(/\S*\d\S*/g, '').match(/[A-Za-z]{2,}/g) ?? [];

afterAll(async () => {
  await activateLanguage('en');
});

describe('in Ukrainian, nothing of these is left in English or in the exchange’s spelling', () => {
  it('code statuses and their tooltips, a flex rate’s tooltip, the one-way side', async () => {
    await activateLanguage('uk');
    const texts = [
      codeStatusLabel('Activated'),
      codeStatusMeaning('Activated'),
      codeStatusLabel('on_hold_review'),
      codeStatusMeaning('on_hold_review'),
      codeStatusMeaning('New'),
      rateTitle('0.12'),
      sideLabel('BOTH'),
    ];
    for (const text of texts) {
      expect(text, text).toMatch(CYRILLIC);
      expect(latinWords(text), text).toEqual([]);
    }
    expect(rateTitle('0.12')).toContain('0.12');
  });

  it('says the same in English', async () => {
    await activateLanguage('en');
    expect(codeStatusMeaning('Activated')).toBe('Applied: the amount has been credited');
    expect(codeStatusMeaning('on_hold_review')).toBe('The exchange holds this code while it reviews it');
    expect(rateTitle('0.12')).toBe('The exchange sends 0.12, read as a fraction of 1');
  });
});
