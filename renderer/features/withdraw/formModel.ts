/**
 * The withdrawal form as pure functions: which assets, networks and providers can be chosen, the
 * live fee preview (the shared fee model, so it matches the main process and the exchange), the
 * checks before sending, and how an exchange error maps back onto the field it concerns.
 */
import { previewWithdrawal, type PreviewResult } from '../../../shared/api/fees';
import type { AssetStatus, AssetsResponse, BalanceResponse, FeesResponse } from '../../../shared/api/schemas';
import type { AppError } from '../../../shared/errors';
import { compare, isLooseDecimalString } from '../../../shared/money/decimal';

export type FieldName = 'ticker' | 'network' | 'provider' | 'memo' | 'address' | 'amount';
export const FIELD_NAMES: readonly FieldName[] = ['ticker', 'network', 'provider', 'memo', 'address', 'amount'];

export interface FormValues {
  ticker: string;
  network: string;
  provider: string;
  memo: string;
  address: string;
  amount: string;
}

export const EMPTY_FORM: FormValues = { ticker: '', network: '', provider: '', memo: '', address: '', amount: '' };

export type FieldErrors = Partial<Record<FieldName, string>>;

export interface AssetChoice {
  ticker: string;
  name: string;
  balance: string;
  asset: AssetStatus;
}

/** Assets that can be withdrawn and that the account holds, by ticker. */
export function withdrawableAssets(assets: AssetsResponse, balance: BalanceResponse): AssetChoice[] {
  const choices: AssetChoice[] = [];
  for (const [ticker, asset] of Object.entries(assets.items)) {
    const held = balance.items[ticker]?.main_balance;
    if (!asset.can_withdraw || held === undefined || !isLooseDecimalString(held) || compare(held, '0') <= 0) continue;
    if (asset.networks && !asset.networks.withdraws?.length) continue;
    if (asset.providers && !asset.providers.withdraws?.length) continue;
    choices.push({ ticker, name: asset.name, balance: held, asset });
  }
  return choices.sort((a, b) => a.ticker.localeCompare(b.ticker));
}

export function networkChoices(asset: AssetStatus | undefined): string[] {
  return asset?.networks?.withdraws ?? [];
}

/** The asset's default network when it is one of the withdrawal networks, else the only one. */
export function defaultNetwork(asset: AssetStatus | undefined): string {
  const choices = networkChoices(asset);
  const preferred = asset?.networks?.default;
  if (preferred && choices.includes(preferred)) return preferred;
  return choices.length === 1 ? choices[0]! : '';
}

export function providerChoices(asset: AssetStatus | undefined): string[] {
  return asset?.providers?.withdraws ?? [];
}

export function isFiat(asset: AssetStatus | undefined): boolean {
  return asset?.providers !== undefined;
}

export interface FormCheck {
  errors: FieldErrors;
  /** Null until ticker and a number-like amount are known. */
  preview: PreviewResult | null;
}

/**
 * Everything that can be checked before anything is sent. `errors` holds one plain sentence per
 * field; an empty object means the form may be submitted.
 */
