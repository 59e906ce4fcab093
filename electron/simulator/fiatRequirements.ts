/**
 * The extra withdraw-pay fields fiat providers require, as the exchange documents them per field
 * (openapi/private/main_api_v4.yaml, withdraw-pay request):
 *   customerIp   "Required if currency ticker is USD or EUR with VISAMASTER provider"
 *   beneficiary  "Required if currency ticker is one of USD_VISAMASTER, EUR_VISAMASTER, USD, EUR";
 *                firstName/lastName "Max length: 40 symbols"
 *   bankBic      "Required if the fiat provider is one of: SEPA, SEPA_CLEAR_JUNCTION, SEPA_BCB_GROUP, ..."
 * Which provider needs what is recorded on the provider (data/catalogue.ts). The messages are ours,
 * in the exchange's Laravel style; the documentation gives none for these fields.
 */
import { isIP } from 'node:net';
import type { ProviderRequirements } from './data/catalogue';
import type { FieldErrors } from './http';

const BIC = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
const NAME_MAX = 40;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const absent = (v: unknown) => v === undefined || v === null || v === '';

function beneficiaryName(errors: FieldErrors, beneficiary: Json, field: 'firstName' | 'lastName'): void {
  const key = `beneficiary.${field}`;
  const value = beneficiary[field];
  if (absent(value)) errors[key] = [`The ${key} field is required.`];
  else if (typeof value !== 'string') errors[key] = [`The ${key} must be a string.`];
  else if (value.length > NAME_MAX) errors[key] = [`The ${key} may not be greater than ${NAME_MAX} characters.`];
}

/** Field errors for the provider's required fields; empty when the request has them all. */
export function fiatRequirementErrors(requires: ProviderRequirements, body: Json): FieldErrors {
  const errors: FieldErrors = {};
  if (requires.customerIp) {
    const ip = body.customerIp;
    if (absent(ip)) errors.customerIp = ['The customer ip field is required.'];
    else if (typeof ip !== 'string' || isIP(ip) === 0) errors.customerIp = ['The customer ip must be a valid IP address.'];
  }
  if (requires.bankBic) {
    const bic = body.bankBic;
    if (absent(bic)) errors.bankBic = ['The bank bic field is required.'];
    else if (typeof bic !== 'string' || !BIC.test(bic)) errors.bankBic = ['The bank bic format is invalid.'];
  }
  if (requires.beneficiary) {
    const beneficiary = body.beneficiary;
    if (!isObject(beneficiary)) {
      errors.beneficiary = [absent(beneficiary) ? 'The beneficiary field is required.' : 'The beneficiary must be an object.'];
    } else {
      beneficiaryName(errors, beneficiary, 'firstName');
      beneficiaryName(errors, beneficiary, 'lastName');
    }
  }
  return errors;
}
