/**
 * A withdrawal's field refusals in the person's language: the form's own check and the main
 * process's second check (shared/api/fees.ts, electron/services/withdrawals/validate.ts) give the
 * same codes and values (shared/failures.ts); the words are the page's.
 */
import { t } from '@lingui/core/macro';
import type { FeeUnknown } from '../../../shared/api/fees';
import type { KnownFailure } from '../../../shared/failures';
import { formatAmount } from '../../format/format';
import { invalidAddressText } from './addressWords';
import { extraFieldText } from './formExtras';
import { feeUnknownWords } from './feeUnknownWords';
import { providerName } from './providerNames';

const names = (choices: string) =>
  choices
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
const providers = (choices: string) => names(choices).map(providerName).join(', ');

/** The words for a withdrawal field refusal, or null when the failure is not one. */
export function fieldRefusalWords(failure: KnownFailure): string | null {
  switch (failure.reason) {
    case 'asset_unknown': {
      const { ticker } = failure.values;
      return t`${ticker} is not an asset on this exchange.`;
    }
    case 'asset_not_withdrawable': {
      const { ticker } = failure.values;
      return t`${ticker} cannot be withdrawn right now.`;
    }
    case 'asset_website_only': {
      const { ticker } = failure.values;
      return t`${ticker} can be withdrawn on the exchange website only, not through the API.`;
    }
    case 'network_not_used': {
      const { ticker } = failure.values;
      return t`${ticker} has a single network; do not choose one.`;
    }
    case 'network_none_open': {
      const { ticker } = failure.values;
      return t`${ticker} withdrawals are disabled on every network right now.`;
    }
    case 'network_not_chosen': {
      const { choices, ticker } = failure.values;
      const list = names(choices).join(', ');
      return t`Choose a network for ${ticker}: ${list}.`;
    }
    case 'network_not_offered': {
      const { ticker, network, choices } = failure.values;
      const list = names(choices).join(', ');
      return t`${ticker} cannot be withdrawn over ${network}; choose one of ${list}.`;
    }
    case 'provider_not_used': {
      const { ticker } = failure.values;
      return t`${ticker} is not a fiat currency; it has no payment provider.`;
    }
    case 'provider_none_open': {
      const { ticker } = failure.values;
      return t`${ticker} has no payment provider for withdrawals right now.`;
    }
    case 'provider_not_chosen': {
      const { choices, ticker } = failure.values;
      const list = providers(choices);
      return t`Choose a payment provider for ${ticker}: ${list}.`;
    }
    case 'provider_not_offered': {
      const { ticker, choices } = failure.values;
      const provider = providerName(failure.values.provider);
      const list = providers(choices);
      return t`${provider} does not pay out ${ticker}; choose one of ${list}.`;
    }
    case 'provider_not_withdrawable': {
      const { ticker } = failure.values;
      const provider = providerName(failure.values.provider);
      return t`${provider} does not pay out ${ticker} right now.`;
    }
    case 'provider_website_only': {
      const { ticker } = failure.values;
      const provider = providerName(failure.values.provider);
      return t`${provider} pays out ${ticker} on the exchange website only, not through the API.`;
    }
    case 'address_invalid': {
      const { network, problem, family, lookalikeName, lookalikeNetworks } = failure.values;
      const lookalike = lookalikeName ? { name: lookalikeName, networks: names(lookalikeNetworks ?? '') } : null;
      return invalidAddressText({ problem, family, lookalike }, network);
    }
    case 'memo_required': {
      const { ticker } = failure.values;
      return t`${ticker} needs a memo (destination tag); the receiving wallet uses it to credit the funds.`;
    }
    case 'memo_not_used': {
      const { ticker } = failure.values;
      return t`${ticker} does not use a memo; leave it empty.`;
    }
    case 'extra_field':
      return extraFieldText(failure.values.field, failure.values.problem);
    case 'amount_not_a_number':
      return t`Enter an amount such as 0.5.`;
    case 'amount_not_positive':
      return t`The amount must be greater than zero.`;
    case 'amount_too_precise': {
      const { ticker, precision, fallback } = failure.values;
      return fallback === null
        ? t`${ticker} allows at most ${precision} decimal places.`
        : t`${ticker} allows at most ${precision} decimal places (the exchange states no precision for ${ticker}; ${fallback} is assumed).`;
    }
    case 'amount_below_min': {
      const { min, ticker } = failure.values;
      const amount = formatAmount(min);
      return t`The minimum withdrawal is ${amount} ${ticker}.`;
    }
    case 'amount_above_max': {
      const { max, ticker } = failure.values;
      const amount = formatAmount(max);
      return t`The maximum withdrawal is ${amount} ${ticker}.`;
    }
    case 'balance_short': {
      const { ticker } = failure.values;
      const needed = formatAmount(failure.values.needed);
      const available = formatAmount(failure.values.available);
      return failure.values.fee === null
        ? t`Not enough ${ticker}: ${needed} needed (the amount alone, before the unknown fee), ${available} available.`
        : t`Not enough ${ticker}: ${needed} needed (amount + fee), ${available} available.`;
    }
    case 'fee_unknown_unaccepted': {
      const { ticker, cause, provider } = failure.values;
      const unknown = (provider === null ? { cause, ticker } : { cause, ticker, provider }) as FeeUnknown;
      const why = isFeeUnknownCause(cause, provider) ? `${feeUnknownWords(unknown)} ` : '';
      return `${why}${t`Confirm that you accept an unknown fee to continue.`}`;
    }
    default:
      return null;
  }
}

/** Whether the cause is one feeUnknownWords knows, with the provider it needs. */
function isFeeUnknownCause(cause: string, provider: string | null): boolean {
  if (cause === 'provider_unlisted' || cause === 'provider_ambiguous') return provider !== null;
  return cause === 'no_entry' || cause === 'no_withdraw_fee' || cause === 'choose_provider';
}