export function checkForm(values: FormValues, data: { assets: AssetsResponse; fees: FeesResponse; balance: BalanceResponse }): FormCheck {
  const errors: FieldErrors = {};
  const asset = values.ticker ? data.assets.items[values.ticker] : undefined;
  if (!values.ticker) errors.ticker = 'Choose the asset to withdraw.';
  else if (!asset) errors.ticker = `${values.ticker} is not available on this exchange.`;

  const networks = networkChoices(asset);
  if (networks.length > 1 && !values.network) errors.network = 'Choose the network the receiving wallet uses.';
  if (values.network && networks.length > 0 && !networks.includes(values.network)) errors.network = `${values.ticker} cannot be withdrawn over ${values.network}.`;

  if (isFiat(asset)) {
    const providers = providerChoices(asset);
    if (!values.provider) errors.provider = 'Choose the payment provider (required for fiat currencies).';
    else if (!providers.includes(values.provider)) errors.provider = `${values.provider} does not pay out ${values.ticker}.`;
  }

  if (asset?.is_memo && !values.memo.trim()) errors.memo = `${values.ticker} needs a memo (destination tag); without it the receiver cannot be credited.`;

  const address = values.address.trim();
  if (!address) errors.address = isFiat(asset) ? 'Enter the card token or account identifier to pay out to.' : 'Enter the receiving wallet address.';
  else if (address.length > 512) errors.address = 'This address is too long (at most 512 characters).';
  // Card tokens and bank identifiers may be written with spaces; wallet addresses never contain one.
  else if (!isFiat(asset) && /\s/.test(address)) errors.address = 'A wallet address has no spaces; check what was pasted.';

  const amount = values.amount.trim();
  let preview: PreviewResult | null = null;
  if (!amount) errors.amount = 'Enter the amount the receiver should get.';
  else if (asset) {
    preview = previewWithdrawal({
      ticker: values.ticker,
      amount,
      balance: data.balance.items[values.ticker]?.main_balance ?? '0',
      asset,
      fees: data.fees,
      network: values.network || defaultNetwork(asset) || null,
      provider: values.provider || null,
    });
    if (!preview.ok) {
      const field: FieldName = preview.problem.field === 'ticker' ? 'ticker' : 'amount';
      errors[field] ??= preview.problem.message;
    }
  }
  return { errors, preview };
}

/** Exchange business codes of withdraw-pay (API.md), as the field and the words a person needs. */
const BUSINESS_CODES: Record<number, { field: FieldName; message: string }> = {
  1: { field: 'ticker', message: 'The exchange does not allow withdrawing this currency right now.' },
  2: { field: 'address', message: 'The exchange says this address is not valid for the chosen currency and network.' },
  3: { field: 'amount', message: 'The amount is below the exchange’s minimum for this currency.' },
  4: { field: 'amount', message: 'The amount is too small for the payment system.' },
  5: { field: 'amount', message: 'There is not enough balance for the amount plus the fee.' },
  6: { field: 'amount', message: 'The amount must be larger than the fee.' },
  7: { field: 'amount', message: 'This currency can only be withdrawn in whole units.' },
  8: { field: 'amount', message: 'After the fee nothing would arrive; increase the amount.' },
  9: { field: 'address', message: 'This is one of your own deposit addresses on the exchange; choose another address.' },
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
    return { fields, general: 'The exchange is limiting withdrawal attempts right now. Wait a minute, then try again; nothing was sent.' };
  }
  if (error.kind === 'validation' && error.status === 412) {
    return { fields, general: 'Two-factor authentication is off for this exchange account. Turn on 2FA on the exchange website, then try again.' };
  }
  if (error.kind === 'auth') return { fields, general: 'The exchange refused this API key. Check the key in Accounts.' };
  if (error.kind === 'permission') return { fields, general: 'This API key is not allowed to withdraw. Enable withdrawals for the key on the exchange website.' };

  const business = error.kind === 'validation' && error.code !== undefined ? BUSINESS_CODES[error.code] : undefined;
  const exchangeWords = (messages: string[] | undefined) => (messages && messages.length > 0 ? messages.join(' ') : undefined);
  for (const [name, messages] of Object.entries(error.fields ?? {})) {
    const field = FIELD_ALIASES[name];
    if (!field) continue;
    fields[field] = business && business.field === field ? combine(business.message, exchangeWords(messages)) : plainFieldMessage(field, exchangeWords(messages) ?? error.message);
  }
  if (business && !fields[business.field]) fields[business.field] = business.message;
  const placed = Object.keys(fields).length > 0;
  return { fields, general: placed ? null : error.message };
}

function combine(ours: string, theirs: string | undefined): string {
  return theirs && theirs !== ours ? `${ours} (Exchange: “${theirs}”)` : ours;
}

/** The exchange's request-shape messages ("The memo field is required.") are already plain; keep them. */
function plainFieldMessage(field: FieldName, message: string): string {
  if (/provider is required/i.test(message)) return 'Choose the payment provider (required for fiat currencies).';
  if (field === 'ticker' && /selected ticker is invalid/i.test(message)) return 'The exchange does not accept withdrawals of this currency.';
  return message;
}
