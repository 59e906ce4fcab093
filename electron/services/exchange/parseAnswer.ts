/**
 * Answer text -> value, numbers kept exact. The native parser reads an answer whose every number
 * survives a float; lossless-json reads the rest (docs/decisions.md says what the check saves).
 */
import { parse as parseLosslessJson } from 'lossless-json';
import { JsonNumber } from '../../../shared/api/jsonNumber';

function looksLikeJson(text: string): boolean {
  const c = text.trimStart()[0];
  return c === '{' || c === '[';
}

/**
 * JSON numbers keep their source text (a `JsonNumber`, shared/api/jsonNumber.ts), so an amount the exchange sends as a
 * number ("USDT":1000.123456789012345678) is not rounded through a float; the schemas turn that
 * text into a decimal string or an integer. A repeated key keeps its last value, as JSON.parse does.
 */
const LOSSLESS_OPTIONS = { parseNumber: (source: string) => new JsonNumber(source), onDuplicateKey: ({ newValue }: { newValue: unknown }) => newValue };

/** Raw answer text -> value, the one path every answer takes. */
export function parseAnswerText(rawText: string): { ok: true; value: unknown } | { ok: false } {
  // Some Windows-side proxies prepend a byte-order mark, which a JSON parser rejects.
  const text = rawText.charCodeAt(0) === 0xfeff ? rawText.slice(1) : rawText;
  if (!looksLikeJson(text)) return { ok: false };
  try {
    const value = everyNumberSurvivesFloat(text) ? (JSON.parse(text) as unknown) : parseLosslessJson(text, null, LOSSLESS_OPTIONS);
    return { ok: true, value };
  } catch {
    return { ok: false };
  }
}

/**
 * True when every JSON number in the text reads back as exactly the same characters through a
 * float, so the native parser (about 4x faster than lossless-json on a positions answer) loses
 * nothing and the schemas can take `String(n)` as the source text. Most answers carry amounts as
 * strings and only small integers and times as numbers, so this is the common case; one token such
 * as 1000.123456789012345678 or 1.50 sends the whole answer to the lossless parser.
 *
 * One pass over the text, skipping strings (so "fee: 0.10" inside a text costs nothing): outside
 * strings only numbers hold a digit or a minus sign. Strings are skipped with indexOf, which runs
 * natively, instead of character by character: they are most of an answer's text. Malformed text
 * is left to the parser. Exported for its tests.
 */
export function everyNumberSurvivesFloat(text: string): boolean {
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      let close = text.indexOf('"', i + 1);
      // A quote after an odd number of backslashes is escaped and does not end the string.
      while (close !== -1 && text.charCodeAt(close - 1) === 0x5c /* \ */) {
        let run = close - 1;
        while (text.charCodeAt(run - 1) === 0x5c) run--;
        if ((close - run) % 2 === 0) break;
        close = text.indexOf('"', close + 1);
      }
      // A string that never ends: nothing after it is a number.
      if (close === -1) return true;
      i = close;
    } else if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      let end = i + 1;
      let integer = true;
      for (; end < length; end++) {
        const d = text.charCodeAt(end);
        if (d >= 0x30 && d <= 0x39) continue;
        if (d === 0x2e || d === 0x65 || d === 0x45 || d === 0x2b || d === 0x2d) integer = false;
        else break;
      }
      const firstDigit = c === 0x2d ? i + 1 : i;
      const digits = end - firstDigit;
      // Up to 15 digits without a leading zero (and not -0) is exactly a double and prints back
      // as itself, so the costly float round trip is only needed for the other tokens.
      const plainInteger = integer && digits >= 1 && digits <= 15 && (text.charCodeAt(firstDigit) !== 0x30 || (digits === 1 && c !== 0x2d));
      if (!plainInteger) {
        const token = text.slice(i, end);
        if (String(Number(token)) !== token) return false;
      }
      i = end - 1;
    }
  }
  return true;
}
