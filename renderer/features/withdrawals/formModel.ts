/**
 * The withdrawal form as pure functions: which assets, networks and providers can be chosen, the
 * live fee preview (the shared fee model, so it matches the main process and the exchange), the
 * checks before sending, and how an exchange error maps back onto the field it concerns.
 */
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { checkAddressFormat } from '../../../shared/addresses/addressFormat';
import { invalidAddressText, uncheckedAddressNote } from './addressWords';
import { feeKey, isFiatAsset, memoRequired, previewWithdrawal, withdrawalLimits, type FeeList, type FeeTerms, type MarketData as SharedMarketData, type PreviewResult, type WithdrawAsset } from '../../../shared/api/fees';
import { checkExtras, extrasRequired, type ExtrasRequired, type WithdrawExtrasInput } from '../../../shared/api/withdrawRequest';
import type { AppError } from '../../../shared/errors';
import type { RequestOf } from '../../../shared/ipc';
import { compare, isLooseDecimalString, isZero } from '../../../shared/money/decimal';

/** The Travel Rule section's fields (crypto from an EEA account). */
export const TRAVEL_RULE_FIELDS = [
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
export const FIAT_FIELDS = ['fiatFirstName', 'fiatLastName', 'bankBic', 'customerIp'] as const;

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

/** An asset as the form uses it: the withdrawal checks' view plus its display name. */
export type FormAsset = WithdrawAsset & { name: string };

/** Exchange data as the withdrawal form reads it: readable assets, fee entries and balances. */
export type MarketData = SharedMarketData<FormAsset>;

export interface AssetChoice {
  ticker: string;
  name: string;
  balance: string;
  /** The account holds some of it. */
  held: boolean;
  asset: FormAsset;
}

/** Assets that can be withdrawn now: the ones the account holds first, each group by ticker. */
export function assetChoices(assets: MarketData['assets'], balance: MarketData['balance']): AssetChoice[] {
  const choices: AssetChoice[] = [];
  for (const [ticker, asset] of Object.entries(assets)) {
    if (!asset.can_withdraw) continue;
    if (asset.networks && !asset.networks.withdraws?.length) continue;
    if (asset.providers && !asset.providers.withdraws?.length) continue;
    const stated = balance[ticker]?.main_balance;
    const readable = stated !== undefined && isLooseDecimalString(stated);
    choices.push({ ticker, name: asset.name, balance: readable ? stated : '0', held: readable && compare(stated, '0') > 0, asset });
  }
  return choices.sort((a, b) => Number(b.held) - Number(a.held) || a.ticker.localeCompare(b.ticker));
}

/** Assets that can be withdrawn and that the account holds, by ticker. */
export function withdrawableAssets(assets: MarketData['assets'], balance: MarketData['balance']): AssetChoice[] {
  return assetChoices(assets, balance).filter((choice) => choice.held);
}

export interface NetworkOption {
  network: string;
  /** Listed for withdrawals by the asset status and not switched off in the fee list. */
  enabled: boolean;
  /** The fee in words ("0.0004 BTC", "1 % (min 5, max 10) + 2 UAH"), or null when no fee is listed. */
  fee: string | null;
  /** The smallest amount the receiver may get on this network; "0" when none is stated. */
  min: string;
}

/**
 * Each network of a multi-network asset with its fee, minimum and whether it is on: the withdrawal
 * networks, plus networks the fee list names for the asset that are off for withdrawals.
 */
export function networkOptions(ticker: string, asset: WithdrawAsset | undefined, fees: FeeList): NetworkOption[] {
  const listed = networkChoices(asset);
  const prefix = `${ticker} (`;
  const offInFeeList = Object.keys(fees.items)
    .filter((key) => key.startsWith(prefix) && key.endsWith(')'))
    .map((key) => key.slice(prefix.length, -1))
    .filter((network) => !listed.includes(network));
  return [...listed, ...offInFeeList.sort()].map((network) => {
    const entry = fees.items[feeKey(ticker, network)];
    const terms = entry?.withdraw ?? undefined;
    const enabled = listed.includes(network) && entry?.is_withdrawal !== false && entry?.is_api_withdrawal !== false;
    return { network, enabled, fee: terms ? feeWords(terms, ticker) : null, min: asset ? withdrawalLimits(asset, terms, network).min : '0' };
  });
}

function feeWords(terms: FeeTerms, ticker: string): string {
  const parts: string[] = [];
  if (terms.flex && !isZero(terms.flex.percent)) {
    const caps = [!isZero(terms.flex.min_fee) ? `min ${terms.flex.min_fee}` : null, !isZero(terms.flex.max_fee) ? `max ${terms.flex.max_fee}` : null].filter(Boolean);
    parts.push(`${terms.flex.percent} %${caps.length ? ` (${caps.join(', ')})` : ''}`);
  }
  if (terms.fixed && !isZero(terms.fixed)) parts.push(`${terms.fixed} ${ticker}`);
  return parts.length ? parts.join(' + ') : `0 ${ticker}`;
}

export function networkChoices(asset: WithdrawAsset | undefined): string[] {
  return asset?.networks?.withdraws ?? [];
}

/** The asset's default network when it is one of the withdrawal networks, else the only one. */
export function defaultNetwork(asset: WithdrawAsset | undefined): string {
  const choices = networkChoices(asset);
  const preferred = asset?.networks?.default;
  if (preferred && choices.includes(preferred)) return preferred;
  return choices.length === 1 ? choices[0]! : '';
}

export function providerChoices(asset: WithdrawAsset | undefined): string[] {
  return asset?.providers?.withdraws ?? [];
}

export const isFiat = isFiatAsset;

const NOTHING_REQUIRED: ExtrasRequired = { travelRule: false, beneficiary: false, bankBic: false, customerIp: false };

/** Which extra sections the form shows: the shared rule (docs/exchange-api.md), for the chosen asset and provider. */
export function requiredExtras(values: FormValues, data: MarketData, account: { eea: boolean }): ExtrasRequired {
  const asset = values.ticker ? data.assets[values.ticker] : undefined;
  if (!asset) return NOTHING_REQUIRED;
  return extrasRequired({ ticker: values.ticker, fiat: isFiatAsset(asset), provider: values.provider || null, eea: account.eea });
}

const trimmed = (v: string) => v.trim();
const withOptional = <K extends string>(key: K, value: string): Partial<Record<K, string>> => (value.trim() ? ({ [key]: value.trim() } as Record<K, string>) : {});

/** The extras object exactly as the main process receives it: only what is required, nothing undefined. */
export function extrasFromForm(values: FormValues, required: ExtrasRequired): WithdrawExtrasInput {
  const extras: Record<string, unknown> = {};
  if (required.travelRule) {
    const address = { country: trimmed(values.addrCountry), city: trimmed(values.addrCity), addressLine1: trimmed(values.addrLine1), ...withOptional('postCode', values.addrPostCode) };
    const common = { residenceCountry: trimmed(values.residenceCountry), address };
    const beneficiary =
      values.beneficiaryType === 'individual'
        ? { type: 'individual', firstName: trimmed(values.trFirstName), lastName: trimmed(values.trLastName), ...common }
        : values.beneficiaryType === 'entity'
          ? { type: 'entity', fullName: trimmed(values.trFullName), ...common }
          : common;
    const vaspData = values.vaspId && values.vaspId !== VASP_NOT_LISTED ? { vaspId: values.vaspId } : values.vaspName.trim() ? { vaspName: values.vaspName.trim() } : undefined;
    extras.travelRule =
      values.walletType === 'hosted'
        ? { walletType: 'hosted', beneficiary, ...(vaspData ? { vaspData } : {}) }
        : values.walletType === 'unhosted'
          ? { walletType: 'unhosted', beneficiary }
          : { beneficiary };
  }
  if (required.beneficiary) extras.beneficiary = { firstName: trimmed(values.fiatFirstName), lastName: trimmed(values.fiatLastName) };
  if (required.bankBic) extras.bankBic = trimmed(values.bankBic);
  if (required.customerIp) extras.customerIp = trimmed(values.customerIp);
  return extras as WithdrawExtrasInput;
}

/** The shared schema's dotted paths onto the form's fields, with the label each message follows. */
const EXTRA_PATHS: Array<{ path: RegExp; field: FieldName; label: MessageDescriptor }> = [
  { path: /^travelRule\.walletType$|^travelRule$/, field: 'walletType', label: msg`Wallet type` },
  { path: /^travelRule\.vaspData/, field: 'vasp', label: msg`Receiving platform (VASP)` },
  { path: /^travelRule\.beneficiary\.type$|^travelRule\.beneficiary$/, field: 'beneficiaryType', label: msg`Beneficiary` },
  { path: /^travelRule\.beneficiary\.firstName$/, field: 'trFirstName', label: msg`First name` },
  { path: /^travelRule\.beneficiary\.lastName$/, field: 'trLastName', label: msg`Last name` },
  { path: /^travelRule\.beneficiary\.fullName$/, field: 'trFullName', label: msg`Full legal name` },
  { path: /^travelRule\.beneficiary\.residenceCountry$/, field: 'residenceCountry', label: msg`Country of residence` },
  { path: /^travelRule\.beneficiary\.address\.country$|^travelRule\.beneficiary\.address$/, field: 'addrCountry', label: msg`Country` },
  { path: /^travelRule\.beneficiary\.address\.city$/, field: 'addrCity', label: msg`City` },
  { path: /^travelRule\.beneficiary\.address\.addressLine1$/, field: 'addrLine1', label: msg`Street address` },
  { path: /^travelRule\.beneficiary\.address\.postCode$/, field: 'addrPostCode', label: msg`Post code` },
  { path: /^beneficiary\.firstName$|^beneficiary$/, field: 'fiatFirstName', label: msg`Beneficiary first name` },
  { path: /^beneficiary\.lastName$/, field: 'fiatLastName', label: msg`Beneficiary last name` },
  { path: /^bankBic$/, field: 'bankBic', label: msg`Bank BIC` },
  { path: /^customerIp$/, field: 'customerIp', label: msg`Your IP address` },
  { path: /^acceptUnknownFee$/, field: 'acceptUnknownFee', label: msg`Unknown fee` },
];

/** Field errors of the shared schema (or of the main process, which uses the same) onto the form. */
export function extraFieldErrors(fields: Record<string, string[]>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, messages] of Object.entries(fields)) {
    const target = EXTRA_PATHS.find((p) => p.path.test(path));
    const message = messages[0];
    if (!target || !message) continue;
    // Messages of the shared schema are phrases ("is required"); full sentences are kept as they are.
    errors[target.field] ??= /^[a-z]/.test(message) ? `${i18n._(target.label)} ${message}.` : message;
  }
  return errors;
}

