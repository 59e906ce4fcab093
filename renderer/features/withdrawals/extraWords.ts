/**
 * What is wrong with a Travel Rule or payout field, as a phrase that follows the field's label: the
 * shared schemas (shared/api/withdrawRequest.ts) and the main process give problem codes.
 */
import { t } from '@lingui/core/macro';
import type { ExtraFieldProblem } from '../../../shared/failures';

export function extraProblemPhrase(problem: ExtraFieldProblem | string): string {
  switch (problem) {
    case 'required':
      return t`is required`;
    case 'too_long':
      return t`is too long`;
    case 'invisible_character':
      return t`contains an invisible or text-reordering character`;
    case 'country_code':
      return t`must be a 3-letter country code (ISO 3166-1 alpha-3), e.g. DEU`;
    case 'beneficiary_type':
      return t`must say whether the beneficiary is an individual or an entity`;
    case 'vasp':
      return t`must name the receiving platform (VASP): pick it from the list or type its name`;
    case 'wallet_type':
      return t`must say whether the receiving wallet is hosted (an exchange or custodian) or unhosted (your own wallet)`;
    case 'latin_letters':
      return t`must be written in Latin letters`;
    case 'date':
      return t`must be a date as YYYY-MM-DD`;
    case 'bic':
      return t`must be a BIC (SWIFT) code of 8 or 11 characters, e.g. DEUTDEFF`;
    case 'ip_address':
      return t`must be an IP address such as 203.0.113.42`;
    case 'not_accepted':
      return t`is not an accepted field`;
    case 'not_used':
      return t`is not used for this withdrawal`;
    case 'required_travel_rule':
      return t`is required for crypto withdrawals from an EEA account (Travel Rule)`;
    case 'required_payout':
      return t`is required for USD and EUR payouts`;
    case 'required_bank':
      return t`is required for this bank provider`;
    case 'required_visamaster':
      return t`is required for USD and EUR payouts via VISAMASTER`;
    default:
      return t`is not valid`;
  }
}
