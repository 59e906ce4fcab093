import { describe, expect, it } from 'vitest';
import { formatAgo, formatAmount, formatPercent, formatTimeZone, formatUnixSeconds, isoFromUnixSeconds, nextAgoChangeIn } from './format';

// The renderings asserted here are en-US ones, so the locale is pinned; the app uses the person's.
const EN = 'en-US';

describe('formatAmount', () => {
  it.each([
    ['0', '0'],
    ['999', '999'],
    ['1000', '1,000'],
    ['1234567.891', '1,234,567.891'],
    ['-1000000', '-1,000,000'],
    ['0.00000001', '0.00000001'],
    ['1.50', '1.50'],
    // A bare trailing dot and leading zeros carry no digit of the amount; Intl drops them.
    ['100.', '100'],
    ['00012345', '12,345'],
  ])('%s -> %s', (input, expected) => {
    expect(formatAmount(input, EN)).toBe(expected);
  });

  it('groups and marks the decimals as the locale does', () => {
    expect(formatAmount('-1234567.890', 'de-DE')).toBe('-1.234.567,890');
    expect(formatAmount('1234567.5', 'fr-FR')).toBe('1\u202f234\u202f567,5');
  });

  it('keeps every digit of a 40-digit amount (no Number rounding)', () => {
    const forty = '1234567890123456789012345678901234567890.123456789012345678';
    const formatted = formatAmount(forty, EN);
    expect(formatted.replace(/,/g, '')).toBe(forty);
    expect(formatted.startsWith('1,234,567,890,123,456,789,012,345,678,901,234,567,890.')).toBe(true);
  });

  it('returns anything that is not a plain decimal unchanged', () => {
    expect(formatAmount('1e21', EN)).toBe('1e21');
    expect(formatAmount('<b>1000</b>', EN)).toBe('<b>1000</b>');
    expect(formatAmount('', EN)).toBe('');
  });
});

describe('dates', () => {
  it('formats Unix seconds in local time and ISO in UTC', () => {
    expect(isoFromUnixSeconds(1_700_000_000.5)).toBe('2023-11-14T22:13:20.500Z');
    const local = formatUnixSeconds(1_700_000_000);
    expect(local).toMatch(/2023/);
    expect(formatUnixSeconds(Number.NaN)).toBe('\u2014');
  });

  it('says how long ago', () => {
    expect(formatAgo(0, EN)).toBe('0 sec. ago');
    // Seconds in 10-second steps (each change of the text costs a painted frame).
    expect(formatAgo(9_999, EN)).toBe('0 sec. ago');
    expect(formatAgo(17_000, EN)).toBe('10 sec. ago');
    expect(formatAgo(59_999, EN)).toBe('50 sec. ago');
    expect(formatAgo(60_000, EN)).toBe('1 min. ago');
    expect(formatAgo(2 * 3_600_000 + 5, EN)).toBe('2 hr. ago');
    expect(formatAgo(-500, EN)).toBe('0 sec. ago');
    expect(formatAgo(13_000, 'de-DE')).toBe('vor 10 Sek.');
  });
});

describe('nextAgoChangeIn', () => {
  it('waits exactly until formatAgo shows other words', () => {
    expect(nextAgoChangeIn(0)).toBe(10_000);
    expect(nextAgoChangeIn(12_300)).toBe(7_700);
    expect(nextAgoChangeIn(59_999)).toBe(1);
    // From a minute on, once a minute; from an hour on, once an hour.
    expect(nextAgoChangeIn(60_000)).toBe(60_000);
    expect(nextAgoChangeIn(61_500)).toBe(58_500);
    expect(nextAgoChangeIn(3_599_000)).toBe(1_000);
    expect(nextAgoChangeIn(3_600_000)).toBe(3_600_000);
    // A load stamped a little after the clock read (another clock): as from zero.
    expect(nextAgoChangeIn(-250)).toBe(10_000);
    for (const elapsed of [0, 999, 1_000, 4_999, 5_000, 59_000, 59_999, 119_999, 3_599_999, 7_200_001]) {
      const wait = nextAgoChangeIn(elapsed);
      expect(formatAgo(elapsed + wait - 1, EN)).toBe(formatAgo(elapsed, EN));
      expect(formatAgo(elapsed + wait, EN)).not.toBe(formatAgo(elapsed, EN));
    }
  });
});

describe('formatPercent', () => {
  it.each([
    ['0.02', { signed: true }, EN, '+0.02%'],
    ['-1.5', { signed: true }, EN, '-1.5%'],
    ['0', { signed: true }, EN, '0%'],
    ['12.5', {}, EN, '12.5%'],
    // Every place of the figure is kept: the string overload is exact past a double's digits.
    ['12.345678901234567891', {}, EN, '12.345678901234567891%'],
  ] as const)('%s %o in %s -> %s', (input, options, locale, expected) => {
    expect(formatPercent(input, options, locale)).toBe(expected);
  });

  it('writes Ukrainian with its decimal comma (spacing before the mark is the ICU data\'s)', () => {
    expect(formatPercent('0.02', { signed: true }, 'uk')).toMatch(/^\+0,02\u00a0?%$/);
  });

  it('returns a non-decimal as is', () => {
    expect(formatPercent('n/a', {}, EN)).toBe('n/a');
  });
});

describe('formatTimeZone', () => {
  it('names the person\'s zone in their language, never as an English id', () => {
    const zoneBefore = process.env.TZ;
    process.env.TZ = 'Pacific/Kiritimati';
    try {
      expect(formatTimeZone(EN)).toBe('Line Islands Time');
      expect(formatTimeZone('uk-UA')).toMatch(/^[^A-Za-z]*$/);
    } finally {
      if (zoneBefore === undefined) delete process.env.TZ;
      else process.env.TZ = zoneBefore;
    }
  });
});
