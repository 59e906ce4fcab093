/**
 * What is wrong with a value a person typed, as the contract's schemas say it: a code, never a
 * sentence. The renderer words each code beside the field's label (renderer/features/accounts/fieldProblemWords.ts);
 * the main process sends the same codes back when it refuses a request.
 */
export const FIELD_PROBLEM = {
  required: 'required',
  nameTooLong: 'name_too_long',
  keyTooLong: 'key_too_long',
  hasSpaces: 'has_spaces',
  tooShort: 'too_short',
  urlNotAllowed: 'url_not_allowed',
  urlHasApiPath: 'url_has_api_path',
  customNeedsUrl: 'custom_needs_url',
  startAfterEnd: 'start_after_end',
  percentFormat: 'percent_format',
  percentRange: 'percent_range',
  positiveNumber: 'positive_number',
  tickerFormat: 'ticker_format',
  currencyFormat: 'currency_format',
  accountId: 'account_id',
  pastWindow: 'past_window',
  /** Anything else a schema refuses (zod's own checks): worded generically. */
  invalid: 'invalid',
} as const;

export type FieldProblem = (typeof FIELD_PROBLEM)[keyof typeof FIELD_PROBLEM];

const KNOWN: ReadonlySet<string> = new Set(Object.values(FIELD_PROBLEM));

export function isFieldProblem(value: unknown): value is FieldProblem {
  return typeof value === 'string' && KNOWN.has(value);
}
