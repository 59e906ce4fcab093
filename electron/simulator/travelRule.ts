/**
 * Travel Rule data on crypto withdrawals from EEA accounts (withdraw-pay `travelRule`, documented in
 * openapi/private/main_api_v4.yaml): the structured form
 *   { walletType: "hosted" | "unhosted",
 *     beneficiary: { type: "individual", firstName, lastName | type: "entity", fullName,
 *                    residenceCountry (ISO 3166-1 alpha-3),
 *                    address: { country (alpha-3), city, addressLine1, postCode? } },
 *     vaspData: { vaspId | vaspName } }            (vaspData required when walletType is hosted)
 * The legacy flat form (type, vasp, name, address strings) "will not pass Travel Rule verification":
 * an EEA account refuses it like a missing object.
 *
 * The exchange does not document the errors it answers for a bad object; the messages and the field
 * keys below ("travelRule.beneficiary.firstName") are OUR wording, shaped like its Laravel field errors.
 */
import type { FieldErrors } from './http';

export interface Vasp {
  vaspId: string;
  name: string;
}

/** The VASP list /travel-rule/vasps answers (the first is the documented example's). */
export const VASPS: readonly Vasp[] = [
  { vaspId: 'vasp-001', name: 'Binance' },
  { vaspId: 'vasp-002', name: 'Kraken' },
  { vaspId: 'vasp-003', name: 'Coinbase' },
  { vaspId: 'vasp-004', name: 'Bitstamp' },
  { vaspId: 'vasp-005', name: 'Bitpanda' },
];
const VASP_IDS: ReadonlySet<string> = new Set(VASPS.map((v) => v.vaspId));

const ALPHA3 = /^[A-Z]{3}$/;
const MAX_TEXT = 255;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export const TRAVEL_RULE_MESSAGES = {
  required: 'Travel Rule data is required for crypto withdrawals from this account.',
  legacy: 'The legacy Travel Rule format does not pass verification: send walletType, beneficiary and vaspData.',
  walletType: 'The wallet type must be hosted or unhosted.',
  beneficiaryType: 'The beneficiary type must be individual or entity.',
  country: 'Must be an ISO 3166-1 alpha-3 country code, such as DEU.',
  vaspRequired: 'VASP data (vaspId or vaspName) is required for a hosted wallet.',
  vaspUnknown: 'The selected VASP is invalid.',
} as const;

const requiredMessage = (path: string) => `The ${path} field is required.`;

function text(errors: FieldErrors, owner: Json, field: string, path: string, required: boolean): void {
  const value = owner[field];
  const key = `${path}.${field}`;
  if (value === undefined || value === null || value === '') {
    if (required) errors[key] = [requiredMessage(key)];
    return;
  }
  if (typeof value !== 'string' || value.trim() === '') errors[key] = [`The ${key} field must be a non-empty string.`];
  else if (value.length > MAX_TEXT) errors[key] = [`The ${key} field may not be greater than ${MAX_TEXT} characters.`];
}

function country(errors: FieldErrors, owner: Json, field: string, path: string): void {
  const key = `${path}.${field}`;
  const value = owner[field];
  if (value === undefined || value === null || value === '') errors[key] = [requiredMessage(key)];
  else if (typeof value !== 'string' || !ALPHA3.test(value)) errors[key] = [TRAVEL_RULE_MESSAGES.country];
}

/** Field errors for a `travelRule` value on an EEA account's crypto withdrawal; empty when it is valid. */
export function travelRuleErrors(value: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!isObject(value)) {
    errors.travelRule = [TRAVEL_RULE_MESSAGES.required];
    return errors;
  }
  if (value.walletType === undefined && (typeof value.name === 'string' || typeof value.vasp === 'string')) {
    errors.travelRule = [TRAVEL_RULE_MESSAGES.legacy];
    return errors;
  }
  const walletType = value.walletType;
  if (walletType !== 'hosted' && walletType !== 'unhosted') {
    errors['travelRule.walletType'] = [walletType === undefined || walletType === null ? requiredMessage('travelRule.walletType') : TRAVEL_RULE_MESSAGES.walletType];
  }

  const beneficiary = value.beneficiary;
  if (!isObject(beneficiary)) {
    errors['travelRule.beneficiary'] = [requiredMessage('travelRule.beneficiary')];
  } else {
    const path = 'travelRule.beneficiary';
    if (beneficiary.type === 'individual') {
      text(errors, beneficiary, 'firstName', path, true);
      text(errors, beneficiary, 'lastName', path, true);
    } else if (beneficiary.type === 'entity') {
      text(errors, beneficiary, 'fullName', path, true);
    } else {
      errors[`${path}.type`] = [beneficiary.type === undefined ? requiredMessage(`${path}.type`) : TRAVEL_RULE_MESSAGES.beneficiaryType];
    }
    country(errors, beneficiary, 'residenceCountry', path);
    const address = beneficiary.address;
    if (!isObject(address)) {
      errors[`${path}.address`] = [requiredMessage(`${path}.address`)];
    } else {
      country(errors, address, 'country', `${path}.address`);
      text(errors, address, 'city', `${path}.address`, true);
      text(errors, address, 'addressLine1', `${path}.address`, true);
      text(errors, address, 'postCode', `${path}.address`, false);
    }
  }

  const vaspData = value.vaspData;
  if (walletType === 'hosted' || vaspData !== undefined) {
    if (!isObject(vaspData)) {
      errors['travelRule.vaspData'] = [TRAVEL_RULE_MESSAGES.vaspRequired];
    } else if (vaspData.vaspId !== undefined && vaspData.vaspId !== null && vaspData.vaspId !== '') {
      if (typeof vaspData.vaspId !== 'string' || !VASP_IDS.has(vaspData.vaspId)) errors['travelRule.vaspData.vaspId'] = [TRAVEL_RULE_MESSAGES.vaspUnknown];
    } else if (vaspData.vaspName !== undefined && vaspData.vaspName !== null && vaspData.vaspName !== '') {
      text(errors, vaspData, 'vaspName', 'travelRule.vaspData', true);
    } else {
      errors['travelRule.vaspData'] = [TRAVEL_RULE_MESSAGES.vaspRequired];
    }
  }
  return errors;
}