export interface FormCheck {
  errors: FieldErrors;
  /** Null until ticker and a number-like amount are known. */
  preview: PreviewResult | null;
  /** Which extra sections apply. */
  required: ExtrasRequired;
  /** Said beside the address when its network's format is not one the app checks. */
  addressNote: string | null;
}

/**
 * Everything that can be checked before anything is sent. `errors` holds one plain sentence per
 * field; an empty object means the form may be submitted.
 */
export function checkForm(values: FormValues, data: MarketData, account: { eea: boolean } = { eea: false }): FormCheck {
  const errors: FieldErrors = {};
  const asset = values.ticker ? data.assets[values.ticker] : undefined;
  if (!values.ticker) errors.ticker = t`Choose the asset to withdraw.`;
  else if (!asset) errors.ticker = t`${values.ticker} is not available on this exchange.`;

  const networks = networkChoices(asset);
  if (networks.length > 1 && !values.network) errors.network = t`Choose the network the receiving wallet uses.`;
  if (values.network && networks.length > 0 && !networks.includes(values.network)) errors.network = t`${values.ticker} cannot be withdrawn over ${values.network}.`;

  if (isFiat(asset)) {
    const providers = providerChoices(asset);
    if (!values.provider) errors.provider = t`Choose the payment provider (required for fiat currencies).`;
    else if (!providers.includes(values.provider)) errors.provider = t`${values.provider} does not pay out ${values.ticker}.`;
  }

  if (asset && memoRequired(asset) && !values.memo.trim()) errors.memo = t`${values.ticker} needs a memo (destination tag); without it the receiver cannot be credited.`;

  const address = values.address.trim();
  if (!address) errors.address = isFiat(asset) ? t`Enter the card token or account identifier to pay out to.` : t`Enter the receiving wallet address.`;
  else if (address.length > 512) errors.address = t`This address is too long (at most 512 characters).`;
  // Card tokens and bank identifiers may be written with spaces; wallet addresses never contain one.
  else if (!isFiat(asset) && /\s/.test(address)) errors.address = t`A wallet address has no spaces; check what was pasted.`;
  let addressNote: string | null = null;
  // Against the network the exchange will use; with several and none chosen yet, the network error speaks first.
  const formatNetwork = values.network || (networks.length > 1 ? '' : defaultNetwork(asset) || (asset?.networks ? '' : values.ticker));
  if (address && !errors.address && asset && !isFiat(asset) && formatNetwork) {
    const format = checkAddressFormat(formatNetwork, address);
    if (format.kind === 'invalid') errors.address = invalidAddressText(format, formatNetwork);
    else if (format.kind === 'unchecked') addressNote = uncheckedAddressNote(formatNetwork);
  }

  const required = requiredExtras(values, data, account);
  const extras = checkExtras(extrasFromForm(values, required), required);
  if (!extras.ok) Object.assign(errors, { ...extraFieldErrors(extras.fields), ...errors });

  const amount = values.amount.trim();
  let preview: PreviewResult | null = null;
  if (!amount) errors.amount = t`Enter the amount the receiver should get.`;
  else if (asset) {
    preview = previewWithdrawal({ ...withdrawalInputs(values, data, asset), amount });
    if (!preview.ok) {
      const field: FieldName = preview.problem.field;
      errors[field] ??= preview.problem.message;
    } else if (preview.preview.fee === null && !values.acceptUnknownFee) {
      errors.acceptUnknownFee = t`The fee for this withdrawal is unknown. Tick the box to accept that, or choose another provider.`;
    }
  }
  return { errors, preview, required, addressNote };
}

