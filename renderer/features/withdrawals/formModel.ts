/**
 * The withdrawal form's checks before sending and the request it makes (the shared fee model, so the
 * preview matches the main process and the exchange). The fields, choices, extra sections and error
 * mapping live in their own modules and are re-exported here.
 */
import { t } from '@lingui/core/macro';
import { checkAddressFormat } from '../../../shared/addresses/addressFormat';
import { checkDestinationText } from '../../../shared/addresses/destinationText';
import { invalidAddressText, uncheckedAddressNote } from './addressWords';
import { fieldRefusalWords } from './fieldRefusalWords';
import type { KnownFailure } from '../../../shared/failures';
import { destinationProblemWords } from './refusalWords';
import { memoRequired, previewWithdrawal, type PreviewResult } from '../../../shared/api/fees';
import { checkExtras, type ExtrasRequired } from '../../../shared/api/withdrawRequest';
import type { RequestOf } from '../../../shared/ipc';
import { type FieldErrors, type FieldName, type FormValues } from './formValues';
import { type FormAsset, type MarketData, defaultNetwork, isFiat, networkChoices, providerChoices } from './formChoices';
import { extraFieldErrors, extrasFromForm, requiredExtras } from './formExtras';

export * from './formValues';
export * from './formChoices';
export * from './formExtras';
export * from './serverErrors';

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
  if (!errors.address && address) {
    const unreadable = checkDestinationText(address, 'address', { fiat: isFiat(asset) });
    if (unreadable) errors.address = destinationProblemWords(unreadable.problem, unreadable.codePoint);
  }
  const memoText = values.memo.trim();
  if (!errors.memo && memoText) {
    const unreadable = checkDestinationText(memoText, 'memo');
    if (unreadable) errors.memo = destinationProblemWords(unreadable.problem, unreadable.codePoint);
  }
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
      errors[field] ??= fieldRefusalWords(preview.problem as KnownFailure) ?? t`Check this value.`;
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
