/** The withdrawal form's fields and values. */


/** The Travel Rule section's fields (crypto from an EEA account). */
const TRAVEL_RULE_FIELDS = [
  'walletType',
  'beneficiaryType',
  'trFirstName',
  'trLastName',
  'trFullName',
  'residenceCountry',
  'addrCountry',
  'addrCity',
  'addrLine1',
  'addrPostCode',
  'vasp',
] as const;
/** The fiat payout fields, each shown only when the chosen provider requires it. */
const FIAT_FIELDS = ['fiatFirstName', 'fiatLastName', 'bankBic', 'customerIp'] as const;

export type FieldName =
  | 'ticker'
  | 'network'
  | 'provider'
  | 'memo'
  | 'address'
  | 'amount'
  | (typeof TRAVEL_RULE_FIELDS)[number]
  | (typeof FIAT_FIELDS)[number]
  | 'acceptUnknownFee';
export const FIELD_NAMES: readonly FieldName[] = ['ticker', 'network', 'provider', 'memo', 'address', 'amount', ...TRAVEL_RULE_FIELDS, ...FIAT_FIELDS, 'acceptUnknownFee'];

/** Sentinel of the VASP picker: "my VASP is not in the list", then its name is typed. */
export const VASP_NOT_LISTED = '__not_listed__';

export interface FormValues {
  ticker: string;
  network: string;
  provider: string;
  memo: string;
  address: string;
  amount: string;
  walletType: '' | 'hosted' | 'unhosted';
  beneficiaryType: '' | 'individual' | 'entity';
  trFirstName: string;
  trLastName: string;
  trFullName: string;
  residenceCountry: string;
  addrCountry: string;
  addrCity: string;
  addrLine1: string;
  addrPostCode: string;
  /** A vaspId from the list, VASP_NOT_LISTED, or '' (none chosen). With no list, unused. */
  vaspId: string;
  vaspName: string;
  fiatFirstName: string;
  fiatLastName: string;
  bankBic: string;
  customerIp: string;
  acceptUnknownFee: boolean;
}

export const EMPTY_FORM: FormValues = {
  ticker: '',
  network: '',
  provider: '',
  memo: '',
  address: '',
  amount: '',
  walletType: '',
  beneficiaryType: '',
  trFirstName: '',
  trLastName: '',
  trFullName: '',
  residenceCountry: '',
  addrCountry: '',
  addrCity: '',
  addrLine1: '',
  addrPostCode: '',
  vaspId: '',
  vaspName: '',
  fiatFirstName: '',
  fiatLastName: '',
  bankBic: '',
  customerIp: '',
  acceptUnknownFee: false,
};

export type FieldErrors = Partial<Record<FieldName, string>>;

/** The form's text inputs and selects. */
export type TextField = Exclude<keyof FormValues, 'acceptUnknownFee'>;

/** The field whose error a text input shows (the VASP picker and name share one). */
export function errorFieldOf(field: TextField): FieldName {
  return field === 'vaspId' || field === 'vaspName' ? 'vasp' : field;
}
