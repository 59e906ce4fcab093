/**
 * What a person reads for each machine-readable reason (`AppError.reason`): the one place in the
 * renderer where a failure's cause becomes words. The main process keeps a safe default message
 * (shown as detail under these words); logic anywhere branches on the reason, never on text.
 * All wording here is ours, not the exchange's.
 */
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ErrorReason } from '../../shared/errors';
import { isFailureReason } from '../../shared/failures';

export interface ReasonWords {
  title: string;
  advice: string;
}

type Words = { title: MessageDescriptor; advice: MessageDescriptor };

/** A withdrawal field refusal: the Withdraw form words it in full under the field (fieldRefusalWords.ts). */
const WITHDRAWAL_FIELD: Words = {
  title: msg`The withdrawal was not accepted`,
  advice: msg`Nothing was sent. The Withdraw form shows which value to change.`,
};

const WORDS: Readonly<Record<ErrorReason, Words>> = Object.freeze({
  nonce_window: {
    title: msg`The exchange refused the request time`,
    advice: msg`This computer’s clock may be off. The app re-checks the exchange’s time; try again.`,
  },
  two_factor_off: {
    title: msg`Two-factor authentication is off`,
    advice: msg`Turn on two-factor authentication (2FA) on the exchange website, then send the withdrawal again.`,
  },
  withdraw_throttled: {
    title: msg`The exchange is limiting withdrawal attempts`,
    advice: msg`Wait a little before trying again. Nothing was sent by the refused attempt.`,
  },
  duplicate_id: {
    title: msg`The exchange already knows this withdrawal id`,
    advice: msg`A withdrawal with this id was sent before. Check the history before preparing it again.`,
  },
  invalid_payload: {
    title: msg`The exchange could not read the signed request`,
    advice: msg`Try again. If it keeps happening, tell the app maintainers.`,
  },
  bad_signature: {
    title: msg`The API secret does not match the key`,
    advice: msg`Check that the API secret belongs to this API key, and replace the key in Accounts if needed.`,
  },
  key_disabled: {
    title: msg`The exchange does not accept this API key`,
    advice: msg`Its answer means one of three things, and it does not say which: the key does not exist (mistyped or deleted), it is switched off, or it is not allowed from this IP address. Check the key in the API settings on the exchange website.`,
  },
  key_lacks_permission: {
    title: msg`This API key lacks a permission`,
    advice: msg`Give the key the permission for this area in the API settings on the exchange website, or use another key.`,
  },
  endpoint_forbidden: {
    title: msg`The exchange refused this part of the account`,
    advice: msg`Either the account has no access to it (smart-flex needs B2B access), or this API key’s endpoint restrictions exclude it. Check both on the exchange website.`,
  },
  region_unavailable: {
    title: msg`Not available in your region`,
    advice: msg`The exchange does not offer this in the region of this account.`,
  },
  plan_paused: {
    title: msg`This flex plan is paused`,
    advice: msg`The exchange is not taking new investments into this plan right now. Choose another plan or try later.`,
  },
  deadline: {
    title: msg`The exchange did not answer in time`,
    advice: msg`It may be slow or unreachable. The app already tried again; try once more in a moment.`,
  },
  cancelled: {
    title: msg`The request was cancelled`,
    advice: msg`It was stopped before the exchange answered, for example because the page was left.`,
  },
  rate_limited: {
    title: msg`The exchange asked us to slow down`,
    advice: msg`Too many requests.`,
  },
  account_not_confirmed: {
    title: msg`This sub-account is not confirmed`,
    advice: msg`Its balances can be read once the sub-account is confirmed on the exchange website.`,
  },
  not_depositable: {
    title: msg`This asset has no deposit address`,
    advice: msg`Fiat money and assets the exchange does not accept for deposit cannot be received to an address.`,
  },
  database_unavailable: {
    title: msg`Withdrawals are off: the app's database is not open`,
    advice: msg`Nothing was sent or written. The Withdraw view says why and what to do.`,
  },
  // Withdrawal refusals; the Withdraw view words them in full with their values (refusalWords.ts).
  recent_twin_unconfirmed: { title: msg`You sent the same payment less than a day ago`, advice: msg`Nothing was sent. To pay it again, confirm the box that names that payment.` },
  twin_open: { title: msg`The same withdrawal is still open`, advice: msg`Settle it in Recent withdrawals first; a second one could pay twice.` },
  debit_changed: { title: msg`The fee changed since you confirmed`, advice: msg`Nothing was sent. Check the new figures and confirm again.` },
  draft_expired: { title: msg`This draft is too old to send`, advice: msg`Nothing was sent. Prepare it again.` },
  new_destination_unconfirmed: { title: msg`You have never sent to this address`, advice: msg`Check it and tick the box to confirm, then send.` },
  destination_unreadable: { title: msg`The address or memo holds a character you cannot see`, advice: msg`Type or paste it again.` },
  withdrawal_state: { title: msg`Not possible in this withdrawal’s state`, advice: msg`Open it in Recent withdrawals to see where it stands.` },
  discard_too_early: { title: msg`It may still arrive`, advice: msg`The exchange history can lag; it can be discarded later.` },
  withdrawal_unknown: { title: msg`There is no such withdrawal on this computer`, advice: msg`Refresh the list of recent withdrawals.` },
  service_closed: { title: msg`Withdrawals are closed`, advice: msg`The app is shutting down.` },
  connection_refused: {
    title: msg`Connection refused`,
    advice: msg`Nothing at the exchange’s address accepted the connection. Check the server address and port, and that the server is running; your internet connection is not the cause.`,
  },
  not_an_exchange: {
    title: msg`This address is not the exchange’s API`,
    advice: msg`A server answered, but not as the exchange does, so the key was not tested. Check the base URL: it is the exchange’s address only, such as https://whitebit.com, without /api/v4.`,
  },
  transport: {
    title: msg`The connection to the exchange failed`,
    advice: msg`Check your internet connection and the server address, then try again.`,
  },
  response_too_large: {
    title: msg`The exchange’s answer was too large to read`,
    advice: msg`Nothing was changed. Narrow the request (a shorter period, fewer items) and try again.`,
  },
  no_api_key: { title: msg`This account has no API key yet`, advice: msg`Add its API key and secret in Accounts first.` },
  session_ended: {
    title: msg`This window’s session ended; open the app again`,
    advice: msg`The app’s local server no longer knows this window (it was opened without the app’s link, or the app restarted). Open the app again from the link it printed. Your API keys are not affected.`,
  },
  account_unknown: { title: msg`This account no longer exists`, advice: msg`It may have been removed. Choose another account.` },
  account_has_open_withdrawal: {
    title: msg`A withdrawal from this account may still be paying out`,
    advice: msg`The account was not removed. Settle that withdrawal first (Withdraw, Recent withdrawals, “Check again”): without the account the app could no longer follow it.`,
  },
  key_in_use: {
    title: msg`This API key is already used by another account`,
    advice: msg`One key belongs to one account: to give that account a new secret, choose Replace key on it.`,
  },
  secret_missing: {
    title: msg`The keychain no longer holds this account’s API secret`,
    advice: msg`Enter the secret again (Accounts, Replace key) to use this account.`,
  },
  keychain_unreachable: {
    title: msg`The system keychain cannot be reached`,
    advice: msg`API secrets cannot be stored or read until it can. The Demo account works without a keychain.`,
  },
  settings_unsaved: {
    title: msg`The settings could not be saved`,
    advice: msg`Nothing was changed. The settings folder may be read-only or full, or the settings file can no longer be read; the log says which. Restart the app once it is fixed.`,
  },
  demo_fixed: { title: msg`The Demo account is built in`, advice: msg`Its name, server, keys and the account itself cannot be changed; add a real account for your own.` },
  base_url_custom_only: { title: msg`A server address goes with the custom region only`, advice: msg`Choose the custom region to use your own server address.` },
  base_url_required: { title: msg`The custom region needs a server address`, advice: msg`Enter the exchange server’s address (https://…).` },
  history_unavailable: {
    title: msg`History is off: the app's database is not open`,
    advice: msg`Nothing was read or written. The app’s log says why; restart the app once the data folder can be opened.`,
  },
  app_closing: { title: msg`The app is shutting down`, advice: msg`Start it again to continue.` },
  request_invalid: {
    title: msg`The app refused a request from this window`,
    advice: msg`Nothing was done. Reload the window and try again; if it keeps happening, the details are in the app’s log.`,
  },
  asset_unknown: WITHDRAWAL_FIELD,
  asset_not_withdrawable: WITHDRAWAL_FIELD,
  asset_website_only: WITHDRAWAL_FIELD,
  network_not_used: WITHDRAWAL_FIELD,
  network_none_open: WITHDRAWAL_FIELD,
  network_not_chosen: WITHDRAWAL_FIELD,
  network_not_offered: WITHDRAWAL_FIELD,
  provider_not_used: WITHDRAWAL_FIELD,
  provider_none_open: WITHDRAWAL_FIELD,
  provider_not_chosen: WITHDRAWAL_FIELD,
  provider_not_offered: WITHDRAWAL_FIELD,
  provider_not_withdrawable: WITHDRAWAL_FIELD,
  provider_website_only: WITHDRAWAL_FIELD,
  address_invalid: WITHDRAWAL_FIELD,
  memo_required: WITHDRAWAL_FIELD,
  memo_not_used: WITHDRAWAL_FIELD,
  extra_field: WITHDRAWAL_FIELD,
  amount_not_a_number: WITHDRAWAL_FIELD,
  amount_not_positive: WITHDRAWAL_FIELD,
  amount_too_precise: WITHDRAWAL_FIELD,
  amount_below_min: WITHDRAWAL_FIELD,
  amount_above_max: WITHDRAWAL_FIELD,
  balance_short: WITHDRAWAL_FIELD,
  fee_unknown_unaccepted: WITHDRAWAL_FIELD,
});

/** Whether the words of this reason are the withdrawal form's (the panel gives only a headline). */
export function isWithdrawalFieldReason(reason: ErrorReason): boolean {
  return WORDS[reason] === WITHDRAWAL_FIELD;
}

/** The reason's words in the active language; null for a code this renderer does not know (a newer main process). */
export function reasonWords(reason: string): ReasonWords | null {
  if (!isFailureReason(reason)) return null;
  const words = WORDS[reason];
  return { title: i18n._(words.title), advice: i18n._(words.advice) };
}
