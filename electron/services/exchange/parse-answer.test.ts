import { describe, expect, it } from 'vitest';
import { JsonNumber } from '../../../shared/api/jsonNumber';
import { everyNumberSurvivesFloat, parseAnswerText } from './parseAnswer';

const valueOf = (text: string) => {
  const parsed = parseAnswerText(text);
  if (!parsed.ok) throw new Error('not parsed');
  return parsed.value as Record<string, unknown>;
};

describe('parseAnswerText: which numbers keep their source text', () => {
  it('keeps a number a float would change as its exact text', () => {
    expect(valueOf('{"a":1000.123456789012345678}').a).toEqual(new JsonNumber('1000.123456789012345678'));
    expect(valueOf('[1.50]')[0]).toEqual(new JsonNumber('1.50'));
    expect(valueOf('{"a":-0}').a).toEqual(new JsonNumber('-0'));
    expect(valueOf('{"a":1e2}').a).toEqual(new JsonNumber('1e2'));
  });

  it('reads plain numbers natively, whatever the strings around them hold', () => {
    expect(valueOf('{"note":"fee 0.10, \\"1.50\\"","n":5,"t":-12.5}')).toEqual({ note: 'fee 0.10, "1.50"', n: 5, t: -12.5 });
  });

  it('finds an odd number after a string with escaped quotes and backslashes', () => {
    expect(valueOf('{"s":"a\\\\","x":0.10}').x).toEqual(new JsonNumber('0.10'));
    expect(valueOf('{"s":"\\"","x":2.50}').x).toEqual(new JsonNumber('2.50'));
  });

  it('refuses what is not JSON', () => {
    expect(parseAnswerText('{"a":1.5').ok).toBe(false);
    expect(parseAnswerText('<html>').ok).toBe(false);
  });
});

/** The first, character-by-character version of the check: the reference the faster one must match. */
function referenceEveryNumberSurvivesFloat(text: string): boolean {
  const isNumberChar = (c: number) => (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      for (i++; i < length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      let end = i + 1;
      while (end < length && isNumberChar(text.charCodeAt(end))) end++;
      const token = text.slice(i, end);
      if (String(Number(token)) !== token) return false;
      i = end - 1;
    }
  }
  return true;
}

describe('everyNumberSurvivesFloat', () => {
  it('decides as the character-by-character reference does on any text', () => {
    const alphabet = ['"', '\\', '0', '1', '5', '9', '-', '.', 'e', 'E', '+', ',', ':', '[', '{', '}', ' ', 'a'];
    let state = 12_345;
    const random = () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state / 2 ** 32;
    };
    let noticed = 0;
    for (let n = 0; n < 30_000; n++) {
      let text = '';
      const length = Math.floor(random() * 24);
      for (let k = 0; k < length; k++) text += alphabet[Math.floor(random() * alphabet.length)];
      const expected = referenceEveryNumberSurvivesFloat(text);
      expect(everyNumberSurvivesFloat(text), JSON.stringify(text)).toBe(expected);
      if (!expected) noticed++;
    }
    expect(noticed).toBeGreaterThan(1_000);
  });

  it('agrees with the reference on the number tokens that matter', () => {
    const tokens = ['0', '-0', '7', '-7', '05', '-05', '123456789012345', '1234567890123456', '9007199254740993', '-123456789012345', '1.5', '1.50', '0.1', '1e2', '1E+2', '-', '--1', '1-2', '1759825965.432109', '0.0000001'];
    for (const token of tokens) {
      for (const text of [token, `[${token}]`, `{"a":${token},"b":"\\\\"}`, `{"s":"\\"${token}\\"","n":${token}}`]) {
        expect(everyNumberSurvivesFloat(text), text).toBe(referenceEveryNumberSurvivesFloat(text));
      }
    }
  });
});
