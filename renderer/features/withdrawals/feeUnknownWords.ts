import { t } from '@lingui/core/macro';
import type { FeeUnknown } from '../../../shared/api/fees';
import { providerName } from './providerNames';

/** Why the fee is unknown, in the person's words: providers by name, never by fee-list id. */
export function feeUnknownWords(unknown: FeeUnknown): string {
  switch (unknown.cause) {
    case 'no_entry':
      return t`The exchange states no fee for ${unknown.ticker} on this network.`;
    case 'no_withdraw_fee':
      return t`The exchange states no withdrawal fee for ${unknown.ticker}.`;
    case 'choose_provider':
      return t`The ${unknown.ticker} fee depends on the payment provider: choose one to see it.`;
    case 'provider_unlisted': {
      const name = providerName(unknown.provider);
      return t`The exchange’s fee list has no ${unknown.ticker} fee for ${name}, so the fee will be known only once the exchange charges it.`;
    }
    case 'provider_ambiguous': {
      const name = providerName(unknown.provider);
      return t`The exchange’s fee list has more than one ${unknown.ticker} fee that could be ${name}’s, so the fee cannot be told in advance.`;
    }
  }
}
