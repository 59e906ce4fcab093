/** An exchange (or main-process) error put back on the withdrawal form's field it concerns, in plain words. */
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { AppError } from '../../../shared/errors';
import { looksLikeCode } from '../../../shared/failures';
import { errorSentence, exchangeSaidWords } from '../../components';
import { type FieldErrors, type FieldName } from './formValues';
import { extraFieldErrors } from './formExtras';
import { withdrawalRefusalWords } from './refusalWords';

/** Exchange business codes of withdraw-pay (docs/exchange-api.md), as the field and the words a person needs. */
const BUSINESS_CODES: Record<number, { field: FieldName; message: MessageDescriptor }> = {
  1: { field: 'ticker', message: msg`The exchange does not allow withdrawing this currency right now.` },
  2: { field: 'address', message: msg`The exchange says this address is not valid for the chosen currency and network.` },
  3: { field: 'amount', message: msg`The amount is below the exchange’s minimum for this currency.` },
  4: { field: 'amount', message: msg`The amount is too small for the payment system.` },
  5: { field: 'amount', message: msg`There is not enough balance for the amount plus the fee.` },
  6: { field: 'amount', message: msg`The amount must be larger than the fee.` },
  7: { field: 'amount', message: msg`This currency can only be withdrawn in whole units.` },
  8: { field: 'amount', message: msg`After the fee nothing would arrive; increase the amount.` },
  9: { field: 'address', message: msg`This is one of your own deposit addresses on the exchange; choose another address.` },
};

/** The exchange's field names (and spellings) onto the form's fields. */
const FIELD_ALIASES: Record<string, FieldName> = {
  ticker: 'ticker',
  currency: 'ticker',
  network: 'network',
  provider: 'provider',
  memo: 'memo',
  address: 'address',
  amount: 'amount',
  acceptUnknownFee: 'acceptUnknownFee',
};

export interface MappedError {
  fields: FieldErrors;
  /** What belongs to no field (2FA, throttling, connection), in plain words; null when all went to fields. */
  general: string | null;
}

/** Puts an exchange (or main-process) error on the field it concerns, in plain words. */
export function mapServerError(error: AppError): MappedError {
  const fields: FieldErrors = {};
  const refusal = withdrawalRefusalWords(error);
  if (refusal !== null) {
    // A Travel Rule or payout refusal names every field it concerns, each with its own problem.
    if (error.reason === 'extra_field') {
      const extras = extraFieldErrors(error.fields ?? {});
      if (Object.keys(extras).length > 0) return { fields: extras, general: null };
    }
    const field = typeof error.values?.field === 'string' ? FIELD_ALIASES[error.values.field] : undefined;
    return field ? { fields: { [field]: refusal }, general: null } : { fields, general: refusal };
  }
  if (error.kind === 'rate_limited') {
    // The wait is the one the main process measured (Retry-After, capped), never a guess.
    const wait = error.retryAfterMs ? t`about ${Math.max(1, Math.ceil(error.retryAfterMs / 1000))} s` : t`a little`;
    const what = error.reason === 'withdraw_throttled' ? t`withdrawal attempts` : t`how often the app may ask`;
    return { fields, general: t`The exchange is limiting ${what} right now. Wait ${wait}, then try again; nothing was sent.` };
  }
  if (error.reason === 'two_factor_off') {
    return { fields, general: t`Two-factor authentication is off for this exchange account. Turn on 2FA on the exchange website, then try again.` };
  }
  if (error.reason === 'session_ended') return { fields, general: t`This window’s session ended; open the app again. Nothing was sent.` };
  if (error.kind === 'auth') return { fields, general: t`The exchange refused this API key. Check the key in Accounts.` };
  if (error.kind === 'permission') return { fields, general: t`This API key is not allowed to withdraw. Enable withdrawals for the key on the exchange website.` };

  const business = error.kind === 'validation' && error.code !== undefined ? BUSINESS_CODES[error.code] : undefined;
  const exchangeWords = (messages: string[] | undefined) => (messages && messages.length > 0 ? messages.join(' ') : undefined);
  for (const [name, messages] of Object.entries(error.fields ?? {})) {
    const field = FIELD_ALIASES[name];
    if (!field) continue;
    const said = exchangeWords(messages?.filter((m) => !looksLikeCode(m)));
    fields[field] = business && business.field === field ? combine(i18n._(business.message), said) : said ? plainFieldMessage(field, said) : t`This value was not accepted.`;
  }
  if (business && !fields[business.field]) fields[business.field] = i18n._(business.message);
  // Travel Rule and fiat fields come back with the shared schema's dotted paths.
  for (const [field, message] of Object.entries(extraFieldErrors(error.fields ?? {}))) fields[field as FieldName] ??= message;
  const placed = Object.keys(fields).length > 0;
  return { fields, general: placed ? null : generalWords(error) };
}

/** What belongs to no field: the failure's words (by code, else kind), then the exchange's own words as such. */
function generalWords(error: AppError): string {
  const said = error.exchangeSaid ? ` ${exchangeSaidWords(error.exchangeSaid)}` : '';
  return `${errorSentence(error)}${said}`;
}

function combine(ours: string, theirs: string | undefined): string {
  return theirs && theirs !== ours ? t`${ours} (Exchange: “${theirs}”)` : ours;
}

/** The exchange's request-shape messages ("The memo field is required.") are shown as its words, labelled. */
function plainFieldMessage(field: FieldName, message: string): string {
  if (/provider is required/i.test(message)) return t`Choose the payment provider (required for fiat currencies).`;
  if (field === 'ticker' && /selected ticker is invalid/i.test(message)) return t`The exchange does not accept withdrawals of this currency.`;
  return exchangeSaidWords(message);
}