/** What the fee model needs of the form, for the preview and for Max alike. */
export function withdrawalInputs(values: FormValues, data: MarketData, asset: FormAsset) {
  return {
    ticker: values.ticker,
    balance: data.balance[values.ticker]?.main_balance ?? '0',
    asset,
    fees: data.fees,
    network: values.network || defaultNetwork(asset) || null,
    provider: values.provider || null,
  };
}

/** What `withdrawals.prepare` receives for a form that passed `checkForm`. */
export function prepareRequest(accountId: string, values: FormValues, check: FormCheck): RequestOf<'withdrawals.prepare'> {
  return {
    accountId,
    ticker: values.ticker,
    amount: values.amount.trim(),
    address: values.address.trim(),
    ...(values.memo.trim() ? { memo: values.memo.trim() } : {}),
    ...(values.network ? { network: values.network } : {}),
    ...(values.provider ? { provider: values.provider } : {}),
    ...extrasFromForm(values, check.required),
    ...(check.preview?.ok && check.preview.preview.fee === null && values.acceptUnknownFee ? { acceptUnknownFee: true as const } : {}),
  };
}

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
};

export interface MappedError {
  fields: FieldErrors;
  /** What belongs to no field (2FA, throttling, connection), in plain words; null when all went to fields. */
  general: string | null;
}

