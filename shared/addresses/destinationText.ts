/**
 * Can a person check this destination by eye? A withdrawal address or memo that holds invisible or
 * reordering characters displays as something other than what is sent: a bidi override (U+202E)
 * makes a stored address read as a different, plausible one. So addresses and memos are refused when
 * they hold control, format (Cf), bidi or zero-width characters, on every network, and are limited
 * to printable ASCII, which is what every address and memo format the exchange lists uses
 * (docs/exchange-api.md, "Destinations"). Names (fiat beneficiaries, Travel Rule) keep letters of
 * any script; only the invisible characters are refused there.
 *
 * Codes, not words: the form and the main process share this, and each says it in its own way.
 */

export type DestinationField = 'address' | 'memo' | 'name';

export type DestinationTextProblem =
  /** C0/C1 controls (NUL, tab, line breaks), line and paragraph separators. */
  | 'control'
  /** Characters that reorder text: embeddings, overrides, isolates, direction marks. */
  | 'bidi'
  /** Characters that take no room: zero-width space/joiners, word joiner, BOM, fillers. */
  | 'zero_width'
  /** Any other invisible format character (Unicode category Cf), private-use or unassigned code point. */
  | 'format'
  /** Outside printable ASCII (addresses and memos). */
  | 'not_ascii'
  /** A space inside a crypto address (no address format has one). */
  | 'space';

export interface DestinationTextCheck {
  problem: DestinationTextProblem;
  /** The first offending character as U+XXXX, so the person can be told what was found. */
  codePoint: string;
}

const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** Zero-width characters and the blank "letters" (fillers) that display as nothing. */
const ZERO_WIDTH: ReadonlySet<number> = new Set([0x034f, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x180e, 0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x2800, 0x3164, 0xfeff, 0xffa0]);
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
const FORMAT = /[\p{Cf}\p{Co}\p{Cn}\p{Cs}]/u;
const PRINTABLE_ASCII = /^[\x20-\x7E]$/;

function codePointOf(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The first problem in `value`, or null. `fiat`: a payout address (card token, account number) may
 * be written with spaces; a crypto address never has one.
 */
export function checkDestinationText(value: string, field: DestinationField, options: { fiat?: boolean } = {}): DestinationTextCheck | null {
  for (const char of value) {
    const problem = problemOf(char, field, options.fiat ?? false);
    if (problem) return { problem, codePoint: codePointOf(char) };
  }
  return null;
}

function problemOf(char: string, field: DestinationField, fiat: boolean): DestinationTextProblem | null {
  // Order matters: bidi and zero-width characters are also Cf; the finer code says more.
  if (CONTROL.test(char)) return 'control';
  if (BIDI.test(char)) return 'bidi';
  if (ZERO_WIDTH.has(char.codePointAt(0) ?? 0)) return 'zero_width';
  if (FORMAT.test(char)) return 'format';
  if (field === 'name') return null;
  if (!PRINTABLE_ASCII.test(char)) return 'not_ascii';
  if (char === ' ' && field === 'address' && !fiat) return 'space';
  return null;
}
