/**
 * One rule for every amount a person types, in every form: digits with at most one decimal
 * separator, written "." or "," (whichever the person's keyboard and locale put there, so "1,5"
 * and "1.5" are both one and a half everywhere); spaces, including the no-break and thin spaces
 * some locales group digits with, are ignored. A thousands separator written as "," or "." is
 * refused rather than guessed: "1,234" is 1.234 in Kyiv and 1234 in New York.
 */
/** `problem` names what is wrong for the page to word in its language; `message` is the English phrase. */
export type AmountInput = { ok: true; value: string } | { ok: false; problem: 'separators' | 'not_digits'; message: string };


export function readAmountInput(text: string): AmountInput {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  const separators = compact.replace(/[^.,]/g, '').length;
  if (separators > 1) return { ok: false, problem: 'separators', message: 'has more than one separator: write it without thousands separators, e.g. 1234.5 or 1234,5' };
  const value = compact.replace(',', '.');
  if (value !== '' && !/^(\d+\.?\d*|\.\d+)$/.test(value)) return { ok: false, problem: 'not_digits', message: 'must be digits with one decimal separator, e.g. 1234.5 or 1234,5' };
  return { ok: true, value };
}