/** Puts an exchange (or main-process) error on the field it concerns, in plain words. */
export function mapServerError(error: AppError): MappedError {
  const fields: FieldErrors = {};
  if (error.kind === 'rate_limited') {
    // The wait is the one the main process measured (Retry-After, capped), never a guess.
    const wait = error.retryAfterMs ? t`about ${Math.max(1, Math.ceil(error.retryAfterMs / 1000))} s` : t`a little`;
    const what = error.reason === 'withdraw_throttled' ? t`withdrawal attempts` : t`how often the app may ask`;
    return { fields, general: t`The exchange is limiting ${what} right now. Wait ${wait}, then try again; nothing was sent.` };
  }
  if (error.reason === 'two_factor_off') {
    return { fields, general: t`Two-factor authentication is off for this exchange account. Turn on 2FA on the exchange website, then try again.` };
  }
  if (error.kind === 'auth') return { fields, general: t`The exchange refused this API key. Check the key in Accounts.` };
  if (error.kind === 'permission') return { fields, general: t`This API key is not allowed to withdraw. Enable withdrawals for the key on the exchange website.` };

  const business = error.kind === 'validation' && error.code !== undefined ? BUSINESS_CODES[error.code] : undefined;
  const exchangeWords = (messages: string[] | undefined) => (messages && messages.length > 0 ? messages.join(' ') : undefined);
  for (const [name, messages] of Object.entries(error.fields ?? {})) {
    const field = FIELD_ALIASES[name];
    if (!field) continue;
    fields[field] = business && business.field === field ? combine(i18n._(business.message), exchangeWords(messages)) : plainFieldMessage(field, exchangeWords(messages) ?? error.message);
  }
  if (business && !fields[business.field]) fields[business.field] = i18n._(business.message);
  // Travel Rule and fiat fields come back with the shared schema's dotted paths.
  for (const [field, message] of Object.entries(extraFieldErrors(error.fields ?? {}))) fields[field as FieldName] ??= message;
  const placed = Object.keys(fields).length > 0;
  return { fields, general: placed ? null : error.message };
}

function combine(ours: string, theirs: string | undefined): string {
  return theirs && theirs !== ours ? t`${ours} (Exchange: “${theirs}”)` : ours;
}

/** The exchange's request-shape messages ("The memo field is required.") are already plain; keep them. */
function plainFieldMessage(field: FieldName, message: string): string {
  if (/provider is required/i.test(message)) return t`Choose the payment provider (required for fiat currencies).`;
  if (field === 'ticker' && /selected ticker is invalid/i.test(message)) return t`The exchange does not accept withdrawals of this currency.`;
  return message;
}
