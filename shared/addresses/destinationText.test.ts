import { describe, expect, it } from 'vitest';
import { checkDestinationText } from './destinationText';

describe('checkDestinationText', () => {
  it('refuses the right-to-left override that makes an address display as another one', () => {
    expect(checkDestinationText('addr1q\u202Ex9v8s', 'address')).toEqual({ problem: 'bidi', codePoint: 'U+202E' });
    expect(checkDestinationText('12345\u202E', 'memo')).toEqual({ problem: 'bidi', codePoint: 'U+202E' });
    expect(checkDestinationText('Оле\u202Eна', 'name')).toEqual({ problem: 'bidi', codePoint: 'U+202E' });
  });

  it.each([
    ['\u200B', 'zero_width'],
    ['\uFEFF', 'zero_width'],
    ['\u2066', 'bidi'],
    ['\u200F', 'bidi'],
    ['\u0000', 'control'],
    ['\t', 'control'],
    ['\n', 'control'],
    ['\u2028', 'control'],
    ['\u00AD', 'format'],
    ['\uE000', 'format'],
  ])('refuses %j as %s in addresses, memos and names', (char, problem) => {
    for (const field of ['address', 'memo', 'name'] as const) expect(checkDestinationText(`ab${char}cd`, field)?.problem).toBe(problem);
  });

  it('keeps addresses and memos to printable ASCII, names to any script', () => {
    expect(checkDestinationText('addr1qxy2kgdygjrsqtzq2n0yrf', 'address')).toBeNull();
    expect(checkDestinationText('аddr1', 'address')).toEqual({ problem: 'not_ascii', codePoint: 'U+0430' });
    expect(checkDestinationText('memo with spaces 123', 'memo')).toBeNull();
    expect(checkDestinationText('ab cd', 'address')?.problem).toBe('space');
    expect(checkDestinationText('4111 1111 1111 1111', 'address', { fiat: true })).toBeNull();
    expect(checkDestinationText('Олена Шевченко', 'name')).toBeNull();
    expect(checkDestinationText('José Müller', 'name')).toBeNull();
  });
});
