/**
 * The accounts service's field refusals in the person's language: the main process sends a code
 * (shared/failures.ts) under the field it concerns; the words are the page's.
 */
import { t } from '@lingui/core/macro';
import type { AppError } from '../../../shared/errors';
import { readFailure } from '../../../shared/failures';

/** The sentence for a coded field refusal of the accounts service, or null when it is not one. */
export function accountRefusalWords(error: AppError): string | null {
  const failure = readFailure(error);
  switch (failure?.reason) {
    case 'key_in_use': {
      const { holder } = failure.values;
      return t`This API key is already used by the account “${holder}”. One key belongs to one account: to give that account a new secret, choose Replace key on it.`;
    }
    case 'demo_fixed':
      return t`The Demo account is built in: its name, server and keys cannot be changed, and it cannot be removed. Add a real account for your own.`;
    case 'base_url_custom_only':
      return t`Choose the custom region to use your own server address.`;
    case 'base_url_required':
      return t`The custom region needs a server address.`;
    default:
      return null;
  }
}
