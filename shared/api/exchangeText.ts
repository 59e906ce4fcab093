/**
 * Text written by the exchange (error messages, field names, list keys) made safe to show a person.
 *
 * Control characters (newlines included) could fake extra lines in a log or a message box; Unicode
 * format characters are invisible and can reorder what is shown: a right-to-left override (U+202E)
 * turns "fee 1.5 %" into something else, zero-width characters hide inside words. Controls and line
 * or paragraph separators become a space; format characters (bidi embeddings, overrides and
 * isolates, zero-width spaces and joiners, the byte-order mark, soft hyphens, tag characters) are
 * removed. The result is one line, bounded in length.
 */
const LINE_BREAKING = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;
const INVISIBLE_FORMAT = /\p{Cf}+/gu;

const MAX_EXCHANGE_TEXT = 300;

export function safeExchangeText(text: string, maxChars: number = MAX_EXCHANGE_TEXT): string {
  const flat = text.replace(LINE_BREAKING, ' ').replace(INVISIBLE_FORMAT, '').replace(/\s+/g, ' ').trim();
  return flat.length > maxChars ? `${flat.slice(0, maxChars - 1)}…` : flat;
}
