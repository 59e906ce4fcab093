import { describe, expect, it } from 'vitest';
import { JsonNumber } from '../../../shared/api/jsonNumber';
import { parseAnswerText } from './classify';

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
