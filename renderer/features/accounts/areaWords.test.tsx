/**
 * A key test's report and the contract's field problems arrive as codes; the page words each in
 * English and Ukrainian, and shows the exchange's own words only as its words.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../../shared/errors';
import type { AreaResult } from '../../../shared/model/accounts';
import { FIELD_PROBLEM } from '../../../shared/model/fieldProblems';
import { fieldProblemWords } from './fieldProblemWords';
import { activateLanguage } from '../../i18n';
import '../../test/setup';
import { areaSentence, type AreaKey } from './areaWords';

const CYRILLIC = /[\u0400-\u04FF]/;
const refusedKey: AppError = { kind: 'permission', status: 401, code: 4, message: 'log text', exchangeSaid: 'This action is unauthorized.' };
const offline: AppError = { kind: 'network', message: 'log text', reason: 'connection_refused', values: { address: 'http://127.0.0.1:9' } };
const twoFactor: AppError = { kind: 'validation', status: 412, message: 'log text', reason: 'two_factor_off' };

const CASES: ReadonlyArray<[AreaKey, AreaResult, RegExp]> = [
  ['withdraw', { status: 'no_permission', failure: refusedKey }, /refused this key for withdrawals.*The exchange said: “This action is unauthorized\.”/],
  ['withdraw', { status: 'ok', checkedBy: 'fields_refused' }, /empty request.*nothing was sent/],
  ['withdraw', { status: 'failed', failure: twoFactor }, /two-factor authentication/],
  ['withdraw', { status: 'not_tested', failure: offline }, /^Not tested: .*Connection refused at http:\/\/127\.0\.0\.1:9/],
  ['codes', { status: 'no_permission', failure: refusedKey }, /^This API key lacks a permission|^The exchange/],
  ['positions', { status: 'failed', failure: offline }, /Connection refused at http:\/\/127\.0\.0\.1:9/],
];

afterAll(async () => {
  await activateLanguage('en');
});

describe('key test words', () => {
  it('words every finding in English and Ukrainian, never our log text, the exchange quoted as its own', async () => {
    await activateLanguage('en');
    const english = CASES.map(([key, area]) => areaSentence(key, area));
    await activateLanguage('uk');
    const ukrainian = CASES.map(([key, area]) => areaSentence(key, area));
    CASES.forEach(([, area, pattern], i) => {
      expect(english[i], pattern.source).toMatch(pattern);
      expect(ukrainian[i], pattern.source).toMatch(CYRILLIC);
      for (const text of [english[i], ukrainian[i]]) expect(text).not.toContain('log text');
      if (area.failure?.exchangeSaid) expect(ukrainian[i]).toContain(area.failure.exchangeSaid);
    });
    expect(areaSentence('balance', { status: 'ok' })).toBeNull();
  });

  it('words every field problem code after the label, in both languages; a sentence passes as it is', async () => {
    for (const language of ['en', 'uk'] as const) {
      await activateLanguage(language);
      for (const code of Object.values(FIELD_PROBLEM)) {
        const text = fieldProblemWords('LABEL', code);
        expect(text, code).not.toBe(code);
        expect(text, code).not.toMatch(/[a-z]_[a-z]/);
        if (language === 'uk') expect(text, code).toMatch(CYRILLIC);
      }
    }
    await activateLanguage('en');
    expect(fieldProblemWords('Name', FIELD_PROBLEM.required)).toBe('Name is required');
    expect(fieldProblemWords('Name', 'A sentence worded already.')).toBe('A sentence worded already.');
  });
});
