/**
 * A field's problem in the person's language: the contract's schemas name problems by code
 * (shared/model/fieldProblems.ts); here each becomes a sentence that starts with the field's label.
 */
import { t } from '@lingui/core/macro';
import { ALERT_THRESHOLD_MAX } from '../../../shared/model/alerts';
import { isFieldProblem, type FieldProblem } from '../../../shared/model/fieldProblems';

function words(label: string, problem: FieldProblem): string {
  switch (problem) {
    case 'required':
      return t`${label} is required`;
    case 'name_too_long':
      return t`${label} must be at most 64 characters`;
    case 'key_too_long':
      return t`${label} is longer than any key the exchange issues`;
    case 'has_spaces':
      return t`${label} must not contain spaces`;
    case 'too_short':
      return t`${label} looks too short`;
    case 'url_not_allowed':
      return t`${label} must start with https:// (http:// only for this computer, e.g. a local simulator)`;
    case 'url_has_api_path':
      return t`${label} is the server’s address only: remove /api/v4 from the end (e.g. https://whitebit.com)`;
    case 'custom_needs_url':
      return t`A custom region needs a base URL`;
    case 'start_after_end':
      return t`The start date must not be after the end date`;
    case 'percent_format':
      return t`${label} must be a percentage such as 10 or 7.5 (at most 2 decimals)`;
    case 'percent_range': {
      const max = ALERT_THRESHOLD_MAX;
      return t`${label} must be more than 0 and at most ${max} %`;
    }
    case 'positive_number':
      return t`${label} must be a number above 0, such as 50000 or 0.25`;
    case 'ticker_format':
      return t`${label} must be an asset ticker such as BTC`;
    case 'currency_format':
      return t`${label} must be a currency ticker such as USDT, BTC or EUR`;
    case 'account_id':
      return t`${label} is not a valid account`;
    case 'past_window':
      return t`The exchange serves only its first 10,000 records of a list`;
    case 'invalid':
      return t`${label} is not valid`;
  }
}

/**
 * The sentence for one of a field's messages: a problem code is worded with the label; a message
 * that is already a sentence in the person's language (a refusal the form worded) stays as it is.
 */
export function fieldProblemWords(label: string, message: string): string {
  return isFieldProblem(message) ? words(label, message) : message;
}
